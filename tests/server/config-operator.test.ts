// The operator's settings (issue 34): all five of its identity or none (the demo operator), a support phone and e-mail
// that are real addresses, states that are states; a bad one stops the start like any other variable.
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_OPERATOR, loadConfig } from '../../server/config.ts';

const OPERATOR = {
  OPERATOR_NAME: 'Accident Help Texas',
  OPERATOR_LEGAL_ENTITY: 'Accident Help Texas LLC',
  OPERATOR_ADDRESS: '500 Main Street, Suite 200, Austin, TX 78701',
  OPERATOR_PHONE: '+1 (512) 555-0142',
  OPERATOR_EMAIL: 'help@accidenthelp.example.com',
};

/** The problems loadConfig reports for env. */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('the operator settings', () => {
  it('are the demo operator, labelled as not a real company, when none is set', () => {
    expect(loadConfig({}).operator).toEqual(DEMO_OPERATOR);
    expect(DEMO_OPERATOR).toMatchObject({ demo: true, legalEntity: expect.stringMatching(/demo.*not a real company/i) as unknown });
  });

  it('read every setting, the phone in E.164 and the states in capitals', () => {
    const config = loadConfig({ ...OPERATOR, OPERATOR_ATTORNEY_STATES: 'tx, ok', OPERATOR_ADVERTISING_DISCLAIMER: 'Attorney advertising.' });
    expect(config.operator).toEqual({
      demo: false,
      name: 'Accident Help Texas',
      legalEntity: 'Accident Help Texas LLC',
      address: '500 Main Street, Suite 200, Austin, TX 78701',
      phone: '+15125550142',
      email: 'help@accidenthelp.example.com',
      attorneyStates: ['TX', 'OK'],
      advertisingDisclaimer: 'Attorney advertising.',
    });
  });

  it('refuse a bad support e-mail, phone or state, naming each', () => {
    expect(problems({ ...OPERATOR, OPERATOR_EMAIL: 'help at example.com', OPERATOR_PHONE: '+1 555 555 5555', OPERATOR_ATTORNEY_STATES: 'TX,XX' })).toEqual([
      'OPERATOR_PHONE must be a support phone number in E.164, such as +12025550123 (got "+1 555 555 5555")',
      'OPERATOR_EMAIL must be a support e-mail address such as help@claims.example.com (got "help at example.com")',
      'OPERATOR_ATTORNEY_STATES must be two-letter codes of the US states and territories the site advertises attorney services in, such as TX,OK (bad: "XX")',
    ]);
    expect(() => loadConfig({ ...OPERATOR, OPERATOR_EMAIL: 'help@localhost' })).toThrow(/OPERATOR_EMAIL/);
  });

  it('ask for the rest of the identity once one part is set: no half-real operator', () => {
    expect(problems({ OPERATOR_NAME: 'Accident Help Texas', OPERATOR_PHONE: '+15125550142' })).toEqual([
      'OPERATOR_LEGAL_ENTITY is required when OPERATOR_NAME is set (the legal name of the business, at most 200 characters)',
      'OPERATOR_ADDRESS is required when OPERATOR_NAME is set (a postal address on one line, at most 300 characters)',
      'OPERATOR_EMAIL is required when OPERATOR_NAME is set (a support e-mail address such as help@claims.example.com)',
    ]);
  });
});
