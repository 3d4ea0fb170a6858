import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../testing/fake-api.ts';

type Outbox = typeof import('../../src/api/outbox.ts');
const request = { method: 'POST' as const, path: '/leads/create/calc', body: { phone: '2025550123' } };

describe('outbox', () => {
  let outbox: Outbox;
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(async () => {
    vi.resetModules();
    localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers();
    outbox = await import('../../src/api/outbox.ts');
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends with the Idempotency-Key and forgets the submission once acknowledged', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { resultIds: [7] }));
    await expect(outbox.submit(request, 'k1')).resolves.toEqual({ resultIds: [7] });
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('idempotency-key')).toBe('k1');
    expect(localStorage.getItem('claimflow:outbox')).toBeNull();
  });

  it('keeps a submission through network failures, says so, and retries it with backoff until it goes through', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(409, { error: 'request_in_progress' }))
      .mockResolvedValueOnce(json(200, { resultIds: [8] }));
    const done = outbox.submit(request, 'k2');
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.outboxState()).toMatchObject({ pending: 1, failure: { code: 'network' } });
    expect(JSON.parse(localStorage.getItem('claimflow:outbox')!)).toMatchObject([{ key: 'k2', request }]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(done).resolves.toEqual({ resultIds: [8] });
    expect(outbox.outboxState()).toEqual({ pending: 0, failure: null });
  });

  it('gives up on a request the API refuses as wrong, with its error code', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: 'phone_not_verified' }));
    await expect(outbox.submit(request, 'k3')).rejects.toMatchObject({ status: 403, code: 'phone_not_verified' });
    expect(localStorage.getItem('claimflow:outbox')).toBeNull();
  });

  it('sends what an earlier page left waiting when the page loads, and again when the browser is back online', async () => {
    localStorage.setItem('claimflow:outbox', JSON.stringify([{ key: 'k4', request, attempts: 3 }]));
    fetchMock.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(json(200, { resultIds: [9] }));
    outbox.startOutbox();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('claimflow:outbox')).toBeNull();
  });

  it('gives the same key to the same submission and another to a different one', () => {
    expect(outbox.submissionKey('v', 'calc.createLead', request)).toBe(outbox.submissionKey('v', 'calc.createLead', { ...request }));
    expect(outbox.submissionKey('v', 'calc.createLead', request)).not.toBe(outbox.submissionKey('v', 'calc.createLead', { ...request, body: { phone: '2' } }));
    expect(outbox.submissionKey('v', 'calc.createLead', request)).not.toBe(outbox.submissionKey('w', 'calc.createLead', request));
  });
});
