// The global budget of one-time codes (SMS pumping): at most `hourly` sent in a clock hour and `daily` in the last 24
// clock hours, counted per hour in sms_send_budget by every server process. Times come from the caller's clock.
import type { Queryable } from '../db/db.ts';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** The share of a budget whose use is logged as a warning. */
const ALERT_SHARE = 0.8;

export interface SmsBudget {
  hourly: number;
  daily: number;
}

/** A send that brought a window's count to 80% of its budget. */
export interface BudgetAlert {
  window: 'hour' | 'day';
  sent: number;
  max: number;
}

const hourOf = (now: number): number => now - (now % HOUR);
const at = (ms: number): string => new Date(ms).toISOString();

/** The last 24 hours' counts, oldest first, with each hour's start (ms). */
async function hours(q: Queryable, now: number): Promise<{ hour: number; sent: number }[]> {
  const { rows } = await q.query<{ ms: number; sent: number }>(
    `SELECT (extract(epoch FROM hour) * 1000)::float8 AS ms, sent FROM sms_send_budget
     WHERE hour > $1::timestamptz ORDER BY hour`,
    [at(hourOf(now) - DAY)],
  );
  return rows.map((r) => ({ hour: Math.round(Number(r.ms)), sent: Number(r.sent) }));
}

/** How long until one more code fits both budgets; 0 when it fits now. */
export async function budgetWait(q: Queryable, budget: SmsBudget, now: number): Promise<number> {
  const counts = await hours(q, now);
  const current = counts.at(-1)?.hour === hourOf(now) ? (counts.at(-1)?.sent ?? 0) : 0;
  let wait = current >= budget.hourly ? hourOf(now) + HOUR - now : 0;
  // The day frees a place once enough of its oldest hours have left it.
  let total = counts.reduce((sum, c) => sum + c.sent, 0);
  for (const { hour, sent } of counts) {
    if (total < budget.daily) break;
    total -= sent;
    wait = Math.max(wait, hour + DAY - now);
  }
  return wait;
}

/**
 * Locks the current hour's row (made when missing) for the rest of the transaction, so that sends of every process
 * count one after the other; a new hour's row also drops the rows too old to count.
 */
export async function lockBudget(tx: Queryable, now: number): Promise<void> {
  const { rows } = await tx.query('INSERT INTO sms_send_budget (hour, sent) VALUES ($1::timestamptz, 0) ON CONFLICT DO NOTHING RETURNING sent', [
    at(hourOf(now)),
  ]);
  if (rows.length > 0) await tx.query('DELETE FROM sms_send_budget WHERE hour <= $1::timestamptz', [at(hourOf(now) - DAY)]);
  await tx.query('SELECT sent FROM sms_send_budget WHERE hour = $1::timestamptz FOR UPDATE', [at(hourOf(now))]);
}

/** Counts one code sent now (under lockBudget); returns the windows it brought to 80% of their budget. */
export async function spendBudget(tx: Queryable, budget: SmsBudget, now: number): Promise<BudgetAlert[]> {
  await tx.query('UPDATE sms_send_budget SET sent = sent + 1 WHERE hour = $1::timestamptz', [at(hourOf(now))]);
  const counts = await hours(tx, now);
  const windows = [
    { window: 'hour' as const, sent: counts.at(-1)?.sent ?? 0, max: budget.hourly },
    { window: 'day' as const, sent: counts.reduce((sum, c) => sum + c.sent, 0), max: budget.daily },
  ];
  return windows.filter(({ sent, max }) => sent === Math.ceil(max * ALERT_SHARE));
}
