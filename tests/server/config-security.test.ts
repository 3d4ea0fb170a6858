// loadConfig for the hardening and SMS variables: CORS, framing, map tiles, rate limits, proxies, Twilio; one message for all.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_SCHEMA } from '../../server/config-schema.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'f'.repeat(32);

/** The problems loadConfig reports for env, one string each; [] when it is accepted. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('SMS_PROVIDER=twilio', () => {
  it('reads the account, the sender and the API base (default https://api.twilio.com)', () => {
    const env = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+12025550100' };
    expect(loadConfig(env)).toMatchObject({
      smsProvider: 'twilio',
      twilio: { accountSid: SID, authToken: TOKEN, from: '+12025550100', apiBase: 'https://api.twilio.com' },
    });
    expect(loadConfig({ ...env, TWILIO_API_BASE: 'http://127.0.0.1:4010/' }).twilio?.apiBase).toBe('http://127.0.0.1:4010');
  });

  it('names all three missing variables in one message', () => {
    let error: unknown;
    try {
      loadConfig({ SMS_PROVIDER: 'twilio' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(3);
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']) expect(message).toContain(`${name} is required when SMS_PROVIDER=twilio`);
    expect(message).toContain('See .env.example');
  });

  it('refuses malformed values, and never echoes the auth token', () => {
    const problems = problemsOf({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'short-secret',
      TWILIO_FROM: '2025550100',
      TWILIO_API_BASE: 'ftp://x',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).not.toContain('short-secret');
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_API_BASE']) expect(problems.join('\n')).toContain(name);
  });

  it('ignores the TWILIO_* variables while the provider is console', () => {
    expect(loadConfig({ TWILIO_ACCOUNT_SID: 'junk' }).twilio).toBeUndefined();
  });
});

describe('CORS_ORIGINS', () => {
  it('takes comma-separated origins in canonical form', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://Partner.example.com, http://localhost:5173/,https://a.example:443' }).corsOrigins).toEqual([
      'https://partner.example.com',
      'http://localhost:5173',
      'https://a.example',
    ]);
  });

  it.each([
    '*',
    'partner.example.com',
    'https://partner.example.com/path',
    'ftp://x.example',
    'https://x.example?q=1',
    'https://*.example.com',
    'https://x.example:99999',
  ])('refuses %s', (origin) => {
    const problems = problemsOf({ CORS_ORIGINS: `https://ok.example, ${origin}` });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('CORS_ORIGINS');
    expect(problems[0]).toContain(`"${origin}"`);
  });
});

describe('FRAME_ANCESTORS and MAP_TILE_ORIGINS', () => {
  it('accepts keywords with or without quotes, origins and wildcard hosts', () => {
    expect(loadConfig({ FRAME_ANCESTORS: "self https://partner.example 'self' https://*.news.example" }).frameAncestors).toEqual([
      "'self'",
      'https://partner.example',
      'https://*.news.example',
    ]);
    expect(loadConfig({ FRAME_ANCESTORS: "'none'" }).frameAncestors).toEqual(["'none'"]);
    expect(loadConfig({ MAP_TILE_ORIGINS: 'https://*.tile.example.org,https://tiles.example' }).mapTileOrigins).toEqual([
      'https://*.tile.example.org',
      'https://tiles.example',
    ]);
  });

  it.each([["'none' https://partner.example"], ['*'], ["'unsafe-inline'"], ['https://partner.example/embed'], ['javascript:']])(
    'refuses FRAME_ANCESTORS=%s',
    (value) => {
      expect(problemsOf({ FRAME_ANCESTORS: value })).toEqual([expect.stringContaining('FRAME_ANCESTORS')]);
    },
  );

  it('refuses a tile origin with a path', () => {
    expect(problemsOf({ MAP_TILE_ORIGINS: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' })).toEqual([expect.stringContaining('MAP_TILE_ORIGINS')]);
  });
});

describe('rate limits and proxies', () => {
  it('reads the per-minute limits', () => {
    expect(loadConfig({ RATE_LIMIT_API_PER_MINUTE: '30', RATE_LIMIT_STATIC_PER_MINUTE: '500' }).rateLimit).toEqual({ apiPerMinute: 30, staticPerMinute: 500 });
    expect(problemsOf({ RATE_LIMIT_API_PER_MINUTE: '0', RATE_LIMIT_STATIC_PER_MINUTE: 'lots' })).toHaveLength(2);
  });

  it.each([
    ['true', true],
    ['FALSE', false],
    ['1', 1],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8,127.0.0.1'],
    ['loopback,fd00::/8', 'loopback,fd00::/8'],
  ])('reads TRUST_PROXY=%s', (raw, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(trustProxy);
  });

  it.each(['yes', '10.0.0.0/33', '300.1.1.1', 'proxy.example'])('refuses TRUST_PROXY=%s', (raw) => {
    expect(problemsOf({ TRUST_PROXY: raw })).toEqual([expect.stringContaining('TRUST_PROXY')]);
  });
});

it('lists every bad variable of a bad environment in one message, in the order of .env.example', () => {
  const problems = problemsOf({
    PORT: '99999',
    SMS_PROVIDER: 'twilio',
    CORS_ORIGINS: 'not-a-url',
    FRAME_ANCESTORS: '*',
    RATE_LIMIT_API_PER_MINUTE: '-1',
    TRUST_PROXY: 'maybe',
  });
  expect(problems.map((p) => /^[A-Z_]+/.exec(p)?.[0])).toEqual([
    'PORT',
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'TWILIO_FROM',
    'CORS_ORIGINS',
    'FRAME_ANCESTORS',
    'RATE_LIMIT_API_PER_MINUTE',
    'TRUST_PROXY',
  ]);
});

it('.env.example lists every variable loadConfig reads', () => {
  const root = join(import.meta.dirname, '..', '..');
  const example = readFileSync(join(root, '.env.example'), 'utf8');
  const names = Object.keys(ENV_SCHEMA.properties);
  expect(names).toEqual(expect.arrayContaining(['PORT', 'SMS_PROVIDER', 'TWILIO_ACCOUNT_SID', 'CORS_ORIGINS', 'TRUST_PROXY']));
  for (const name of names) expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
});
