// Calendar days and wall-clock hours in an IANA time zone, through Intl alone: which day an instant falls on there,
// and the instant a day's hour begins there (daylight saving time included).

/** A calendar day, YYYY-MM-DD. */
export type Day = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall clock in zone at the instant ms, as if it were UTC (ms), e.g. 09:00 local -> Date.UTC(…, 9). */
function wallClock(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The zone's offset from UTC at the instant ms (ms, east positive). */
export const offsetAt = (ms: number, zone: string) => wallClock(ms, zone) - (ms - (((ms % 1000) + 1000) % 1000));

/** The day the instant ms falls on in zone. */
export const dayAt = (ms: number, zone: string): Day => new Date(wallClock(ms, zone)).toISOString().slice(0, 10);

/** The instant day's hour (0 to 23) begins in zone. */
export function instantOf(day: Day, hour: number, zone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000;
  // The offset of the first guess is off by an hour when a change of offset lies between it and the answer.
  const guess = wall - offsetAt(wall, zone);
  return wall - offsetAt(guess, zone);
}

export const addDays = (day: Day, n: number): Day => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** 0 Sunday to 6 Saturday. */
export const weekdayOf = (day: Day): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Whether zone is a time zone Intl knows (an IANA name such as America/Chicago); its canonical name if so. */
export function canonicalZone(zone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
