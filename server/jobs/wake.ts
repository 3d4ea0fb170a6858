// A queue's wake: a job for its worker, sent right after a commit that gave it work. Wakes that come while one of ours
// waits for this process's worker send nothing more (that worker's next run takes all the work there is), so a burst
// of commits (a lead each) makes one run, not one per commit: the job queue's own statements cost more than the work
// they start. The worker says ran() as it starts, before it reads its work. A wake sent more than STALE_MS ago does
// not hold the next back: another process's worker may have taken that job and started before the last commit.
// With minGapMs, this process's worker starts its runs at least that far apart: a wake sooner after a run is sent when
// the gap is over, once however many came, so under a steady flow each run takes a gap's work at once; a wake after a
// quiet gap is sent at once. A wake held back and lost in a crash only waits for the queue's sweep.
import type PgBoss from 'pg-boss';

const STALE_MS = 1_000;

export interface Wake {
  (): void;
  /** The worker of this process started a run: the next wake sends a job again. */
  ran(): void;
}

interface WakeOptions {
  workerId: string | undefined;
  signal: AbortSignal;
  log: (message: string, error?: unknown) => void;
  /** The least time from a run of this process's worker to the next. Default 0. */
  minGapMs?: number;
  clock?: () => number;
}

export function queueWake(boss: PgBoss, queue: string, { workerId, signal, log, minGapMs = 0, clock = Date.now }: WakeOptions): Wake {
  let sentAt: number | undefined;
  let ranAt = Number.NEGATIVE_INFINITY;
  let held: NodeJS.Timeout | undefined;
  signal.addEventListener('abort', () => clearTimeout(held), { once: true });
  const wake = () => {
    if (signal.aborted || held !== undefined) return;
    // Without a worker here every wake is sent: another process's worker takes it.
    if (workerId !== undefined && sentAt !== undefined && clock() - sentAt < STALE_MS) return;
    const wait = workerId === undefined ? 0 : ranAt + minGapMs - clock();
    if (wait > 0) {
      held = setTimeout(() => {
        held = undefined;
        wake();
      }, wait);
      held.unref();
      return;
    }
    sentAt = clock();
    boss.send(queue, {}).then(
      // The job may already be waiting (send gives null): either way this process's worker looks now.
      () => workerId !== undefined && boss.notifyWorker(workerId),
      (error: unknown) => {
        sentAt = undefined;
        log(`could not wake ${queue}`, error);
      },
    );
  };
  return Object.assign(wake, {
    ran: () => {
      sentAt = undefined;
      ranAt = clock();
    },
  });
}
