// The day and hours a person will be called, from the window the API answered ({ from, to, timeZone }), written out
// by Intl for the language in the window's own zone: "Monday, November 30", "9 AM", "Central Time".
import { dateTimeFormat } from '../../engine/languages.ts';

export interface CallWindowValue {
  /** ISO instants. */
  from: string;
  to: string;
  /** IANA zone, e.g. America/Chicago. */
  timeZone: string;
}

export function isCallWindow(value: unknown): value is CallWindowValue {
  const v = value as Partial<CallWindowValue> | null | undefined;
  return typeof v?.from === 'string' && typeof v.to === 'string' && typeof v.timeZone === 'string' && !Number.isNaN(Date.parse(v.from));
}

/** The values of the copy that says when: day, from, to (minutes only when not on the hour) and the zone's name. */
export function callWindowParts({ from, to, timeZone }: CallWindowValue, lang: string) {
  const start = new Date(from);
  const end = new Date(to);
  // On the hour in the zone itself (some zones are half an hour off UTC).
  const onTheHour = (at: Date) => new Intl.DateTimeFormat('en-US', { timeZone, minute: 'numeric' }).format(at) === '0';
  const time = (at: Date) => dateTimeFormat(lang, { timeZone, hour: 'numeric', ...(onTheHour(at) ? {} : { minute: '2-digit' }) }).format(at);
  const zone = dateTimeFormat(lang, { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(start)
    .find((p) => p.type === 'timeZoneName');
  return {
    day: dateTimeFormat(lang, { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(start),
    from: time(start),
    to: time(end),
    zone: zone?.value ?? timeZone,
  };
}
