// A queue's wake (server/jobs/wake.ts): one job for a burst of commits, and with a gap, runs of this process's worker at
// least that far apart under a steady flow, while a wake after a quiet time is sent at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type PgBoss from 'pg-boss';
import { queueWake } from '../../server/jobs/wake.ts';

/** A wake with a 200 ms gap on a fake job queue that records when each job was sent and which workers it notified. */
function gappedWake(workerId: string | undefined, signal = new AbortController().signal) {
  const sent: number[] = [];
  const notified: string[] = [];
  const boss = {
    send: () => Promise.resolve(void sent.push(Date.now())),
    notifyWorker: (id: string) => void notified.push(id),
  };
  const wake = queueWake(boss as unknown as PgBoss, 'q', { workerId, signal, log: () => {}, minGapMs: 200 });
  return { wake, sent, notified };
}

describe('queueWake', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('sends one job for a burst of wakes before the worker runs, and notifies the worker', async () => {
    const { wake, sent, notified } = gappedWake('w');
    for (let i = 0; i < 5; i++) wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([1_000_000]);
    expect(notified).toEqual(['w']);
  });

  it('holds the wakes that come within the gap after a run and sends them as one job when it ends', async () => {
    const { wake, sent } = gappedWake('w');
    wake.ran();
    await vi.advanceTimersByTimeAsync(50);
    wake();
    await vi.advanceTimersByTimeAsync(100);
    wake();
    wake();
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(sent).toEqual([1_000_200]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(1);
  });

  it('sends at once a wake that comes after the gap', async () => {
    const { wake, sent } = gappedWake('w');
    wake.ran();
    await vi.advanceTimersByTimeAsync(300);
    wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([1_000_300]);
  });

  it('without a worker in this process sends every wake at once: another process runs it', async () => {
    const { wake, sent, notified } = gappedWake(undefined);
    wake.ran();
    wake();
    wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([1_000_000, 1_000_000]);
    expect(notified).toEqual([]);
  });

  it('drops a held wake when the queue stops', async () => {
    const stopping = new AbortController();
    const { wake, sent } = gappedWake('w', stopping.signal);
    wake.ran();
    wake();
    stopping.abort();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toEqual([]);
  });
});
