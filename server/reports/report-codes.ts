// The coded fields of a report (weather, road, light, damage area, gender, ethnicity; seatbelt, airbags, insured, at
// fault) read however a feed spells them, through one table: report-codes.json, checked against
// schemas/report-codes.schema.json and the report format's values once, when this module loads. A value is compared in
// lower case with runs of spaces and punctuation as one space; a bare number is an MMUCC code; "2 - RAIN" or "W - WHITE"
// (an agency's own code and its words) is read by its words alone. What maps to nothing is other, its text kept beside.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Problem } from '../../engine/check.ts';
import reportSchema from '../../schemas/report.schema.json' with { type: 'json' };
import schema from '../../schemas/report-codes.schema.json' with { type: 'json' };
import table from './report-codes.json' with { type: 'json' };

export const CODED_FIELDS = ['weather', 'roadCondition', 'light', 'damageArea', 'gender', 'ethnicity'] as const;
export const YES_NO_FIELDS = ['seatbelt', 'airbags', 'insured', 'atFault'] as const;
export type CodedField = (typeof CODED_FIELDS)[number];
export type YesNoField = (typeof YES_NO_FIELDS)[number];

/** The longest text kept beside other (the report format's limit for the *Text fields). */
export const MAX_TEXT = 200;

interface FieldTable {
  mmucc?: { element: string; source: string; codes: Record<string, string> };
  spellings: Record<string, string[]>;
}

export interface ReportCodesFile {
  unknown: string[];
  fields: Record<CodedField | YesNoField, FieldTable>;
}

/** A value as read: the field's value; text, the report's own words when the value is other (or no yes/no); known: the table knew it. */
export interface Reading<T> {
  value: T;
  text?: string;
  known: boolean;
}

/** A spelling as compared: no accents, lower case, each run of spaces and punctuation one space; numbers without leading zeros. */
export function spellingKey(text: string): string {
  const key = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return /^\d+$/.test(key) ? String(Number(key)) : key;
}

/** "2 - RAIN", "07: Rain", "3) CLEAR", "W - WHITE", "LF - LEFT FRONT": an agency's code, then its words. */
const CODE_AND_WORDS = /^\s*(\d{1,4}|[A-Za-z]{1,3})\s*[-–—:.)=]\s*(\S.*)$/s;

/** A letter code is the words' initials ("LF - LEFT FRONT") or the start of the first word ("W - WHITE"). */
function lettersFit(code: string, words: string): boolean {
  const list = spellingKey(words).split(' ');
  const letters = code.toLowerCase();
  return (
    list
      .map((w) => w[0])
      .join('')
      .startsWith(letters) || (list[0] ?? '').startsWith(letters)
  );
}

/** The values the report format allows for each coded field (schemas/report.schema.json). */
const FORMAT_VALUES: Record<CodedField, readonly string[]> = {
  weather: reportSchema.properties.weather.enum,
  roadCondition: reportSchema.properties.roadCondition.enum,
  light: reportSchema.properties.light.enum,
  damageArea: reportSchema.$defs.unit.properties.damageArea.enum,
  gender: reportSchema.$defs.driver.properties.gender.enum,
  ethnicity: reportSchema.$defs.driver.properties.ethnicity.enum,
};
const YES_NO_VALUES = ['yes', 'no'];

const validateSchema = new Ajv2020({ strict: true, allErrors: true }).compile<ReportCodesFile>(schema);

/** The problems of a codes file, each with its JSON pointer: the schema's, then values the format lacks and spellings of two values. */
export function checkReportCodes(file: unknown): Problem[] {
  if (!validateSchema(file)) {
    return (validateSchema.errors ?? []).map((e) => ({
      pointer: e.instancePath || '/',
      message: e.keyword === 'additionalProperties' ? `unknown property "${String(e.params.additionalProperty)}"` : (e.message ?? 'is invalid'),
    }));
  }
  const problems: Problem[] = [];
  for (const field of [...CODED_FIELDS, ...YES_NO_FIELDS]) {
    const pointer = `/fields/${field}`;
    const { mmucc, spellings } = file.fields[field];
    const values = (CODED_FIELDS as readonly string[]).includes(field) ? FORMAT_VALUES[field as CodedField] : YES_NO_VALUES;
    const seen = new Map<string, string>();
    for (const value of values) seen.set(spellingKey(value), value);
    for (const [value, list] of Object.entries(spellings)) {
      if (!values.includes(value)) problems.push({ pointer: `${pointer}/spellings/${value}`, message: `"${value}" is not a value of ${field}` });
      for (const spelling of list) {
        const key = spellingKey(spelling);
        if (key === '' || /^\d+$/.test(key))
          problems.push({ pointer: `${pointer}/spellings/${value}`, message: `"${spelling}" is no spelling: numbers are MMUCC codes` });
        const before = seen.get(key);
        if (before !== undefined && before !== value)
          problems.push({ pointer: `${pointer}/spellings/${value}`, message: `"${spelling}" already stands for ${before}` });
        seen.set(key, value);
      }
    }
    for (const [code, value] of Object.entries(mmucc?.codes ?? {})) {
      if (!values.includes(value) && value !== 'unknown')
        problems.push({ pointer: `${pointer}/mmucc/codes/${code}`, message: `"${value}" is not a value of ${field}` });
    }
  }
  return problems;
}

interface Lookup {
  /** Spelling key (or MMUCC code) to value; 'unknown' for a yes/no field is no value. */
  byKey: Map<string, string>;
  /** Keys of the spellings listed under other: other without a text of its own. */
  other: Set<string>;
}

function lookupOf(file: ReportCodesFile, field: CodedField | YesNoField, values: readonly string[]): Lookup {
  const byKey = new Map<string, string>();
  for (const spelling of file.unknown) byKey.set(spellingKey(spelling), 'unknown');
  for (const value of values) byKey.set(spellingKey(value), value);
  const { mmucc, spellings } = file.fields[field];
  for (const [code, value] of Object.entries(mmucc?.codes ?? {})) byKey.set(code, value);
  for (const [value, list] of Object.entries(spellings)) for (const spelling of list) byKey.set(spellingKey(spelling), value);
  return { byKey, other: new Set(['other', ...(spellings.other ?? [])].map(spellingKey)) };
}

function loadReportCodes(file: unknown): ReportCodesFile {
  const problems = checkReportCodes(file);
  if (problems.length > 0) throw new Error(`report-codes.json: ${problems.map((p) => `${p.pointer}: ${p.message}`).join('; ')}`);
  return file as ReportCodesFile;
}

/** The table in force (server/reports/report-codes.json). */
export const REPORT_CODES: ReportCodesFile = loadReportCodes(table);

const LOOKUPS = new Map<string, Lookup>([
  ...CODED_FIELDS.map((f): [string, Lookup] => [f, lookupOf(REPORT_CODES, f, FORMAT_VALUES[f])]),
  ...YES_NO_FIELDS.map((f): [string, Lookup] => [f, lookupOf(REPORT_CODES, f, [])]),
]);

/** The value a text stands for in a field's table, if any: the whole text, else the words after an agency's number. */
function find(lookup: Lookup, raw: string): { value: string; key: string } | undefined {
  const key = spellingKey(raw);
  const value = lookup.byKey.get(key);
  if (value !== undefined) return { value, key };
  const [, code, words] = CODE_AND_WORDS.exec(raw) ?? [];
  if (code === undefined || words === undefined || /^\d+$/.test(key) || (/^[A-Za-z]/.test(code) && !lettersFit(code, words))) return undefined;
  const wordsKey = spellingKey(words);
  // The code of "2 - RAIN" is the agency's own: only its words are read, never the number as an MMUCC code.
  const byWords = /^\d+$/.test(wordsKey) ? undefined : lookup.byKey.get(wordsKey);
  return byWords === undefined ? undefined : { value: byWords, key: wordsKey };
}

const textOf = (raw: string) => raw.trim().slice(0, MAX_TEXT);

/** The format's own values, read as they are without a lookup (most reports spell them so). */
const OWN = new Map(CODED_FIELDS.map((f) => [f, new Set(FORMAT_VALUES[f])]));

/** A coded field's value as a feed wrote it (any case, spacing, MMUCC number or common abbreviation): the format's value. */
export function readCode(field: CodedField, raw: string): Reading<string> {
  if (raw !== 'other' && OWN.get(field)?.has(raw)) return { value: raw, known: true };
  const lookup = LOOKUPS.get(field) as Lookup;
  const found = find(lookup, raw);
  if (!found) return { value: 'other', text: textOf(raw), known: false };
  return found.value === 'other' && !lookup.other.has(found.key) ? { value: 'other', text: textOf(raw), known: true } : { value: found.value, known: true };
}

/** A yes/no field as a feed wrote it ("Y", "NOT DEPLOYED", an MMUCC number): true or false, null when the report does not know. */
export function readYesNo(field: YesNoField, raw: string): Reading<boolean | null> {
  const found = find(LOOKUPS.get(field) as Lookup, raw);
  if (!found) return { value: null, text: textOf(raw), known: false };
  return { value: found.value === 'yes' ? true : found.value === 'no' ? false : null, known: true };
}

/** Every spelling the table knows for a field, with the value it stands for (its own values and MMUCC codes included). */
export function knownSpellings(field: CodedField | YesNoField): [spelling: string, value: string][] {
  const { mmucc, spellings } = REPORT_CODES.fields[field];
  const own = (CODED_FIELDS as readonly string[]).includes(field) ? FORMAT_VALUES[field as CodedField].map((v): [string, string] => [v, v]) : [];
  return [
    ...REPORT_CODES.unknown
      .filter((u) => !Object.values(spellings).some((list) => list.map(spellingKey).includes(spellingKey(u))))
      .map((u): [string, string] => [u, 'unknown']),
    ...own,
    ...Object.entries(mmucc?.codes ?? {}),
    ...Object.entries(spellings).flatMap(([value, list]) => list.map((s): [string, string] => [s, value])),
  ];
}
