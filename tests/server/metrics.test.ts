// Metrics (issue 37): GET /metrics in Prometheus' text format, behind METRICS_TOKEN (404 without it, 401 to a missing or
// wrong token); requests by route pattern and status, leads by funnel, codes sent and failed, reports ingested, the job
// queues' backlog and the database's connections; no phone, e-mail or address in any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { smsFailureReason } from '../../server/metrics/metered-sms.ts';
import { SmsSendError } from '../../server/sms/twilio-sms.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { calcLeadBody, uniquePhone } from '../testing/lead-bodies.ts';
import { postReports, sampleReport, TEST_INGEST_KEY } from '../testing/reports.ts';
import { post, smsSend, verifyPhone } from '../testing/requests.ts';
import { brokenDb, STARTUP_MS, testDbKinds } from '../testing/test-db.ts';
import { makeTestDist, makeTestServer, testConfig, type TestServer } from '../testing/test-servers.ts';

const TOKEN = 'metrics-token-0123456789abcdefghijklmnop';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text page (comments left out). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]));
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

/** The value of the sample name with exactly these labels; undefined when there is none. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = JSON.stringify(Object.entries(labels).sort());
  return samples(text).find((s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === want)?.value;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not there', async () => {
    const app = await buildApp({ config: testConfig(), db: brokenDb(), sms: recordingSms() });
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    await app.close();
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found' });
  });
});

describe.each(testDbKinds)('GET /metrics on %s', (kind) => {
  let s: TestServer;
  const scrape = async () => {
    const res = await s.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    s = await makeTestServer({ db: kind, config: { metricsToken: TOKEN, reportIngestKeys: [TEST_INGEST_KEY] } });
  }, STARTUP_MS);
  afterAll(() => s.close());

  it('refuses a request without the token, or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN.slice(0, -1)}x`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await s.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it("answers Prometheus' text format to the token", async () => {
    const res = await s.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(() => samples(res.body)).not.toThrow();
  });

  it('counts requests by route pattern and status, never by their URL', async () => {
    const route = { method: 'GET', route: '/api/flows/:id/:version', status: '404' };
    const before = valueOf(await scrape(), 'claimflow_http_request_duration_seconds_count', route) ?? 0;
    await s.app.inject({ method: 'GET', url: '/api/flows/calculator/987654' });
    await s.app.inject({ method: 'GET', url: '/api/flows/calculator/987653' });
    const text = await scrape();
    expect(valueOf(text, 'claimflow_http_request_duration_seconds_count', route)).toBe(before + 2);
    expect(valueOf(text, 'claimflow_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(before + 2);
    expect(text).not.toContain('987654');
    await s.app.inject({ method: 'GET', url: '/no-such-page-4242' });
    const unmatched = await scrape();
    expect(unmatched).not.toContain('4242');
    expect(valueOf(unmatched, 'claimflow_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
  });

  it('counts the pages the app answers outside its routes as page, not unmatched', async () => {
    const dist = await makeTestDist();
    const app = await buildApp({ config: testConfig({ metricsToken: TOKEN, staticDir: dist.dir }), db: s.db, sms: recordingSms() });
    try {
      for (const url of ['/find-my-report', '/notify-me', '/no-such-page-4343']) await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const text = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(valueOf(text, 'claimflow_http_request_duration_seconds_count', { method: 'GET', route: 'page', status: '200' })).toBe(2);
      expect(valueOf(text, 'claimflow_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    } finally {
      await app.close();
      await dist.remove();
    }
  });

  it('counts a code sent, a code whose send failed by its reason, and a lead by its funnel: no phone, e-mail or address', async () => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    const created = await post(s.app, '/api/leads/create/calc', calcLeadBody(phone.typed), cookie);
    expect(created.statusCode).toBe(200);
    // The same submission again is answered with the first one's answer: no second lead.
    await post(s.app, '/api/leads/create/calc', calcLeadBody(phone.typed), cookie);
    s.sms.failing = true;
    const failing = uniquePhone();
    expect((await smsSend(s.app, failing.national, '203.0.113.77')).statusCode).toBe(502);
    s.sms.failing = false;
    const text = await scrape();
    expect(valueOf(text, 'claimflow_leads_created_total', { funnel: 'calculator' })).toBe(1);
    expect(valueOf(text, 'claimflow_sms_sent_total', { kind: 'code' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'claimflow_sms_failed_total', { kind: 'code', reason: 'error' })).toBe(1);
    for (const personal of [phone.national, phone.e164, failing.national, 'jane.doe@example.com', '203.0.113', '127.0.0.1']) {
      expect(text).not.toContain(personal);
    }
  });

  it('counts reports ingested, updated, rejected and their warnings', async () => {
    const report = sampleReport();
    expect((await postReports(s.app, [report, { nonsense: true }])).statusCode).toBe(200);
    expect((await postReports(s.app, [report])).statusCode).toBe(200);
    const text = await scrape();
    expect(valueOf(text, 'claimflow_reports_total', { outcome: 'ingested' })).toBe(1);
    expect(valueOf(text, 'claimflow_reports_total', { outcome: 'updated' })).toBe(1);
    expect(valueOf(text, 'claimflow_reports_total', { outcome: 'rejected' })).toBe(1);
    expect(valueOf(text, 'claimflow_report_warnings_total')).toBeGreaterThanOrEqual(0);
  });

  it("reads the queues' backlog and the database's connections when scraped", async () => {
    const phone = uniquePhone();
    await post(s.app, '/api/leads/create/calc', calcLeadBody(phone.typed), await verifyPhone(s, phone.national));
    const text = await scrape();
    // No worker runs here: the leads created wait for the router.
    expect(valueOf(text, 'claimflow_queue_depth', { queue: 'route-leads' })).toBe(2);
    expect(valueOf(text, 'claimflow_queue_oldest_seconds', { queue: 'route-leads' })).toBeGreaterThanOrEqual(0);
    for (const queue of ['alert-texts', 'lead-deliveries']) {
      expect(valueOf(text, 'claimflow_queue_depth', { queue })).toBe(0);
      expect(valueOf(text, 'claimflow_queue_oldest_seconds', { queue })).toBe(0);
    }
    expect(valueOf(text, 'claimflow_db_waiting')).toBe(0);
    if (kind === 'postgres') {
      expect(valueOf(text, 'claimflow_db_pool_max')).toBeGreaterThan(0);
      expect(valueOf(text, 'claimflow_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    } else {
      expect(valueOf(text, 'claimflow_db_pool_max')).toBeUndefined();
    }
  });
});

describe('SMS failure reasons', () => {
  it("name the provider's error code, or how it failed, and nothing of the message", () => {
    expect(smsFailureReason(new SmsSendError('Twilio refused +12025550123', 400, 21610))).toBe('twilio_21610');
    expect(smsFailureReason(new SmsSendError('Twilio timed out', 0, undefined))).toBe('unreachable');
    expect(smsFailureReason(new SmsSendError('Twilio 503', 503, undefined))).toBe('provider_error');
    expect(smsFailureReason(new SmsSendError('Twilio 400', 400, undefined))).toBe('refused');
    expect(smsFailureReason(new Error('+12025550123 is down'))).toBe('error');
  });
});
