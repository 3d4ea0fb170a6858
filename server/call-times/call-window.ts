// When a call-time choice means the person is called (spec §9): working days are Monday to Friday but US public
// holidays, working hours 9am to 5pm in the person's time zone; a request for a window already gone (or made on a
// weekend or holiday) is scheduled for the next working day. Where the person's state has a stricter law
// (calling-hours.json), the window keeps inside it: its hours clip the slot, its quiet days (Sundays, its own legal
// holidays) are skipped like weekends.
import { CALL_SLOTS, slotWithin, type CallChoice, type Slot } from './call-slots.ts';
import { callingHoursOn } from './calling-hours.ts';
import { isUsPublicHoliday } from './us-holidays.ts';
import { addDays, dayAt, instantOf, weekdayOf, type Day } from './zoned-day.ts';

export { CALL_SLOTS, type CallChoice } from './call-slots.ts';

/** A window shorter than this is no window: less left of today's slot moves the call to the next working day. */
export const MIN_WINDOW_MS = 30 * 60_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Instants in ms since the epoch, from inclusive, to exclusive. */
export interface CallWindow {
  from: number;
  to: number;
}

/** Monday to Friday, and not a US public holiday (nor the weekday one is observed on). */
export const isWorkingDay = (day: Day): boolean => weekdayOf(day) >= 1 && weekdayOf(day) <= 5 && !isUsPublicHoliday(day);

/**
 * The window a choice made at the instant `at` (ms) means in zone, for a person whose state is one of states (their
 * ZIP's, the one they named; none known: the federal rule alone): the slot, inside the hours the law allows that day,
 * on the first working day that is no quiet day of the law, from that day on, that still has MIN_WINDOW_MS of it left
 * after `at` (starting then, to the next whole minute, when the slot has begun). Call ASAP is the first hour of the
 * working hours left. A slot the law leaves no part of (9am - 10am where calls start at 10) becomes the nearest hours
 * of its length the law allows (10 to 11).
 */
export function callWindow(choice: CallChoice, at: number, zone: string, states: readonly (string | null | undefined)[] = []): CallWindow {
  const slot: Slot = CALL_SLOTS[choice];
  const earliest = Math.ceil(at / MINUTE_MS) * MINUTE_MS;
  // A working day comes within a few days whatever the holidays (the longest run of days off is four; a state's own
  // holidays and quiet Sundays add one or two).
  for (let day = dayAt(at, zone), n = 0; n < 14; day = addDays(day, 1), n += 1) {
    if (!isWorkingDay(day)) continue;
    const allowed = callingHoursOn(day, states);
    if (!allowed) continue;
    const hours = slotWithin(slot, allowed);
    const end = instantOf(day, hours.to, zone);
    const from = Math.max(instantOf(day, hours.from, zone), earliest);
    const to = slot.first ? Math.min(from + HOUR_MS, end) : end;
    if (to - from >= MIN_WINDOW_MS) return { from, to };
  }
  throw new Error(`no working day within two weeks of ${new Date(at).toISOString()} in ${zone}`);
}
