// The operator as the footer and the legal pages show it (GET /api/legal's operator): the demo operator's name and
// entity in the visitor's language, the phone as people dial it.
import type { TFunction } from 'i18next';
import type { LegalFacts } from '../api/legal.ts';

/** (202) 555-0123, with non-breaking spaces so it stays on one line. */
export const displayNational = (national: string) => `(${national.slice(0, 3)})\u00a0${national.slice(3, 6)}-${national.slice(6)}`;

/** A US number (+1 and 10 digits) as (202) 555-0123; any other as its E.164. */
const displayPhone = (e164: string) => (/^\+1\d{10}$/.test(e164) ? displayNational(e164.slice(2)) : e164);

/** A type, not an interface: i18next takes it as interpolation values (an index signature). */
export type OperatorCopy = {
  name: string;
  legalEntity: string;
  address: string;
  /** As shown, and as a tel: link dials it. */
  phone: string;
  phoneHref: string;
  email: string;
};

/** The operator's words for the page; the demo operator's name and entity come from the app catalogue (app:operator). */
export function operatorCopy(operator: LegalFacts['operator'], t: TFunction): OperatorCopy {
  return {
    name: operator.demo ? t('app:operator.demoName') : operator.name,
    legalEntity: operator.demo ? t('app:operator.demoEntity') : operator.legalEntity,
    address: operator.address,
    phone: displayPhone(operator.phone),
    phoneHref: `tel:${operator.phone}`,
    email: operator.email,
  };
}
