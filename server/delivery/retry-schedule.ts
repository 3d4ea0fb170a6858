// When a failed delivery is tried again: the next step of the schedule (WEBHOOK_RETRY_SCHEDULE, Standard Webhooks'
// by default) with jitter, or what the endpoint's Retry-After asks on 429 and 503; none once the schedule has ended.

/** Jitter: a delay is stretched by up to this share, so retries of many deliveries spread out. */
const JITTER = 0.2;
/** The longest Retry-After honoured, in seconds: a day, the schedule's longest step. */
const MAX_RETRY_AFTER = 86_400;

/** A Retry-After header's wait in seconds (delay-seconds or an HTTP date), undefined when it says none. */
export function retryAfterSeconds(header: string | undefined, now: number): number | undefined {
  if (header === undefined) return undefined;
  const seconds = /^\s*\d+\s*$/.test(header) ? Number(header) : (Date.parse(header) - now) / 1000;
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), MAX_RETRY_AFTER) : undefined;
}

/**
 * Seconds until the next attempt after `attempts` of them failed, or undefined when the schedule has no more: the
 * schedule's step (its first item is the first attempt's) with jitter, or Retry-After on 429 and 503 when given.
 */
export function nextAttemptIn(
  schedule: readonly number[],
  attempts: number,
  answer: { status?: number; retryAfter?: string },
  now: number,
  random = Math.random,
): number | undefined {
  const step = schedule[attempts];
  if (step === undefined) return undefined;
  const asked = answer.status === 429 || answer.status === 503 ? retryAfterSeconds(answer.retryAfter, now) : undefined;
  return asked ?? step * (1 + JITTER * random());
}
