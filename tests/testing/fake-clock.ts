// A clock for buildApp that stands still until a test moves it, and the spans tests move it by.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A clock for buildApp that stands still until moved: call it for the time (ms), advance(ms) or set(ms) to move it. */
export type FakeClock = (() => number) & { advance(ms: number): void; set(ms: number): void };

export function fakeClock(start = Date.UTC(2030, 0, 7, 9)): FakeClock {
  let now = start;
  return Object.assign(() => now, {
    advance: (ms: number) => void (now += ms),
    set: (ms: number) => void (now = ms),
  });
}
