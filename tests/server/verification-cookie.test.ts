// The verification cookie is Secure when the request came over https or the server runs in production.
import { describe, expect, it } from 'vitest';
import { cookieIsSecure } from '../../server/verification-cookie.ts';

describe('cookieIsSecure', () => {
  it.each([
    ['http', 'development', false],
    ['http', 'test', false],
    ['https', 'development', true],
    ['http', 'production', true],
    ['https', 'production', true],
  ] as const)('over %s in %s: %s', (protocol, nodeEnv, secure) => {
    expect(cookieIsSecure(protocol, nodeEnv)).toBe(secure);
  });
});
