// The webhook's SSRF guard and its retry timing: no request to a private, loopback or link-local address unless its
// host is listed in WEBHOOK_ALLOWED_HOSTS, checked on the resolved address; the schedule, its jitter and Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, resolveTarget } from '../../server/delivery/address-guard.ts';
import { nextAttemptIn, retryAfterSeconds } from '../../server/delivery/retry-schedule.ts';
import { startDeliveryServer, type DeliveryServer } from '../testing/delivery-server.ts';
import { startFakeSponsors, type FakeSponsors } from '../testing/fake-sponsors.ts';
import { STARTUP_MS } from '../testing/test-db.ts';

describe('the SSRF guard', () => {
  it.each([
    ['127.0.0.1'],
    ['10.1.2.3'],
    ['172.16.0.1'],
    ['192.168.1.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['0.0.0.0'],
    ['::1'],
    ['fe80::1'],
    ['fd00::1'],
    ['::ffff:127.0.0.1'],
    ['::ffff:169.254.169.254'],
    ['224.0.0.1'],
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each([['8.8.8.8'], ['93.184.215.14'], ['2606:4700::6810:84e5'], ['::ffff:8.8.8.8']])('lets %s through', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );

  it('checks the address a host resolves to, unless the host is allowed', async () => {
    expect(await resolveTarget(new URL('http://localhost:9/hook'), [])).toEqual({
      refused: expect.stringMatching(/^localhost is (127\.0\.0\.1|::1), not a public address/) as unknown,
    });
    expect(await resolveTarget(new URL('http://169.254.169.254/latest/meta-data'), [])).toMatchObject({ refused: expect.any(String) as unknown });
    expect(await resolveTarget(new URL('http://[::1]:9/'), [])).toMatchObject({ refused: expect.any(String) as unknown });
    expect(await resolveTarget(new URL('http://127.0.0.1:9/'), ['127.0.0.1'])).toEqual({ address: '127.0.0.1', family: 4 });
  });
});

describe('a sponsor on a loopback address that is not allowed', () => {
  let fake: FakeSponsors;
  let d: DeliveryServer;
  beforeAll(async () => {
    fake = await startFakeSponsors([{ id: 'inside', name: 'Inside', category: 'law-firm', services: ['__CALawyer'], dailyCap: 10, active: true }]);
    d = await startDeliveryServer(fake, { webhookAllowedHosts: [], webhookRetrySchedule: [0] });
  }, STARTUP_MS);
  afterAll(async () => {
    await d?.close();
    await fake?.close();
  });

  it('gets no request: the attempt is logged as refused', { timeout: 30_000 }, async () => {
    const id = await d.createLead();
    await d.settled(20_000);
    expect(fake.requests).toBe(0);
    const { rows } = await d.server.db.query(
      'SELECT d.status, a.http_status, a.error FROM deliveries d JOIN delivery_attempts a ON a.delivery_id = d.id WHERE d.lead_id = $1',
      [id],
    );
    expect(rows).toEqual([
      { status: 'dead', http_status: null, error: '127.0.0.1 is 127.0.0.1, not a public address (list the host in WEBHOOK_ALLOWED_HOSTS to allow it)' },
    ]);
  });
});

describe('the retry schedule', () => {
  const schedule = [0, 5, 300];
  const now = Date.UTC(2026, 10, 25, 12);

  it('waits the next step with up to 20% jitter, and ends after the last', () => {
    expect(nextAttemptIn(schedule, 1, { status: 500 }, now, () => 0)).toBe(5);
    expect(nextAttemptIn(schedule, 1, { status: 500 }, now, () => 0.999)).toBeCloseTo(6, 1);
    expect(nextAttemptIn(schedule, 2, {}, now, () => 0.5)).toBe(330);
    expect(nextAttemptIn(schedule, 3, { status: 500 }, now)).toBeUndefined();
  });

  it('honours Retry-After on 429 and 503 (seconds or a date), not on other statuses', () => {
    expect(nextAttemptIn(schedule, 1, { status: 429, retryAfter: '120' }, now)).toBe(120);
    expect(nextAttemptIn(schedule, 1, { status: 503, retryAfter: new Date(now + 60_000).toUTCString() }, now)).toBe(60);
    expect(nextAttemptIn(schedule, 1, { status: 500, retryAfter: '120' }, now, () => 0)).toBe(5);
    expect(retryAfterSeconds('9999999', now)).toBe(86_400);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });
});
