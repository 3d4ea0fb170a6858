// When a call-time choice means the person is called (spec §9): working days are Monday to Friday but US public
// holidays, working hours 9am to 5pm in the person's time zone; a request for a window already gone (or made on a
// weekend or holiday) is scheduled for the next working day.
import { isUsPublicHoliday } from './us-holidays.ts';
import { addDays, dayAt, instantOf, weekdayOf, type Day } from './zoned-day.ts';

/** A window of local hours [from, to); `first`: only the first hour of it from the earliest moment (Call ASAP). */
interface Slot {
  from: number;
  to: number;
  first?: boolean;
}

/**
 * The call-time slots (§3) and the lead types' AM/PM preferences (§2.9). 'Call me after 5 pm' is 5pm to 8pm of a
 * working day: ending at 8pm keeps an hour's margin inside the consent's 8am to 9pm local rule.
 */
export const CALL_SLOTS = {
  'Call ASAP': { from: 9, to: 17, first: true },
  '9am - 10am': { from: 9, to: 10 },
  '11am - 12pm': { from: 11, to: 12 },
  '1pm - 2pm': { from: 13, to: 14 },
  '3pm - 4pm': { from: 15, to: 16 },
  '4pm - 5pm': { from: 16, to: 17 },
  'Call me after 5 pm': { from: 17, to: 20 },
  AM: { from: 9, to: 12 },
  PM: { from: 12, to: 17 },
} as const satisfies Record<string, Slot>;

export type CallChoice = keyof typeof CALL_SLOTS;

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
 * The window a choice made at the instant `at` (ms) means in zone: the slot on the first working day, from that day
 * on, that still has MIN_WINDOW_MS of it left after `at` (starting then, to the next whole minute, when the slot has
 * begun). Call ASAP is the first hour of the working hours left.
 */
export function callWindow(choice: CallChoice, at: number, zone: string): CallWindow {
  const slot: Slot = CALL_SLOTS[choice];
  const earliest = Math.ceil(at / MINUTE_MS) * MINUTE_MS;
  // A working day comes within a few days whatever the holidays (the longest run of days off is four).
  for (let day = dayAt(at, zone), n = 0; n < 14; day = addDays(day, 1), n += 1) {
    if (!isWorkingDay(day)) continue;
    const end = instantOf(day, slot.to, zone);
    const from = Math.max(instantOf(day, slot.from, zone), earliest);
    const to = slot.first ? Math.min(from + HOUR_MS, end) : end;
    if (to - from >= MIN_WINDOW_MS) return { from, to };
  }
  throw new Error(`no working day within two weeks of ${new Date(at).toISOString()} in ${zone}`);
}
