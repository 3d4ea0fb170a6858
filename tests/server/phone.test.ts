// One phone parser for the client's check mark and the server: valid numbers only, US unless 381 or +<country>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsConsent } from '../testing/lead-bodies.ts';
import { parsePhone, validators } from '../../engine/validators.ts';
import { e164FromParts, e164FromTyped } from '../../server/phone.ts';
import { post } from '../testing/requests.ts';
import { STARTUP_MS } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const TYPED: [string, string | undefined][] = [
  ['(202) 555-0123', '+12025550123'],
  ['202.555.0199', '+12025550199'],
  ['1 202 555 0123', '+12025550123'],
  ['+1 202 555 0123', '+12025550123'],
  ['381641234567', '+381641234567'],
  ['+381 64 123 4567', '+381641234567'],
  ['+44 20 7946 0958', '+442079460958'],
  ['555 555 5555', undefined],
  ['(555) 555-0123', undefined],
  ['1234567890', undefined],
  ['381 1', undefined],
  ['442079460958', undefined],
  ['+999 202 555 0123', undefined],
  ['call me now', undefined],
  ['', undefined],
];

describe('parsePhone (engine/validators.ts), the only phone parser', () => {
  it.each(TYPED)('reads %s as %s', (typed, e164) => {
    expect(parsePhone(typed)?.number).toBe(e164);
    expect(e164FromTyped(typed)).toBe(e164);
  });

  it.each(TYPED)('gives %s the check mark exactly when the server takes it', (typed, e164) => {
    expect(validators.phone(typed)).toBe(e164 !== undefined);
  });

  it.each(TYPED.filter(([, e164]) => e164 !== undefined))(
    'sends %s as country code and national digits the server reads back to the same number',
    (typed, e164) => {
      const parsed = parsePhone(typed);
      expect(e164FromParts(`+${parsed?.countryCallingCode}`, String(parsed?.nationalNumber))).toBe(e164);
    },
  );

  it.each([
    ['+1', '2025550123', '+12025550123'],
    ['1', '(202) 555-0123', '+12025550123'],
    ['+381', '641234567', '+381641234567'],
    ['+44', '2079460958', '+442079460958'],
    ['+1', '5555555555', undefined],
    ['+1', '1234567890', undefined],
    ['+999', '2025550123', undefined],
    ['', '2025550123', undefined],
    ['+1', '+2025550123', undefined],
  ])('reads country code %s with %s as %s', (code, national, e164) => {
    expect(e164FromParts(code, national)).toBe(e164);
  });
});

describe('the API and the check mark agree', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeTestServer();
  }, STARTUP_MS);
  afterAll(() => s.close());

  it.each(['555 555 5555', '(555) 555-0123'])('refuses %s, which gets no check mark, in a consent record', async (phone) => {
    expect(validators.phone(phone)).toBe(false);
    const before = await s.count('tcpa_consents');
    const res = await post(s.app, '/api/user/tcpa', { firstName: 'Jane', lastName: 'Doe', phone, email: 'jane@example.com', consent: smsConsent() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', field: 'phone' });
    expect(await s.count('tcpa_consents')).toBe(before);
  });
});
