// The product's call-time slots as local hours, and how a slot fits inside the hours a law allows. No dependencies, so
// that copy (the consent's hours) can import it as well as the call windows.

/** Local hours [from, to) of a day: 9 to 17 is 9am up to 5pm. */
export interface Hours {
  from: number;
  to: number;
}

/** A window of local hours [from, to); `first`: only the first hour of it from the earliest moment (Call ASAP). */
export interface Slot extends Hours {
  first?: boolean;
}

/**
 * The call-time slots (§3) and the lead types' AM/PM preferences (§2.9). 'Call me after 5 pm' is 5pm to 8pm of a
 * working day: ending at 8pm keeps an hour's margin inside the federal 8am to 9pm, and a state with an earlier end
 * (Rhode Island's 6pm) clips it (see calling-hours.json).
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

/** The working hours the product calls in, Monday to Friday: the slots but the evening one. */
export const WORKING_HOURS: Hours = { from: 9, to: 17 };

/**
 * The part of slot inside allowed (a law's hours that day); when none of it is (9am - 10am where calls start at 10),
 * the nearest hours of the same length inside allowed (10 to 11), so that a choice is never scheduled outside the law.
 */
export function slotWithin(slot: Hours, allowed: Hours): Hours {
  const from = Math.max(slot.from, allowed.from);
  const to = Math.min(slot.to, allowed.to);
  if (from < to) return { from, to };
  const length = slot.to - slot.from;
  return slot.to <= allowed.from
    ? { from: allowed.from, to: Math.min(allowed.to, allowed.from + length) }
    : { from: Math.max(allowed.from, allowed.to - length), to: allowed.to };
}
