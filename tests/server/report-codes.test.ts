// The coded fields of a report read however a feed spells them (server/reports/report-codes.json through
// report-codes.ts): any case and spacing of a known spelling is its value, MMUCC's numbers are their attributes,
// "2 - RAIN" is read by its words, and what the table does not know is other with its text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkReportCodes,
  CODED_FIELDS,
  knownSpellings,
  readCode,
  readYesNo,
  REPORT_CODES,
  spellingKey,
  YES_NO_FIELDS,
  type CodedField,
  type YesNoField,
} from '../../server/reports/report-codes.ts';

const FIELDS = [...CODED_FIELDS, ...YES_NO_FIELDS] as const;
const isCoded = (field: CodedField | YesNoField): field is CodedField => (CODED_FIELDS as readonly string[]).includes(field);

/** What readCode or readYesNo gives for a spelling, as the table writes values ('yes', 'no', 'unknown' for yes/no fields). */
const valueOf = (field: CodedField | YesNoField, text: string): string => {
  if (isCoded(field)) return readCode(field, text).value;
  const { value } = readYesNo(field, text);
  return value === null ? 'unknown' : value ? 'yes' : 'no';
};

/** Every known spelling of every field, with the value it stands for. */
const SPELLINGS = FIELDS.flatMap((field) => knownSpellings(field).map(([spelling, value]) => ({ field, spelling, value })));

/** A spelling written otherwise: each letter in either case, its words apart by any run of spaces, tabs and punctuation. */
const variantOf = (spelling: string) =>
  fc
    .record({
      upper: fc.array(fc.boolean(), { minLength: spelling.length, maxLength: spelling.length }),
      gaps: fc.array(fc.constantFrom(' ', '  ', '\t', '-', ' - ', '_', '/', ', ', '.'), { minLength: 20, maxLength: 20 }),
      before: fc.constantFrom('', ' ', '  ', '\t'),
      after: fc.constantFrom('', ' ', '\t', '  '),
    })
    .map(({ upper, gaps, before, after }) => {
      const cased = [...spelling].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join('');
      const words = cased.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
      return before + words.map((w, i) => (i === 0 ? w : `${gaps[i % gaps.length] ?? ' '}${w}`)).join('') + after;
    });

describe('the report codes table', () => {
  it('passes its schema and its own checks', () => {
    expect(checkReportCodes(REPORT_CODES)).toEqual([]);
  });

  it('names a value the format lacks and a spelling of two values', () => {
    const bad = structuredClone(REPORT_CODES);
    bad.fields.weather.spellings.sunshine = ['sunny day'];
    bad.fields.weather.spellings.rain?.push('FOG');
    expect(checkReportCodes(bad).map((p) => p.message)).toEqual(['"fog" already stands for rain', '"sunshine" is not a value of weather']);
  });

  it('reads any case and spacing of a known spelling as its value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SPELLINGS).chain((s) => variantOf(s.spelling).map((variant) => ({ ...s, variant }))),
        ({ field, value, variant }) => {
          expect(valueOf(field, variant)).toBe(value);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads an agency\'s "number - words" by its words, whatever the number', () => {
    const words = SPELLINGS.filter((s) => !/^\d+$/.test(s.spelling));
    fc.assert(
      fc.property(
        fc.constantFrom(...words),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom(' - ', '-', ': ', ') ', ' = '),
        ({ field, spelling, value }, n, sep) => {
          expect(valueOf(field, `${n}${sep}${spelling.toUpperCase()}`)).toBe(value);
        },
      ),
    );
  });

  it('reads MMUCC numbers with or without leading zeros', () => {
    expect(readCode('weather', '07').value).toBe('rain');
    expect(readCode('weather', '7').value).toBe('rain');
    expect(readCode('weather', '3').value).toBe('clear');
    expect(readCode('roadCondition', '09').value).toBe('wet');
    expect(readCode('light', '2').value).toBe('dawn-dusk');
    expect(readCode('damageArea', '12').value).toBe('front');
    expect(readCode('gender', '01').value).toBe('female');
    expect(readYesNo('airbags', '00').value).toBe(false);
    expect(readYesNo('seatbelt', '08').value).toBe(true);
  });

  it('reads the spellings of state exports', () => {
    expect(readCode('weather', '2 - RAIN')).toEqual({ value: 'rain', known: true });
    expect(readCode('ethnicity', 'W - WHITE').value).toBe('white');
    expect(readCode('damageArea', 'LF - LEFT FRONT').value).toBe('front-left');
    // Letters that are not the words' initials are no code: "X - DEPLOYED" is not "deployed".
    expect(readYesNo('airbags', 'X - DEPLOYED')).toEqual({ value: null, text: 'X - DEPLOYED', known: false });
    expect(readYesNo('airbags', 'NOT - DEPLOYED').value).toBe(false);
    expect(readCode('weather', 'Rain').value).toBe('rain');
    expect(readCode('roadCondition', 'WET').value).toBe('wet');
    expect(readCode('light', 'DAYLIGHT').value).toBe('daylight');
    expect(readCode('light', 'DARK - NOT LIGHTED').value).toBe('dark-not-lighted');
    expect(readCode('damageArea', 'FRONT END').value).toBe('front');
    expect(readCode('damageArea', 'LEFT SIDE').value).toBe('left');
    expect(readCode('gender', 'F').value).toBe('female');
    expect(readCode('gender', 'U').value).toBe('unknown');
    expect(readYesNo('seatbelt', 'SHOULDER AND LAP BELT USED').value).toBe(true);
    expect(readYesNo('airbags', 'Not Deployed').value).toBe(false);
    expect(readYesNo('insured', 'N/A')).toEqual({ value: null, known: true });
  });

  it('keeps what it does not know as other with its text, and other spelled out without one', () => {
    expect(readCode('weather', '  Volcanic ash ')).toEqual({ value: 'other', text: 'Volcanic ash', known: false });
    // A number no MMUCC attribute has, and an agency number whose words mean nothing: text.
    expect(readCode('weather', '42')).toEqual({ value: 'other', text: '42', known: false });
    expect(readCode('weather', '2 - SUNNY SPELLS')).toEqual({ value: 'other', text: '2 - SUNNY SPELLS', known: false });
    expect(readCode('gender', 'X')).toEqual({ value: 'other', text: 'X', known: false });
    expect(readCode('weather', 'OTHER')).toEqual({ value: 'other', known: true });
    expect(readYesNo('seatbelt', 'CHILD SEAT')).toEqual({ value: null, text: 'CHILD SEAT', known: false });
    expect(readCode('weather', 'x'.repeat(500)).text).toHaveLength(200);
  });

  it('compares spellings without accents, case or punctuation', () => {
    expect(spellingKey('  Dark – Not  Lighted ')).toBe('dark not lighted');
    expect(spellingKey('Água/Wet')).toBe('agua wet');
    expect(spellingKey('007')).toBe('7');
  });
});
