// The request log at its most verbose, over every API route and the error paths: phones and e-mails only masked,
// names, free text, codes and cookies never; client addresses truncated; requests refused by the rate limits summed up
// per address and minute; the development SMS line the only one with a full phone, and never in production.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createSms } from '../../server/sms/create-sms.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { calcLeadBody, smsConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { verifyPhone } from '../testing/requests.ts';
import { appDbKinds, brokenDb, openTestDb, STARTUP_MS, type TestDb } from '../testing/test-db.ts';
import { makeTestServer, routesOf, testConfig, type TestServer } from '../testing/test-servers.ts';

const EMAIL = 'jane.roe@example.com';
const LAST_NAME = 'Roeverly';
const FREE_TEXT = 'Hit at the crossing by a blue van';

describe.each(appDbKinds)('logs on %s', (kind) => {
  let s: TestServer;
  let app: FastifyInstance;
  const lines: string[] = [];
  const log = { level: 'trace' as const, stream: { write: (line: string) => void lines.push(line) } };
  const phone = uniquePhone();
  let secrets: string[];

  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
    app = await buildApp({ config: s.config, db: s.db, sms: s.sms, log });
    await app.ready();
    const shell = { ...s, app };

    // The funnel as a visitor walks it.
    await app.inject({
      method: 'POST',
      url: '/api/user/tcpa?funnel=calc',
      payload: { firstName: 'Jane', lastName: LAST_NAME, phone: phone.typed, email: EMAIL, consent: smsConsent() },
    });
    const cookie = await verifyPhone(shell, phone.national);
    const body = calcLeadBody(phone.typed, { email: EMAIL, lastName: LAST_NAME });
    const lead = await app.inject({ method: 'POST', url: '/api/leads/create/calc', headers: { cookie, 'idempotency-key': 'k-1' }, payload: body });
    const ids = lead.json<{ resultIds?: number[] }>().resultIds ?? [1];
    await app.inject({ method: 'PUT', url: '/api/leads/update/time', headers: { cookie }, payload: { ids, preferredCallTime: 'Call ASAP' } });
    await app.inject({ method: 'POST', url: '/api/leads/create/calc', headers: { cookie }, payload: body });
    await app.inject({ method: 'POST', url: '/api/leads/create/calc', headers: { cookie }, payload: { ...body, email: 'bad' } });

    // Every API route, with personal data in the body and the query string, including the routes added later.
    for (const { method, url } of routesOf(app).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')) {
      const query = `?phone=${encodeURIComponent(phone.e164)}&email=${encodeURIComponent(EMAIL)}&zip=20001`;
      const payload = {
        ...body,
        lead_id: ids[0],
        country_code: '+1',
        extra_details: { accidentDetails: { accidentReason: FREE_TEXT } },
        text: FREE_TEXT,
      };
      await app.inject({
        method: method as 'POST',
        url: `${url}${query}`,
        headers: { cookie },
        ...(method === 'GET' || method === 'OPTIONS' ? {} : { payload }),
      });
    }

    // Error paths: malformed JSON and too-big bodies quoting the data, an SMS service that fails naming the phone.
    await app.inject({
      method: 'POST',
      url: '/api/user/tcpa',
      headers: { 'content-type': 'application/json' },
      payload: `{"phone": "${phone.e164}", "email": "${EMAIL}", "lastName": "${LAST_NAME}" x`,
    });
    await app.inject({ method: 'POST', url: '/api/user/tcpa', payload: { email: EMAIL, phone: phone.e164, text: FREE_TEXT.repeat(2000) } });
    s.sms.failing = true;
    const failingSend = s.sms.send.bind(s.sms);
    s.sms.send = async (to, text) => {
      await failingSend(to, text).catch(() => undefined);
      throw new Error(`The 'To' number ${to} is not a valid phone number (${EMAIL})`);
    };
    const sendFailed = await app.inject({
      method: 'POST',
      url: '/api/user/mfa-sms-send',
      payload: { country_code: '+1', phone: phone.national, source: 'calc' },
    });
    expect(sendFailed.statusCode).toBe(502);

    secrets = [phone.national, phone.e164, phone.typed, EMAIL, LAST_NAME, FREE_TEXT, cookie.split('=')[1] ?? 'none'];
    const code = s.sms.lastCode(phone.e164);
    if (code) secrets.push(`#${code}`, `is ${code}`);
  }, STARTUP_MS);
  afterAll(async () => {
    await app.close();
    await s.close();
  });

  it('wrote request and error lines', () => {
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.some((l) => l.includes('"level":50'))).toBe(true);
  });

  it('never wrote a phone, e-mail, name, free text, code or verification id in full', () => {
    const text = lines.join('');
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain(encodeURIComponent(phone.e164));
    expect(text).not.toContain(encodeURIComponent(EMAIL));
  });

  it('wrote them masked where they were part of a message', () => {
    const text = lines.join('');
    expect(text).toContain(`${phone.e164.slice(0, 5)}***${phone.e164.slice(-4)}`);
    expect(text).toContain('j***@example.com');
  });
});

describe('database errors in the log', () => {
  it(
    'are logged without the values they quote',
    async () => {
      const lines: string[] = [];
      const app = await buildApp({
        config: testConfig(),
        db: brokenDb(),
        sms: recordingSms(),
        log: { level: 'info', stream: { write: (l) => void lines.push(l) } },
      });
      try {
        // A verification cookie, so the route asks the database about it.
        const cookie = `cf_verification=${'A'.repeat(43)}`;
        const res = await app.inject({
          method: 'POST',
          url: '/api/user/tcpa',
          headers: { cookie },
          payload: { firstName: 'Jane', lastName: LAST_NAME, phone: '(202) 555-0123', email: EMAIL, consent: smsConsent() },
        });
        expect(res.statusCode).toBe(500);
        const errorLine = lines.find((l) => l.includes('"level":50'));
        expect(errorLine).toBeDefined();
        const entry = JSON.parse(errorLine ?? '{}') as { err?: Record<string, unknown> };
        expect(entry.err).toMatchObject({ code: '42P01' });
        for (const field of ['detail', 'params', 'parameters']) expect(entry.err).not.toHaveProperty(field);
        for (const secret of ['+12025550123', '2025550123', EMAIL, LAST_NAME]) expect(lines.join('')).not.toContain(secret);
      } finally {
        await app.close();
      }
    },
    STARTUP_MS,
  );
});

describe('client addresses in the log', () => {
  // The rate limits count in the database.
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb('pglite');
  }, STARTUP_MS);
  afterAll(() => testDb.close());
  const requestLines = async (log: 'info' | 'trace', rateLimit = { apiPerMinute: 100_000, staticPerMinute: 100_000 }) => {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ rateLimit }),
      db: testDb.db,
      sms: recordingSms(),
      log: { level: log, stream: { write: (l) => void lines.push(l) } },
    });
    return { app, lines };
  };
  afterEach(() => void vi.useRealTimers());

  it('are truncated: IPv4 to its /24, IPv6 to its /48, with no port', async () => {
    const { app, lines } = await requestLines('trace');
    try {
      for (const remoteAddress of ['198.51.100.23', '2001:db8:abcd:12::1', '::ffff:192.0.2.44']) await app.inject({ url: '/api/nope', remoteAddress });
    } finally {
      await app.close();
    }
    const addresses = lines.flatMap((l) => {
      const entry = JSON.parse(l) as { req?: { remoteAddress: string; remotePort?: number } };
      return entry.req ? [entry.req] : [];
    });
    expect(addresses).toEqual(
      ['198.51.100.0/24', '2001:db8:abcd::/48', '192.0.2.0/24'].map((remoteAddress) => ({
        method: 'GET',
        url: '/api/nope',
        host: 'localhost:80',
        remoteAddress,
      })),
    );
    const text = lines.join('');
    for (const full of ['198.51.100.23', '2001:db8:abcd:12', '192.0.2.44']) expect(text).not.toContain(full);
  });

  it('of requests the rate limits refuse are summed up in one line per address and minute, not two lines a request', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { app, lines } = await requestLines('info', { apiPerMinute: 5, staticPerMinute: 5 });
    const flood = async (remoteAddress: string, n: number) => {
      for (let i = 0; i < n; i++) await app.inject({ url: '/api/nope', remoteAddress });
    };
    const summaries = () => lines.filter((l) => l.includes('"msg":"rate limited"')).map((l) => JSON.parse(l) as Record<string, unknown>);
    try {
      // Two addresses of one /24, two /64s of one /48: each has 5 requests a minute.
      await flood('203.0.113.7', 1000);
      await flood('203.0.113.8', 100);
      await flood('2001:db8:5:1::1', 100);
      await flood('2001:db8:5:2::1', 100);
      // The 20 let through: a line in and a line out each; the 1,280 refused: nothing yet.
      expect(lines).toHaveLength(40);
      vi.advanceTimersByTime(60_000);
      const firstRefused = new Date(Date.now() - 60_000).toISOString();
      expect(summaries().map(({ level, limiter, address, refused, since, msg }) => ({ level, limiter, address, refused, since, msg }))).toEqual([
        { level: 40, limiter: 'api', address: '203.0.113.0/24', refused: 1090, since: firstRefused, msg: 'rate limited' },
        { level: 40, limiter: 'api', address: '2001:db8:5::/48', refused: 190, since: firstRefused, msg: 'rate limited' },
      ]);
      // The next minute: its own line.
      await flood('203.0.113.7', 50);
      vi.advanceTimersByTime(60_000);
      expect(summaries().map((s) => [s.address, s.refused])).toEqual([
        ['203.0.113.0/24', 1090],
        ['2001:db8:5::/48', 190],
        ['203.0.113.0/24', 45],
      ]);
    } finally {
      await app.close();
    }
    expect(lines).toHaveLength(40 + 10 + 3);
    expect(lines.join('').length).toBeLessThan(53 * 400);
  });
});

describe('the development SMS line', () => {
  afterEach(() => void vi.restoreAllMocks());
  const printed = async (nodeEnv: string) => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    await createSms({ smsProvider: 'console', twilio: undefined, nodeEnv }).send('+12025550123', 'Your claimflow code is 0421');
    return write.mock.calls.map(([line]) => String(line));
  };

  it('prints the full phone in development, the only place it appears', async () => {
    expect(await printed('development')).toEqual(['SMS to +12025550123: Your claimflow code is 0421\n']);
  });

  it('never in production: the phone is masked there', async () => {
    expect(await printed('production')).toEqual(['SMS to +1202***0123: Your claimflow code is 0421\n']);
  });
});
