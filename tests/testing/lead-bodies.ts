// What leads are made of in tests: a phone number no other call of the process gets, and valid bodies of the lead routes.
import { randomInt } from 'node:crypto';
import { listOf, noticeText } from '../../engine/consent-notice.ts';
import { loadConsentCatalogue } from '../../server/consent-text.ts';
import { flowFolders } from '../../server/flow-files.ts';
import { e164FromParts } from '../../server/phone.ts';

// The 7,000,000 numbers (202) 300-0000 to (202) 999-9999, taken in turn from a random start: no two calls of one
// process share a number, and two processes rarely do. The exchange changes on every call (the line every 700 calls),
// so that a test's numbers do not all share their first 6 digits, which the SMS limits count per range (sms-pumping.test.ts).
let phoneCounter = randomInt(7_000_000);

/** The TEST_PHONE of the browser suites' shared server (browser-setup.ts): its code step verifies it without a text. */
export const SHARED_TEST_PHONE = '2025550199';

/** A different valid US number on every call of a process: { typed: "(202) 3xx-xxxx", national, e164 }. */
export function uniquePhone(): { typed: string; national: string; e164: string } {
  for (;;) {
    phoneCounter = (phoneCounter + 1) % 7_000_000;
    const exchange = 300 + (phoneCounter % 700);
    const line = String(Math.floor(phoneCounter / 700)).padStart(4, '0');
    const national = `202${exchange}${line}`;
    const e164 = e164FromParts('+1', national);
    if (e164) return { typed: `(202) ${exchange}-${line}`, national, e164 };
  }
}

/** A valid claim-calculator lead body for phone (as typed), with overrides. */
export function calcLeadBody(phone: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Jane',
    lastName: 'Doe',
    phone,
    email: 'jane.doe@example.com',
    legal_consult: true,
    injured: true,
    leadTypes: { __CALawyer: 'AM' },
    extraDetails: { accidentDetails: { fault: false, commercial: true, injuries: 2, earnings: 1, medical: 1, pain: 0 } },
    language: 'en',
    gclidcrm: null,
    trusted_form_cert: 'https://cert.trustedform.com/abc',
    consent: testConsent(),
    ...overrides,
  };
}

const catalogue = loadConsentCatalogue(flowFolders().localesDir);

/** The notices' family each funnel shows at the button that sends its lead. */
const FAMILY: Record<string, string> = { attorney: 'request', truck: 'request', medical: 'request', 'notify-me': 'alert', 'find-my-report': 'alert' };

/** The words of a notice as the page renders it: the catalogue's, with the sponsors' names written in. */
export function shownText(key: string, locale: string, sponsorNames: readonly string[] = []): string {
  const template = catalogue.resolve(key, locale);
  if (!template) throw new Error(`no consent notice ${key} in ${locale}`);
  return noticeText(template.text, listOf(sponsorNames, locale));
}

/**
 * The consent object a lead body carries, as the page sends it: the notice its funnel shows when no one is to call
 * (the calculator's, in English, unless overrides say), its words as shown, and the sponsors it names.
 */
export function testConsent(overrides: Record<string, unknown> = {}, sponsors: readonly { id: string; name: string }[] = []): Record<string, unknown> {
  const flowId = typeof overrides.flowId === 'string' ? overrides.flowId : 'calculator';
  const family = FAMILY[flowId] ?? 'lead';
  const key = typeof overrides.key === 'string' ? overrides.key : `common:consent.notice.${family}.${sponsors.length > 0 ? 'calls' : 'none'}`;
  const locale = typeof overrides.locale === 'string' ? overrides.locale : 'en';
  return {
    key,
    text: catalogue.resolve(key, locale)
      ? shownText(
          key,
          locale,
          sponsors.map((sponsor) => sponsor.name),
        )
      : 'Text.',
    sponsors: sponsors.map((sponsor) => sponsor.id),
    locale,
    flowId,
    flowVersion: 1,
    pageUrl: 'https://claims.example.com/calculate-your-accident-claim-value?lang=en',
    ...overrides,
  };
}

/** The consent of the calculator's Send code button as its page sends it to /user/tcpa (no sponsors at that step). */
export function smsConsent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { sponsors: _none, ...consent } = testConsent({ key: 'common:consent.notice.sms.code', ...overrides });
  return consent;
}

/** The consent of a workers' compensation lead naming sponsors (a delivery test's receivers), so that they may get it. */
export const namingConsent = (sponsors: readonly { id: string; name: string }[]) =>
  testConsent({ flowId: 'workers-comp', pageUrl: 'https://claims.example.com/workers-compensation' }, sponsors);

/** A valid POST /leads/create body (a workers' compensation lead with locating fields) for phone, with overrides. */
export function generalLeadBody(phone: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'John',
    lastName: 'Roe',
    phone,
    email: 'john.roe@example.com',
    legal_consult: true,
    injured: true,
    leadTypes: { __CALawyer: 'AM' },
    extraDetails: {
      accidentDetails: {
        fault: false,
        commercial: false,
        injuries: 1,
        city: 'Austin, TX, USA',
        justCity: 'Austin',
        vin: '1HGCM82633A004352',
        date: '2024-05-01',
      },
    },
    state: 'TX',
    zip: '78701',
    city: 'Austin',
    damage: 'Broken Bones',
    date: '2024-05-01',
    lead_type: 'WorkComp',
    source: 'WorkComp',
    language: 'en',
    trusted_form_cert: 'https://cert.trustedform.com/def',
    gclidcrm: 'gclid-1',
    consent: testConsent({ flowId: 'workers-comp', pageUrl: 'https://claims.example.com/workers-compensation' }),
    ...overrides,
  };
}

/** A valid POST /leads/create-camp-lejeune body for phone, with overrides. */
export function campLejeuneBody(phone: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    q1: true,
    q2: false,
    q3: true,
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann.lee@example.com',
    phone,
    legal_consult: true,
    trusted_form_cert: null,
    gclidcrm: null,
    consent: testConsent({ flowId: 'camp-lejeune', pageUrl: 'https://claims.example.com/camp-lejeune-compensation-calculator' }),
    ...overrides,
  };
}
