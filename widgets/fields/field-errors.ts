// Which catalogue message a date or city field shows (§5), for every widget that has these fields.
import { today, validators } from '../../engine/validators.ts';

/** DATE_IS_REQUIRED when empty or not a date, DATE_IN_FUTURE when after today, else null. */
export function dateErrorKey(value: unknown): string | null {
  const now = new Date();
  if (validators.pastDate(value, now)) return null;
  const typed = typeof value === 'string' ? value : '';
  return /^\d{4}-\d{2}-\d{2}$/.test(typed) && typed > today(now) ? 'errors:DATE_IN_FUTURE' : 'errors:DATE_IS_REQUIRED';
}

/** CITY_IS_REQUIRED when nothing was typed, the "choose from the list" message when text was typed but no place chosen. */
export function cityErrorKey(place: unknown, typed: string): string | null {
  if (validators.place(place)) return null;
  return typed.trim() === '' ? 'errors:CITY_IS_REQUIRED' : 'errors:PLEASE_START_TYPING_AND_THEN_CHOOSE_THE_CITY_FROM_THE_DROPDOWN_LIST';
}
