// The states' calling-hours rules as data (server/call-times/calling-hours.json, schemas/calling-hours.schema.json), and
// the call windows kept inside the strictest rule for the lead's state: hours clipped to the state's, its quiet days
// (Sundays, its own legal holidays) skipped. The expected windows are local times with their UTC offsets.
import Ajv2020 from 'ajv/dist/2020.js';
import Holidays from 'date-holidays';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import calling from '../../server/call-times/calling-hours.json' with { type: 'json' };
import schema from '../../schemas/calling-hours.schema.json' with { type: 'json' };
import { CALL_SLOTS, callWindow, type CallChoice } from '../../server/call-times/call-window.ts';
import { callingHoursOn, checkCallingHours } from '../../server/call-times/calling-hours.ts';
import { leadStates, leadTypeCalls } from '../../server/call-times/lead-call-times.ts';
import { STATE_ZONES } from '../../server/call-times/state-zones.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const window = (choice: CallChoice, at: string, zone: string, states: string[]) => {
  const w = callWindow(choice, Date.parse(at), zone, states);
  return { from: iso(w.from), to: iso(w.to) };
};
const expected = (from: string, to: string) => ({ from: iso(Date.parse(from)), to: iso(Date.parse(to)) });

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

interface Rule {
  earliest: number;
  latest: number;
  saturday?: { earliest: number; latest: number };
  sunday?: { earliest: number; latest: number };
  quietDays: string[];
  extraHolidays?: { name: string; rule: string }[];
  citation: string;
}
const STATES = calling.states as Record<string, Rule>;

describe('the calling-hours data', () => {
  it('validates against its schema (ajv strict, as the sponsors do) and has no problem the schema cannot see', () => {
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
    expect(validate(calling), JSON.stringify(validate.errors)).toBe(true);
    expect(checkCallingHours(calling)).toEqual([]);
  });

  it('has the federal floor and a cited rule for each state the research names', () => {
    expect(calling.federal).toMatchObject({ earliest: 8, latest: 21, citation: '47 CFR 64.1200(c)(1)' });
    for (const state of ['AL', 'CT', 'FL', 'KY', 'LA', 'MA', 'MD', 'MI', 'MN', 'MS', 'NM', 'NV', 'OK', 'PA', 'RI']) {
      expect(STATES[state]?.citation, state).toMatch(/\S/);
    }
    expect(STATES.RI).toMatchObject({ earliest: 9, latest: 18, saturday: { earliest: 10, latest: 17 } });
    expect(STATES.RI?.quietDays).toContain('sunday');
    expect(STATES.KY).toMatchObject({ earliest: 10, latest: 21 });
  });

  it('finds what the schema cannot: an empty day, an unknown holiday rule, extra holidays without the quiet day', () => {
    const states = {
      XA: { earliest: 9, latest: 9, quietDays: [], citation: 'x' },
      XB: { earliest: 9, latest: 18, sunday: { earliest: 12, latest: 10 }, quietDays: [], citation: 'x' },
      XC: { earliest: 9, latest: 18, quietDays: ['legal holidays'], extraHolidays: [{ name: 'Nonsense', rule: 'no such rule' }], citation: 'x' },
      XD: { earliest: 9, latest: 18, quietDays: [], extraHolidays: [{ name: 'Good Friday', rule: 'easter -2' }], citation: 'x' },
    };
    // date-holidays says so on the console too.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(checkCallingHours({ federal: calling.federal, states }).map((p) => p.pointer)).toEqual([
      '/states/XA',
      '/states/XB/sunday',
      '/states/XC/extraHolidays/0/rule',
      '/states/XD/extraHolidays',
    ]);
    expect(logged).toHaveBeenCalledWith('could not parse rule: no such rule');
    logged.mockRestore();
    expect(checkCallingHours({ federal: calling.federal, states: { XX: { earliest: 25, latest: 18, quietDays: [] } } })).toEqual(
      expect.arrayContaining([
        { pointer: '/states/XX', message: "must have required property 'citation'" },
        { pointer: '/states/XX/earliest', message: 'must be <= 24' },
      ]),
    );
  });
});

describe('call windows inside the state rules', () => {
  it("ends Rhode Island's 'Call me after 5 pm' at 6pm, and moves it to the next working day when under half an hour is left", () => {
    expect(window('Call me after 5 pm', '2026-11-24T14:00-05:00', 'America/New_York', ['RI'])).toEqual(
      expected('2026-11-24T17:00-05:00', '2026-11-24T18:00-05:00'),
    );
    expect(window('Call me after 5 pm', '2026-11-24T17:20-05:00', 'America/New_York', ['RI'])).toEqual(
      expected('2026-11-24T17:20-05:00', '2026-11-24T18:00-05:00'),
    );
    expect(window('Call me after 5 pm', '2026-11-24T17:40-05:00', 'America/New_York', ['RI'])).toEqual(
      expected('2026-11-25T17:00-05:00', '2026-11-25T18:00-05:00'),
    );
  });

  it('keeps 5pm to 8pm where the state allows it (Florida ends at 8pm, Kentucky at 9pm), and without a state', () => {
    for (const states of [['FL'], ['KY'], ['GA'], []]) {
      expect(window('Call me after 5 pm', '2026-11-24T14:00-05:00', 'America/New_York', states), states.join()).toEqual(
        expected('2026-11-24T17:00-05:00', '2026-11-24T20:00-05:00'),
      );
    }
  });

  it('starts at 10am in Kentucky: 9am - 10am becomes 10 to 11, Call ASAP and AM start at 10', () => {
    expect(window('9am - 10am', '2026-11-24T07:00-05:00', 'America/New_York', ['KY'])).toEqual(expected('2026-11-24T10:00-05:00', '2026-11-24T11:00-05:00'));
    expect(window('Call ASAP', '2026-11-24T08:30-05:00', 'America/New_York', ['KY'])).toEqual(expected('2026-11-24T10:00-05:00', '2026-11-24T11:00-05:00'));
    expect(window('AM', '2026-11-24T08:30-06:00', 'America/Chicago', ['KY'])).toEqual(expected('2026-11-24T10:00-06:00', '2026-11-24T12:00-06:00'));
    expect(window('11am - 12pm', '2026-11-24T08:30-05:00', 'America/New_York', ['KY'])).toEqual(expected('2026-11-24T11:00-05:00', '2026-11-24T12:00-05:00'));
  });

  it("skips Alabama's own legal holidays: Confederate Memorial Day (Monday, April 27, 2026) is no call day there, though it is in Georgia", () => {
    // Asked on Sunday, April 26: Sundays are never called (Alabama's law says so too), and the Monday is a state holiday.
    expect(callingHoursOn('2026-04-26', ['AL'])).toBeUndefined();
    expect(callingHoursOn('2026-04-26', [])).toEqual({ from: 8, to: 21 });
    expect(callingHoursOn('2026-04-27', ['AL'])).toBeUndefined();
    expect(window('Call ASAP', '2026-04-26T12:00-05:00', 'America/Chicago', ['AL'])).toEqual(expected('2026-04-28T09:00-05:00', '2026-04-28T10:00-05:00'));
    expect(window('Call ASAP', '2026-04-26T12:00-04:00', 'America/New_York', ['GA'])).toEqual(expected('2026-04-27T09:00-04:00', '2026-04-27T10:00-04:00'));
  });

  it("skips Louisiana's Mardi Gras, Pennsylvania's Good Friday and Election Day, Rhode Island's Victory Day and Utah's Pioneer Day", () => {
    // Presidents' Day (federal) then Mardi Gras (Louisiana): Wednesday.
    expect(window('PM', '2026-02-13T18:00-06:00', 'America/Chicago', ['LA'])).toEqual(expected('2026-02-18T12:00-06:00', '2026-02-18T17:00-06:00'));
    expect(window('PM', '2026-02-13T18:00-06:00', 'America/Chicago', ['TX'])).toEqual(expected('2026-02-17T12:00-06:00', '2026-02-17T17:00-06:00'));
    expect(window('AM', '2026-04-02T18:00-04:00', 'America/New_York', ['PA'])).toEqual(expected('2026-04-06T09:00-04:00', '2026-04-06T12:00-04:00'));
    expect(window('AM', '2026-11-02T18:00-05:00', 'America/New_York', ['PA'])).toEqual(expected('2026-11-04T09:00-05:00', '2026-11-04T12:00-05:00'));
    expect(window('AM', '2026-08-07T18:00-04:00', 'America/New_York', ['RI'])).toEqual(expected('2026-08-11T09:00-04:00', '2026-08-11T12:00-04:00'));
    expect(window('AM', '2026-07-23T18:00-06:00', 'America/Denver', ['UT'])).toEqual(expected('2026-07-27T09:00-06:00', '2026-07-27T12:00-06:00'));
  });

  it('applies every rule that may hold: a ZIP in one state and a stated state in another get the stricter of both', () => {
    expect(window('Call me after 5 pm', '2026-11-24T14:00-05:00', 'America/New_York', ['FL', 'RI'])).toEqual(
      expected('2026-11-24T17:00-05:00', '2026-11-24T18:00-05:00'),
    );
    expect(window('9am - 10am', '2026-11-24T07:00-05:00', 'America/New_York', ['ri', 'KY'])).toEqual(
      expected('2026-11-24T10:00-05:00', '2026-11-24T11:00-05:00'),
    );
  });

  /** Each state's legal holidays from date-holidays and the data's extra rules, read here on their own. */
  const legalHolidays = new Map<string, Set<string>>();
  const isLegalHoliday = (state: string, day: string) => {
    let days = legalHolidays.get(state);
    if (!days) {
      const holidays = new Holidays('US', state, { types: ['public'] });
      for (const { name, rule } of STATES[state]?.extraHolidays ?? []) holidays.setHoliday(rule, { name, type: 'public' });
      days = new Set(
        [2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035, 2036].flatMap((y) =>
          holidays.getHolidays(y).map((h) => h.date.slice(0, 10)),
        ),
      );
      legalHolidays.set(state, days);
    }
    return days.has(day);
  };
  const CHOICES = Object.keys(CALL_SLOTS) as CallChoice[];
  const RULED = Object.keys(STATES);

  it("never offers a window outside the state's rule: hours, weekdays and legal holidays, in each of the state's zones", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 11, 31) }),
        fc.constantFrom(...RULED).chain((state) => fc.tuple(fc.constant(state), fc.constantFrom(...(STATE_ZONES[state] ?? [])))),
        fc.constantFrom(...CHOICES),
        (at, [state, zone], choice) => {
          const rule = STATES[state]!;
          const w = callWindow(choice, at, zone, [state]);
          const from = local(w.from, zone);
          const to = local(w.to, zone);
          expect(to.day).toBe(from.day);
          const weekday = new Date(`${from.day}T00:00Z`).getUTCDay();
          const hours = (weekday === 6 && rule.saturday) || (weekday === 0 && rule.sunday) || rule;
          expect(from.minutes).toBeGreaterThanOrEqual(Math.max(calling.federal.earliest, hours.earliest) * 60);
          expect(to.minutes).toBeLessThanOrEqual(Math.min(calling.federal.latest, hours.latest) * 60);
          if (rule.quietDays.includes('sunday')) expect(weekday).not.toBe(0);
          if (rule.quietDays.includes('saturday')) expect(weekday).not.toBe(6);
          if (rule.quietDays.includes('legal holidays')) expect(isLegalHoliday(state, from.day), from.day).toBe(false);
          expect(w.from).toBeGreaterThanOrEqual(at);
        },
      ),
      { numRuns: 3000 },
    );
  }, 60_000);

  it('gives the same windows as before in a state without a rule of its own', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 11, 31) }), fc.constantFrom(...CHOICES), (at, choice) => {
        expect(callWindow(choice, at, 'America/New_York', ['GA'])).toEqual(callWindow(choice, at, 'America/New_York'));
      }),
      { numRuns: 500 },
    );
  });
});

describe("a lead's states", () => {
  it("are its ZIP's state and the state it names, top level or in its locating fields", async () => {
    expect(await leadStates({ zip: '02903' })).toEqual(['RI']);
    expect(await leadStates({ zip: '02903', state: 'fl' })).toEqual(['RI', 'FL']);
    expect(await leadStates({ formData: { state: 'KY' } })).toEqual(['KY']);
    expect(await leadStates({ extraDetails: { accidentDetails: { zip: '40202-1234' } } })).toEqual(['KY']);
    expect(await leadStates({ zip: '00000', state: '' })).toEqual([]);
  });

  it("keeps the lead types' AM and PM inside the state named by the lead", () => {
    const at = Date.parse('2026-11-24T07:00-05:00');
    const calls = leadTypeCalls({ state: 'KY', leadTypes: { Chiropractor: 'AM', __CALawyer: 'PM' } }, at, 'America/New_York');
    expect(calls.map((c) => ({ service: c.service, from: iso(c.from), to: iso(c.to) }))).toEqual([
      { service: 'Chiropractor', ...expected('2026-11-24T10:00-05:00', '2026-11-24T12:00-05:00') },
      { service: '__CALawyer', ...expected('2026-11-24T12:00-05:00', '2026-11-24T17:00-05:00') },
    ]);
    // A route that found the ZIP's state passes it.
    const byZip = leadTypeCalls({ zip: '40202', leadTypes: { Chiropractor: 'AM' } }, at, 'America/New_York', ['KY']);
    expect(iso(byZip[0]!.from)).toBe(iso(Date.parse('2026-11-24T10:00-05:00')));
  });
});
