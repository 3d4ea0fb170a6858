// Rules of the VIN, case ID, pin, make and year fields as the spec's error keys (§5); date and city: fields/field-errors.ts.
import { validators, vinCheckDigitMatches } from '../../engine/validators.ts';

/** VIN length (§9). */
export const VIN_LENGTH = 17;
/** Vehicle years (§9): 1900 to this year. */
const FIRST_YEAR = 1900;

/** A catalogue key such as errors:VIN_IS_REQUIRED. */
export type ErrorKey = string;

/** A typed or pasted VIN: capital letters and digits only (spaces and dashes dropped), at most 17. */
export function toVin(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, VIN_LENGTH);
}

export function vinError(vin: string): ErrorKey | null {
  if (vin.trim() === '') return 'errors:VIN_IS_REQUIRED';
  // I, O and Q are checked first: they are the usual reason a full-length VIN is wrong.
  if (/[IOQ]/.test(vin)) return 'errors:VIN_INVALID_CHARACTERS';
  if (!validators.vin(vin)) return 'errors:VIN_SHOULD_BE_17';
  return null;
}

/** A warning only (some makers do not use the check digit): the person may go on. */
export function vinWarning(vin: string): ErrorKey | null {
  return validators.vin(vin) && !vinCheckDigitMatches(vin) ? 'errors:VIN_CHECK_DIGIT_MISMATCH' : null;
}

/** Nothing typed: CASE_ID_IS_REQUIRED; only spaces: CASE_ID_CANNOT_BE_EMPTY. */
export function caseIdError(caseID: string): ErrorKey | null {
  if (validators.required(caseID)) return null;
  return caseID === '' ? 'errors:CASE_ID_IS_REQUIRED' : 'errors:CASE_ID_CANNOT_BE_EMPTY';
}

export function locationError(location: unknown): ErrorKey | null {
  return validators.point(location) ? null : 'errors:PLEASE_SELECT_LOCATION_ON_THE_MAP';
}

/** No make chosen: required when nothing was typed, "choose from the list" when the field was left with other text. */
export function makeError(make: string, typed: string): ErrorKey | null {
  if (make.trim() !== '') return null;
  return typed.trim() === '' ? 'errors:VEHICLE_MAKE_IS_REQUIRED' : 'locate:make.choose';
}

export function yearError(text: string, thisYear = new Date().getFullYear()): ErrorKey | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'errors:YEAR_IS_REQUIRED';
  if (!/^\d+$/.test(trimmed)) return 'errors:YEAR_NOT_VALID';
  const year = Number(trimmed);
  return year >= FIRST_YEAR && year <= thisYear ? null : 'errors:PLEASE_ENTER_VALID_YEAR_OF_THE_VEHICLE';
}

/** The stored year: a number when the text is digits, else null. */
export function toYear(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : null;
}
