// What leads are made of in tests: a phone number no other call of the process gets, and valid bodies of the lead routes.
import { randomInt } from 'node:crypto';
import { e164FromParts } from '../../server/phone.ts';

// The 7,000,000 numbers (202) 300-0000 to (202) 999-9999, taken in turn from a random start: no two calls of one
// process share a number, and two processes rarely do. The exchange changes on every call (the line every 700 calls),
// so that a test's numbers do not all share their first 6 digits, which the SMS limits count per range (sms-pumping.test.ts).
let phoneCounter = randomInt(7_000_000);

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

/** The consent object a lead body carries: the calculator's yes-notice in English, with overrides. */
export function testConsent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    key: 'common:consent.notice.primary.yes',
    locale: 'en',
    flowId: 'calculator',
    flowVersion: 1,
    pageUrl: 'https://claims.example.com/calculate-your-accident-claim-value?lang=en',
    ...overrides,
  };
}

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
      accidentDetails: { fault: false, commercial: false, injuries: 1, city: 'Austin, TX, USA', justCity: 'Austin', vin: '1HGCM82633A004352', date: '2024-05-01' },
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
