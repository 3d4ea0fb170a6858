// A queue's wake (server/jobs/wake.ts): one job for a burst of commits, and with a gap, runs of this process's worker at
// least that far apart under a steady flow, while a wake after a quiet time is sent at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type PgBoss from 'pg-boss';
import { queueWake } from '../../server/jobs/wake.ts';

function fakeBoss() {
  const sent: number[] = [];
  const notified: string[] = [];
  const boss = {
    send: () => Promise.resolve(void sent.push(Date.now())),
    notifyWorker: (id: string) => void notified.push(id),
  };
  return { boss: boss as unknown as PgBoss, sent, notified };
}

describe('queueWake', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());
  const log = () => {};

  it('sends one job for a burst of wakes before the worker runs, and notifies the worker', async () => {
    const { boss, sent, notified } = fakeBoss();
    const wake = queueWake(boss, 'q', { workerId: 'w', signal: new AbortController().signal, log, minGapMs: 200 });
    for (let i = 0; i < 5; i++) wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([1_000_000]);
    expect(notified).toEqual(['w']);
  });

  it('holds the wakes that come within the gap after a run and sends them as one job when it ends', async () => {
    const { boss, sent } = fakeBoss();
    const wake = queueWake(boss, 'q', { workerId: 'w', signal: new AbortController().signal, log, minGapMs: 200 });
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
    const { boss, sent } = fakeBoss();
    const wake = queueWake(boss, 'q', { workerId: 'w', signal: new AbortController().signal, log, minGapMs: 200 });
    wake.ran();
    await vi.advanceTimersByTimeAsync(300);
    wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([1_000_300]);
  });

  it('without a worker in this process sends every wake at once: another process runs it', async () => {
    const { boss, sent, notified } = fakeBoss();
    const wake = queueWake(boss, 'q', { workerId: undefined, signal: new AbortController().signal, log, minGapMs: 200 });
    wake.ran();
    wake();
    wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([1_000_000, 1_000_000]);
    expect(notified).toEqual([]);
  });

  it('drops a held wake when the queue stops', async () => {
    const { boss, sent } = fakeBoss();
    const stopping = new AbortController();
    const wake = queueWake(boss, 'q', { workerId: 'w', signal: stopping.signal, log, minGapMs: 200 });
    wake.ran();
    wake();
    stopping.abort();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toEqual([]);
  });
});
