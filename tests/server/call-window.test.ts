// The call-time rule of spec §9: a choice made at some moment becomes the window the person is called in, in their
// time zone; weekends and US public holidays (Thanksgiving, Christmas, observed days) move it to the next working day.
// Expected windows are written as local times with their UTC offsets, so the rule is checked against the calendar.
import Holidays from 'date-holidays';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALL_SLOTS, callWindow, MIN_WINDOW_MS, type CallChoice } from '../../server/call-times/call-window.ts';

const iso = (ms: number) => new Date(ms).toISOString();

interface Row {
  why: string;
  choice: CallChoice;
  zone: string;
  /** When the choice is made, local time with its offset. */
  at: string;
  /** The window, local times with their offsets. */
  from: string;
  to: string;
}

const ROWS: Row[] = [
  // Weekends
  {
    why: 'Call ASAP on a Saturday is Monday 9am',
    choice: 'Call ASAP',
    zone: 'America/Chicago',
    at: '2026-11-28T11:00-06:00',
    from: '2026-11-30T09:00-06:00',
    to: '2026-11-30T10:00-06:00',
  },
  {
    why: 'a Sunday evening request is Monday',
    choice: '1pm - 2pm',
    zone: 'America/Chicago',
    at: '2026-11-29T20:00-06:00',
    from: '2026-11-30T13:00-06:00',
    to: '2026-11-30T14:00-06:00',
  },
  {
    why: 'after 5 pm asked late on a Friday is Monday evening',
    choice: 'Call me after 5 pm',
    zone: 'America/New_York',
    at: '2026-12-04T19:45-05:00',
    from: '2026-12-07T17:00-05:00',
    to: '2026-12-07T20:00-05:00',
  },
  // After hours and slots gone
  {
    why: '3pm - 4pm asked at 4:30pm is the next working day',
    choice: '3pm - 4pm',
    zone: 'America/Chicago',
    at: '2026-11-24T16:30-06:00',
    from: '2026-11-25T15:00-06:00',
    to: '2026-11-25T16:00-06:00',
  },
  {
    why: '3pm - 4pm asked at 3:20pm is what is left of it',
    choice: '3pm - 4pm',
    zone: 'America/Chicago',
    at: '2026-11-24T15:20-06:00',
    from: '2026-11-24T15:20-06:00',
    to: '2026-11-24T16:00-06:00',
  },
  {
    why: '3pm - 4pm with 29 minutes left is the next working day',
    choice: '3pm - 4pm',
    zone: 'America/Chicago',
    at: '2026-11-24T15:31-06:00',
    from: '2026-11-25T15:00-06:00',
    to: '2026-11-25T16:00-06:00',
  },
  {
    why: 'a slot later today is today',
    choice: '4pm - 5pm',
    zone: 'America/Denver',
    at: '2026-11-24T08:10-07:00',
    from: '2026-11-24T16:00-07:00',
    to: '2026-11-24T17:00-07:00',
  },
  {
    why: 'Call ASAP in working hours is the next hour, from the next whole minute',
    choice: 'Call ASAP',
    zone: 'America/Chicago',
    at: '2026-11-24T10:17:30-06:00',
    from: '2026-11-24T10:18-06:00',
    to: '2026-11-24T11:18-06:00',
  },
  {
    why: 'Call ASAP late in the day ends at 5pm',
    choice: 'Call ASAP',
    zone: 'America/Chicago',
    at: '2026-11-24T16:20-06:00',
    from: '2026-11-24T16:20-06:00',
    to: '2026-11-24T17:00-06:00',
  },
  {
    why: 'Call ASAP with under half an hour left is the next morning',
    choice: 'Call ASAP',
    zone: 'America/Chicago',
    at: '2026-11-24T16:45-06:00',
    from: '2026-11-25T09:00-06:00',
    to: '2026-11-25T10:00-06:00',
  },
  {
    why: 'Call ASAP before 9am is 9am',
    choice: 'Call ASAP',
    zone: 'America/Chicago',
    at: '2026-11-24T06:05-06:00',
    from: '2026-11-24T09:00-06:00',
    to: '2026-11-24T10:00-06:00',
  },
  {
    why: 'exactly at 9am starts at 9am',
    choice: '9am - 10am',
    zone: 'America/Chicago',
    at: '2026-11-24T09:00-06:00',
    from: '2026-11-24T09:00-06:00',
    to: '2026-11-24T10:00-06:00',
  },
  {
    why: 'after 5 pm asked in the afternoon is this evening, 5pm to 8pm',
    choice: 'Call me after 5 pm',
    zone: 'America/Chicago',
    at: '2026-11-24T14:00-06:00',
    from: '2026-11-24T17:00-06:00',
    to: '2026-11-24T20:00-06:00',
  },
  {
    why: 'after 5 pm asked at 7:45pm is tomorrow evening',
    choice: 'Call me after 5 pm',
    zone: 'America/Chicago',
    at: '2026-11-24T19:45-06:00',
    from: '2026-11-25T17:00-06:00',
    to: '2026-11-25T20:00-06:00',
  },
  // Lead types' AM and PM
  {
    why: 'AM asked in the afternoon is tomorrow morning',
    choice: 'AM',
    zone: 'America/Chicago',
    at: '2026-11-24T13:00-06:00',
    from: '2026-11-25T09:00-06:00',
    to: '2026-11-25T12:00-06:00',
  },
  {
    why: 'PM asked in the afternoon is the rest of it',
    choice: 'PM',
    zone: 'America/Chicago',
    at: '2026-11-24T13:00-06:00',
    from: '2026-11-24T13:00-06:00',
    to: '2026-11-24T17:00-06:00',
  },
  {
    why: 'PM asked in the morning is noon to 5pm',
    choice: 'PM',
    zone: 'America/Los_Angeles',
    at: '2026-11-24T08:00-08:00',
    from: '2026-11-24T12:00-08:00',
    to: '2026-11-24T17:00-08:00',
  },
  // US public holidays
  {
    why: 'the day before Thanksgiving after hours is the Friday after',
    choice: '3pm - 4pm',
    zone: 'America/New_York',
    at: '2026-11-25T16:30-05:00',
    from: '2026-11-27T15:00-05:00',
    to: '2026-11-27T16:00-05:00',
  },
  {
    why: 'Thanksgiving itself is the Friday after',
    choice: 'Call ASAP',
    zone: 'America/Los_Angeles',
    at: '2026-11-26T10:00-08:00',
    from: '2026-11-27T09:00-08:00',
    to: '2026-11-27T10:00-08:00',
  },
  {
    why: 'Christmas Eve evening skips Christmas and the weekend',
    choice: 'Call ASAP',
    zone: 'America/Chicago',
    at: '2026-12-24T18:00-06:00',
    from: '2026-12-28T09:00-06:00',
    to: '2026-12-28T10:00-06:00',
  },
  {
    why: 'Independence Day observed on Friday July 3, 2026',
    choice: 'Call ASAP',
    zone: 'America/Chicago',
    at: '2026-07-02T18:00-05:00',
    from: '2026-07-06T09:00-05:00',
    to: '2026-07-06T10:00-05:00',
  },
  {
    why: 'Christmas 2027 on a Saturday is observed on Friday December 24',
    choice: 'AM',
    zone: 'America/New_York',
    at: '2027-12-23T13:00-05:00',
    from: '2027-12-27T09:00-05:00',
    to: '2027-12-27T12:00-05:00',
  },
  {
    why: "New Year's Day 2028 on a Saturday is observed on Friday December 31, 2027",
    choice: 'AM',
    zone: 'America/New_York',
    at: '2027-12-30T13:00-05:00',
    from: '2028-01-03T09:00-05:00',
    to: '2028-01-03T12:00-05:00',
  },
  // Daylight saving time (the US changes on Sundays)
  {
    why: 'a Saturday before clocks spring forward: Monday 9am is in daylight time',
    choice: 'Call ASAP',
    zone: 'America/New_York',
    at: '2026-03-07T12:00-05:00',
    from: '2026-03-09T09:00-04:00',
    to: '2026-03-09T10:00-04:00',
  },
  {
    why: 'in the repeated hour when clocks fall back: Monday 9am is in standard time',
    choice: '9am - 10am',
    zone: 'America/New_York',
    at: '2026-11-01T01:30-04:00',
    from: '2026-11-02T09:00-05:00',
    to: '2026-11-02T10:00-05:00',
  },
  {
    why: 'in the hour that clocks skip',
    choice: '11am - 12pm',
    zone: 'America/Los_Angeles',
    at: '2026-03-08T10:30:00Z',
    from: '2026-03-09T11:00-07:00',
    to: '2026-03-09T12:00-07:00',
  },
  {
    why: 'Arizona keeps standard time',
    choice: 'Call ASAP',
    zone: 'America/Phoenix',
    at: '2026-03-09T08:00-07:00',
    from: '2026-03-09T09:00-07:00',
    to: '2026-03-09T10:00-07:00',
  },
  // Zones east and west
  {
    why: 'Puerto Rico (Atlantic time)',
    choice: '1pm - 2pm',
    zone: 'America/Puerto_Rico',
    at: '2026-11-24T14:30-04:00',
    from: '2026-11-25T13:00-04:00',
    to: '2026-11-25T14:00-04:00',
  },
  {
    why: 'Guam, where Thanksgiving begins while it is Wednesday afternoon in Chicago',
    choice: 'Call ASAP',
    zone: 'Pacific/Guam',
    at: '2026-11-25T22:00:00Z',
    from: '2026-11-27T09:00+10:00',
    to: '2026-11-27T10:00+10:00',
  },
  {
    why: 'the same instant in Chicago is still Wednesday',
    choice: 'Call ASAP',
    zone: 'America/Chicago',
    at: '2026-11-25T22:00:00Z',
    from: '2026-11-25T16:00-06:00',
    to: '2026-11-25T17:00-06:00',
  },
  { why: 'Alaska', choice: 'PM', zone: 'America/Anchorage', at: '2026-11-24T16:40-09:00', from: '2026-11-25T12:00-09:00', to: '2026-11-25T17:00-09:00' },
  { why: 'Hawaii', choice: 'Call ASAP', zone: 'Pacific/Honolulu', at: '2026-11-24T16:50-10:00', from: '2026-11-25T09:00-10:00', to: '2026-11-25T10:00-10:00' },
];

describe('callWindow', () => {
  it.each(ROWS)('$why ($choice, $zone)', ({ choice, zone, at, from, to }) => {
    const window = callWindow(choice, Date.parse(at), zone);
    expect({ from: iso(window.from), to: iso(window.to) }).toEqual({ from: iso(Date.parse(from)), to: iso(Date.parse(to)) });
  });

  /** The local calendar and clock of an instant in a zone, read with Intl on its own. */
  const local = (ms: number, zone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(ms)
        .map((p) => [p.type, p.value]),
    );
    return { day: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
  };
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const holidays = new Holidays('US', { types: ['public'] });
  const holidayDays = new Set(
    [2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035, 2036].flatMap((y) =>
      holidays.getHolidays(y).map((h) => h.date.slice(0, 10)),
    ),
  );
  const isWorking = (day: string) => ![0, 6].includes(new Date(`${day}T00:00Z`).getUTCDay()) && !holidayDays.has(day);
  const ZONES = [
    'America/New_York',
    'America/Chicago',
    'America/Denver',
    'America/Phoenix',
    'America/Los_Angeles',
    'America/Anchorage',
    'Pacific/Honolulu',
    'America/Puerto_Rico',
    'Pacific/Guam',
    'America/Indiana/Indianapolis',
  ];
  const CHOICES = Object.keys(CALL_SLOTS) as CallChoice[];

  it('every window lies inside its slot on a working day, is at least half an hour long, never starts before the request, and is the first one possible', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 11, 31) }),
        fc.constantFrom(...ZONES),
        fc.constantFrom(...CHOICES),
        (at, zone, choice) => {
          const w = callWindow(choice, at, zone);
          const slot = CALL_SLOTS[choice];
          const from = local(w.from, zone);
          const to = local(w.to, zone);
          expect(w.from).toBeGreaterThanOrEqual(at);
          expect(w.to - w.from).toBeGreaterThanOrEqual(MIN_WINDOW_MS);
          expect(to.day).toBe(from.day);
          expect(isWorking(from.day)).toBe(true);
          expect(from.minutes).toBeGreaterThanOrEqual(slot.from * 60);
          expect(to.minutes).toBeLessThanOrEqual(slot.to * 60);
          // Working hours are 9 to 5; only 'Call me after 5 pm' is the evening the person asked for (5pm to 8pm).
          if (choice !== 'Call me after 5 pm') expect(to.minutes).toBeLessThanOrEqual(17 * 60);
          if (choice === 'Call ASAP') expect(w.to - w.from).toBeLessThanOrEqual(3_600_000);
          // Windows start on whole minutes: the request's minute, rounded up.
          const asked = local(Math.ceil(at / 60_000) * 60_000, zone);
          // A later day only when the day asked on is no working day or its slot has less than half an hour left.
          if (from.day !== asked.day) expect(!isWorking(asked.day) || asked.minutes > slot.to * 60 - 30).toBe(true);
          // Every day between the request and the window is a day off.
          for (let day = nextDay(asked.day); day < from.day; day = nextDay(day)) expect(isWorking(day), day).toBe(false);
        },
      ),
      { numRuns: 3000 },
    );
  }, 60_000);
});
