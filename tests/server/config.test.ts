// loadConfig: defaults, and one error listing every bad variable.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_OPERATOR, loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('fills in the defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      // The funnels and their copy: the repository's folders, from where the server starts.
      flowsDir: resolve('flows'),
      localesDir: resolve('locales'),
      databaseUrl: undefined,
      smsProvider: 'console',
      twilio: undefined,
      testPhone: undefined,
      appHost: 'localhost',
      publicUrl: 'http://localhost:8080',
      codeSecret: undefined,
      hashKeys: [],
      staticDir: './dist',
      nodeEnv: 'development',
      logLevel: 'info',
      corsOrigins: [],
      frameAncestors: ["'self'"],
      mapTileOrigins: ['https://tile.openstreetmap.org'],
      googleMaps: false,
      rateLimit: { apiPerMinute: 120, staticPerMinute: 1000 },
      trustProxy: false,
      reportIngestKeys: [],
      demoReports: true,
      analyticsKeys: [],
      alertDays: 30,
      alertCountries: ['US', 'PR', 'GU', 'VI', 'AS', 'MP'],
      smsCountries: ['US', 'PR', 'GU', 'VI', 'AS', 'MP'],
      smsBudget: { hourly: 500, daily: 5000 },
      tcpaConsentsPerPhone: 5,
      sponsorsDir: './sponsors',
      webhookAllowedHosts: [],
      webhookRetrySchedule: [0, 5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400],
      webhookTimeoutSeconds: 15,
      retention: { codeDays: 30, leadDays: 1095, consentYears: 5, eventDays: 400 },
      reportRetentionMonths: 0,
      operator: DEMO_OPERATOR,
      shedding: { eventLoopDelayMs: 500, dbWaiting: 50, optionalEventLoopUtilization: 0.3, optionalDbWaiting: 10, retryAfterSeconds: 5 },
      pdf: { concurrency: 2, queue: 8, cacheMb: 32 },
      certificateSigningKey: undefined,
      certificateKeyId: undefined,
      certificatePreviousKeys: [],
    });
  });

  it('reads SMS_COUNTRIES and the SMS budgets, and refuses a country that is not one; alerts go where codes go unless told', () => {
    expect(loadConfig({ SMS_COUNTRIES: 'us, rs', SMS_HOURLY_BUDGET: '50', SMS_DAILY_BUDGET: '400' })).toMatchObject({
      smsCountries: ['US', 'RS'],
      alertCountries: ['US', 'RS'],
      smsBudget: { hourly: 50, daily: 400 },
    });
    expect(() => loadConfig({ SMS_COUNTRIES: 'US,XX' })).toThrow(/SMS_COUNTRIES must be two-letter country codes/);
    expect(() => loadConfig({ SMS_HOURLY_BUDGET: '0' })).toThrow(/SMS_HOURLY_BUDGET/);
  });

  it('reads PUBLIC_URL as an origin, ALERT_DAYS and ALERT_COUNTRIES', () => {
    expect(loadConfig({ PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://Claims.Example.com/', ALERT_DAYS: '14', ALERT_COUNTRIES: 'us, ca' })).toMatchObject({
      publicUrl: 'https://claims.example.com',
      alertDays: 14,
      alertCountries: ['US', 'CA'],
    });
    for (const env of [
      { PUBLIC_URL: 'claims.example.com' },
      { PUBLIC_URL: 'https://claims.example.com/app' },
      { ALERT_DAYS: '0' },
      { ALERT_COUNTRIES: 'USA' },
    ]) {
      expect(() => loadConfig(env)).toThrow(new RegExp(Object.keys(env)[0]!));
    }
  });

  it('reads every variable and normalises TEST_PHONE to E.164', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@localhost:5432/db',
      SMS_PROVIDER: 'console',
      TEST_PHONE: '+1 (202) 555-0199',
      APP_HOST: 'Claims.Example.com',
      CODE_SECRET: 'x'.repeat(32),
      STATIC_DIR: 'public',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({ port: 0, testPhone: '+12025550199', appHost: 'claims.example.com', databaseUrl: 'postgres://u@localhost:5432/db' });
  });

  it("has no code length: codes have the web app's CODE_LENGTH (engine/validators.ts)", () => {
    expect(loadConfig({ CODE_LENGTH: '6' })).not.toHaveProperty('codeLength');
  });

  it('accepts a TEST_PHONE only when it is a valid number', () => {
    expect(() => loadConfig({ TEST_PHONE: '+1 555 555 5555' })).toThrow(/TEST_PHONE/);
    expect(loadConfig({ TEST_PHONE: '+381 64 123 4567' }).testPhone).toBe('+381641234567');
  });

  it.each(['https://claims.example.com', 'claims.example.com:8443', 'claims.example.com/app', 'bad host', '-x.com', '@x.com'])(
    'refuses APP_HOST %s: the WebOTP line needs a bare host name',
    (host) => {
      expect(() => loadConfig({ APP_HOST: host })).toThrow(/APP_HOST/);
    },
  );

  it("reads the report feeds' keys, and refuses a short one without echoing it (a secret)", () => {
    const keys = ['a'.repeat(32), 'B-._~+/='.repeat(5)];
    expect(loadConfig({ REPORT_INGEST_KEYS: ` ${keys.join(', ')} ` }).reportIngestKeys).toEqual(keys);
    expect(() => loadConfig({ REPORT_INGEST_KEYS: `${keys[0]},short-secret` })).toThrow(/REPORT_INGEST_KEYS.*\(bad: key 2\)/);
    expect(() => loadConfig({ REPORT_INGEST_KEYS: 'short-secret' })).not.toThrow(/short-secret/);
    // The funnel report's keys (GET /api/analytics/funnel) are read the same way, and never echoed either.
    expect(loadConfig({ ANALYTICS_KEYS: keys.join(',') }).analyticsKeys).toEqual(keys);
    expect(() => loadConfig({ ANALYTICS_KEYS: 'short-secret' })).toThrow(/ANALYTICS_KEYS.*\(bad: key 1\)/);
  });

  it('reads HASH_KEYS as id:secret pairs, the current key first, and never echoes a secret', () => {
    const secret = 'c2VjcmV0LW9mLTMyLXJhbmRvbS1ieXRlcy1pbi1iYXNlNjQ=';
    expect(loadConfig({ HASH_KEYS: `2026-11:${secret}, 2026.05:${'a:b'.repeat(11)}` }).hashKeys).toEqual([
      { id: '2026-11', secret: Buffer.from(secret) },
      { id: '2026.05', secret: Buffer.from('a:b'.repeat(11)) },
    ]);
    for (const bad of [`new:short-secret`, `:${secret}`, secret, `a/b:${secret}`]) {
      let message = '';
      try {
        loadConfig({ HASH_KEYS: `ok:${secret},${bad}` });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, bad).toMatch(/HASH_KEYS must be .*\(bad: key 2\)/);
      expect(message).not.toContain(secret.slice(0, 12));
      expect(message).not.toContain('short-secret');
    }
    expect(() => loadConfig({ HASH_KEYS: `k:${secret},k:${'b'.repeat(32)}` })).toThrow(/HASH_KEYS must name each key once \(key id k twice\)/);
  });

  it('seeds demo reports unless DEMO_REPORTS is off', () => {
    expect(loadConfig({ DEMO_REPORTS: 'off' }).demoReports).toBe(false);
    expect(loadConfig({ DEMO_REPORTS: 'on' }).demoReports).toBe(true);
    expect(() => loadConfig({ DEMO_REPORTS: 'no' })).toThrow(/DEMO_REPORTS must be one of on, off/);
  });

  it('lists every bad variable in one message', () => {
    const env = { PORT: 'eighty', SMS_PROVIDER: 'sms77', TEST_PHONE: '2025550199', APP_HOST: 'http://x', DATABASE_URL: 'mysql://x' };
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(5);
    for (const name of ['PORT', 'SMS_PROVIDER', 'TEST_PHONE', 'APP_HOST', 'DATABASE_URL']) expect(message).toContain(name);
  });
});
