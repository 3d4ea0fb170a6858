// A report as a feed sent it, made into the report format (schemas/report.schema.json) without losing it over a
// spelling: coded fields read through report-codes.ts, numbers written as text read as numbers, empty and null fields
// left out; then a field the format still refuses is left out with a warning, unless the report cannot be known,
// found or proved without it (source, crashId, occurredAt, state, a place, its units' numbers and makes): only that
// rejects it. A VIN that is no VIN is kept as text with a warning (prepare-report.ts keeps it out of the searched VINs).
// A field the format lacks is left out before the schema is checked, and only the first 100 warnings are kept (the
// others counted), so a report of thousands of unknown keys costs a loop, not thousands of error objects.
import reportSchema from '../../schemas/report.schema.json' with { type: 'json' };
import { CappedList, tooManyFields, WARNINGS_PER_REPORT } from './ingest-limits.ts';
import { readCode, readYesNo, YES_NO_FIELDS, type CodedField, type YesNoField } from './report-codes.ts';
import type { FieldError, ReportInput } from './report-input.ts';
import { unstorablePointer } from './unstorable-text.ts';
import { checkReportSchema } from './validate-report.ts';

/** Something of a report that was stored otherwise than sent: where (a JSON pointer), what was sent, and what was done. */
export interface FieldWarning {
  field: string;
  value: unknown;
  message: string;
}

/** warnings: the first WARNINGS_PER_REPORT; warningsLeftOut: how many more there were. */
export type Normalised = { ok: true; report: ReportInput; warnings: FieldWarning[]; warningsLeftOut: number } | { ok: false; errors: FieldError[] };

type Warnings = CappedList<FieldWarning>;

/** A VIN as the search and the proof of involvement take it: 17 characters, no I, O or Q. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/i;

/** The fields a report cannot be kept without. */
const ESSENTIAL = /^\/(source|crashId|occurredAt|state|units(\/\d+(\/(unit|make))?)?)?$/;
const isEssential = (pointer: string) => pointer === '/' || ESSENTIAL.test(pointer);

const CRASH_CODED = ['weather', 'roadCondition', 'light'] as const;
const DRIVER_CODED = ['gender', 'ethnicity'] as const;
/** The yes/no fields whose text is kept beside them when it is neither. */
const YES_NO_TEXT = new Set<YesNoField>(['seatbelt', 'airbags']);
const CRASH_NUMBERS = ['speedLimit', 'injuredCount', 'fatalCount'];
const UNIT_NUMBERS = ['unit', 'year', 'occupants'];
const DRIVER_NUMBERS = ['age'];
/** A whole number written as text: "35", " 35 ", "35 MPH". */
const NUMBER_TEXT = /^\s*(\d{1,6})(\s*mph)?\s*$/i;
const ZIP_PLUS_FOUR = /^\s*(\d{5})-?\d{4}\s*$/;

/** The fields of each object of the format. */
const REPORT_FIELDS = new Set(Object.keys(reportSchema.properties));
const UNIT_FIELDS = new Set(Object.keys(reportSchema.$defs.unit.properties));
const DRIVER_FIELDS = new Set(Object.keys(reportSchema.$defs.driver.properties));
const RESIDENCE_FIELDS = new Set(Object.keys(reportSchema.$defs.driver.properties.residence.properties));
const MAX_UNITS = reportSchema.properties.units.maxItems;
const NOT_A_FIELD = 'is not a field of the report format: left out';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const pointerKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The report made into the format, with what was done to it; or what rejects it. */
export function normaliseReport(input: unknown): Normalised {
  if (!isObject(input)) return checkReportSchema(input) as Normalised;
  // What no feed sends is refused before it is gone through: a report of more fields than any export has, more units
  // than the format takes (one error, not one a unit).
  const tooMany = tooManyFields(input);
  if (tooMany) return { ok: false, errors: [{ field: '/', message: tooMany }] };
  if (Array.isArray(input.units) && input.units.length > MAX_UNITS) {
    return { ok: false, errors: [{ field: '/units', message: `must NOT have more than ${MAX_UNITS} items` }] };
  }
  const warnings: Warnings = new CappedList(WARNINGS_PER_REPORT);
  const report = tidy(input, REPORT_FIELDS, CRASH_NUMBERS, ['source', 'crashId', 'occurredAt', 'state', 'units'], '', warnings);
  if (typeof report.zip === 'string') report.zip = report.zip.replace(ZIP_PLUS_FOUR, '$1');
  for (const field of CRASH_CODED) readCoded(report, field, '', warnings);
  if (Array.isArray(report.units)) {
    report.units = (report.units as unknown[]).map((u, i) => {
      if (!isObject(u)) return u;
      const path = `/units/${i}`;
      const unit = tidy(u, UNIT_FIELDS, UNIT_NUMBERS, ['unit', 'make'], path, warnings);
      readCoded(unit, 'damageArea', path, warnings);
      for (const field of YES_NO_FIELDS) readFlag(unit, field, path, warnings);
      if (typeof unit.vin === 'string') {
        const vin = unit.vin.trim();
        unit.vin = vin;
        if (!VIN_PATTERN.test(vin)) {
          warnings.push({ field: `${path}/vin`, value: u.vin, message: 'is not a VIN of 17 characters without I, O or Q: kept as text, not searchable' });
        }
      }
      if (isObject(unit.driver)) {
        const driver = tidy(unit.driver, DRIVER_FIELDS, DRIVER_NUMBERS, [], `${path}/driver`, warnings);
        for (const field of DRIVER_CODED) readCoded(driver, field, `${path}/driver`, warnings);
        if (isObject(driver.residence)) {
          driver.residence = tidy(driver.residence, RESIDENCE_FIELDS, [], [], `${path}/driver/residence`, warnings);
          const residence = driver.residence as Json;
          if (typeof residence.zip === 'string') residence.zip = residence.zip.replace(ZIP_PLUS_FOUR, '$1');
        }
        unit.driver = driver;
      }
      return unit;
    });
  }
  return leaveOutWhatFails(report, warnings);
}

/**
 * A copy without its empty strings and nulls (but those of the fields it cannot do without), numbers written as text
 * read, and without the fields the format lacks (known), each with a warning (path: the object's pointer).
 */
function tidy(object: Json, known: ReadonlySet<string>, numbers: readonly string[], kept: readonly string[], path: string, warnings: Warnings): Json {
  const copy: Json = {};
  for (const [key, value] of Object.entries(object)) {
    if (!kept.includes(key) && (value === null || (typeof value === 'string' && value.trim() === ''))) continue;
    if (!known.has(key)) {
      warnings.push({ field: `${path}/${pointerKey(key)}`, value, message: NOT_A_FIELD });
      continue;
    }
    const digits = numbers.includes(key) && typeof value === 'string' ? NUMBER_TEXT.exec(value) : null;
    copy[key] = digits ? Number(digits[1]) : value;
  }
  return copy;
}

/** A coded field read through the table: its value, its text beside it when other; a warning when the table knew nothing of it. */
function readCoded(object: Json, field: CodedField, path: string, warnings: Warnings): void {
  const raw = object[field];
  const textField = `${field}Text`;
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    if (raw === undefined) delete object[textField];
    return;
  }
  const reading = readCode(field, String(raw));
  object[field] = reading.value;
  if (reading.value !== 'other') delete object[textField];
  else if (reading.text !== undefined && typeof object[textField] !== 'string') object[textField] = reading.text;
  if (!reading.known) warnings.push({ field: `${path}/${field}`, value: raw, message: `is none of the ${field} codes: stored as other, its text kept` });
}

/** A yes/no field read through the table: true, false, or left out (its text kept for seatbelt and airbags). */
function readFlag(object: Json, field: YesNoField, path: string, warnings: Warnings): void {
  const raw = object[field];
  const textField = `${field}Text`;
  if (typeof raw === 'boolean') {
    delete object[textField];
    return;
  }
  if (raw === 0 || raw === 1) {
    object[field] = raw === 1;
    delete object[textField];
    return;
  }
  if (typeof raw !== 'string' && typeof raw !== 'number') return;
  const reading = readYesNo(field, String(raw));
  if (reading.value === null) delete object[field];
  else {
    object[field] = reading.value;
    delete object[textField];
  }
  const keepText = YES_NO_TEXT.has(field);
  if (reading.value === null && reading.text !== undefined && keepText && typeof object[textField] !== 'string') object[textField] = reading.text;
  if (!reading.known) {
    warnings.push({ field: `${path}/${field}`, value: raw, message: keepText ? 'is neither yes nor no: its text kept' : 'is neither yes nor no: left out' });
  }
}

/** The JSON pointer's parent and key ('/units/0/vin' → units[0] and 'vin'). */
function locate(root: Json, pointer: string): { parent: Json | unknown[]; key: string } | undefined {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = root;
  for (const key of keys.slice(0, -1)) {
    node = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
    if (node === undefined) return undefined;
  }
  const key = keys.at(-1);
  return key !== undefined && (Array.isArray(node) || isObject(node)) ? { parent: node, key } : undefined;
}

const valueAt = (root: Json, pointer: string): unknown => {
  const at = locate(root, pointer);
  return at && (Array.isArray(at.parent) ? at.parent[Number(at.key)] : at.parent[at.key]);
};

const leaveOut = (root: Json, pointer: string) => {
  const at = locate(root, pointer);
  if (at && !Array.isArray(at.parent)) delete at.parent[at.key];
};

/** Passes: the schema's problems each leave their field out (a missing part of a driver or residence leaves it out whole). */
const MAX_PASSES = 8;

function leaveOutWhatFails(report: Json, warnings: Warnings): Normalised {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const checked = checkReportSchema(report);
    if (checked.ok) return storable(report, warnings);
    // Without city and location the schema's anyOf fails at the root: the one place problem, said once.
    const placeless = report.city === undefined && report.location === undefined;
    const errors = checked.errors.filter((e) => !(placeless && (e.field === '/' || e.field === '/city' || e.field === '/location')));
    const fatal = [
      ...errors.filter((e) => isEssential(e.field)),
      ...(placeless ? [{ field: '/city', message: 'or location is required: the report has no place' }] : []),
    ];
    if (fatal.length > 0) return { ok: false, errors: fatal };
    for (const { field, message } of errors) {
      const missing = message === 'is required';
      const parent = missing ? field.slice(0, field.lastIndexOf('/')) : field;
      // A location is whole or not at all.
      const pointer = parent.startsWith('/location/') ? '/location' : parent;
      if (isEssential(pointer)) return { ok: false, errors: [{ field, message }] };
      const value = valueAt(report, pointer);
      if (value === undefined) continue;
      // "has no lastName", "must match pattern ...", for a part of a location "lat must be <= 90".
      const what = missing
        ? `has no ${field.slice(field.lastIndexOf('/') + 1)}`
        : pointer === field
          ? message
          : `${field.slice(pointer.length + 1)} ${message}`;
      warnings.push({ field: pointer, value, message: `${what}: left out` });
      leaveOut(report, pointer);
    }
  }
  return { ok: false, errors: [{ field: '/', message: 'could not be made into a report' }] };
}

/** Text PostgreSQL cannot store (U+0000, a lone surrogate) rejects a field the report needs; elsewhere it is taken out. */
function storable(report: Json, warnings: Warnings): Normalised {
  for (let pointer = unstorablePointer(report); pointer !== undefined; pointer = unstorablePointer(report)) {
    if (isEssential(pointer) || pointer === '/') return { ok: false, errors: [{ field: pointer, message: 'must be Unicode text without U+0000' }] };
    const at = locate(report, pointer);
    const value = valueAt(report, pointer);
    if (!at || typeof value !== 'string' || Array.isArray(at.parent))
      return { ok: false, errors: [{ field: pointer, message: 'must be Unicode text without U+0000' }] };
    // eslint-disable-next-line no-control-regex -- U+0000 is exactly what is taken out.
    at.parent[at.key] = value.replace(/\u0000/g, '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
    warnings.push({ field: pointer, value, message: 'held characters that cannot be stored (U+0000 or a lone surrogate): taken out' });
  }
  return { ok: true, report: report as unknown as ReportInput, warnings: warnings.items, warningsLeftOut: warnings.leftOut };
}
