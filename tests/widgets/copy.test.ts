import { describe, expect, it } from 'vitest';
import { catalogues, flatten, type Tree } from '../testing/i18n.ts';
import { allFlows } from '../testing/flows.ts';
import estimateRules from '../../facts/estimate.json' with { type: 'json' };

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

// The flows, and the estimate's rules (their reasons' copy keys).
const flows = [...allFlows(), estimateRules];

function copyKeysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string' && /^(common|errors|fields|locate|estimate):/.test(value)) found.add(value);
  else if (Array.isArray(value)) value.forEach((v) => copyKeysIn(v, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => copyKeysIn(v, found));
  return found;
}

describe.each(['common', 'errors', 'fields', 'locate', 'estimate'])('%s copy', (ns) => {
  const en = flatten(catalogues.en?.[ns] as Tree);
  const es = flatten(catalogues.es?.[ns] as Tree);

  it('has the same keys in English and Spanish, none empty', () => {
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of [...en, ...es]) expect(text.trim(), key).not.toBe('');
  });

  it('uses the same placeholders and tags in both languages', () => {
    for (const [key, text] of en) expect(placeholders(es.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('has every key the flows reference', () => {
    const keys = [...copyKeysIn(flows)].filter((k) => k.startsWith(`${ns}:`)).map((k) => k.slice(ns.length + 1));
    // A key said with a count is there in its plural forms.
    const has = (catalogue: Map<string, string>, key: string) => catalogue.has(key) || catalogue.has(`${key}_other`);
    for (const key of keys) {
      expect(has(en, key), `en ${ns}:${key}`).toBe(true);
      expect(has(es, key), `es ${ns}:${key}`).toBe(true);
    }
  });
});

describe('error catalogue', () => {
  it('keeps its English texts, in sentence case and calm for a stressed reader', () => {
    expect(catalogues.en?.errors).toMatchObject({
      PLEASE_ENTER_FULL_VALID_NAME: 'Please enter your first and last name.',
      PLEASE_ENTER_VALID_EMAIL: 'Please enter a valid email address.',
      CELL_PHONE_NUMBER_IS_INVALID_: 'This cell phone number is not valid. Please check it and try again.',
      CODE_YOU_ENTERED_IS_INVALID_: 'The code you entered is not valid. Please check the text we sent you and try again.',
      NETWORK_ERROR: 'Network error',
      INJURY_TYPE_REQUIRED: 'Injury type is required',
      DATE_IS_REQUIRED: 'Date is required',
      CITY_IS_REQUIRED: 'City is required',
      PLEASE_START_TYPING_AND_THEN_CHOOSE_THE_CITY_FROM_THE_DROPDOWN_LIST: 'Please start typing and then choose the city from the dropdown list.',
      VIN_IS_REQUIRED: 'VIN is required',
      VIN_SHOULD_BE_17: 'VIN should be 17 characters long',
      CASE_ID_IS_REQUIRED: 'Case ID is required',
      CASE_ID_CANNOT_BE_EMPTY: 'Case ID cannot be empty.',
      PLEASE_SELECT_LOCATION_ON_THE_MAP: 'Please select the location on the map',
      VEHICLE_MAKE_IS_REQUIRED: 'Vehicle make is required',
      YEAR_IS_REQUIRED: 'Year is required',
      YEAR_NOT_VALID: 'This year is not valid',
      PLEASE_ENTER_VALID_YEAR_OF_THE_VEHICLE: 'Please enter a valid year for the vehicle.',
      TOUCH_THE_MAP_TO_DROP_A_PIN: 'Touch the map to drop a pin',
      GEOCODER_FAILED: "We couldn't look up this place ({{status}}). Please try again.",
      NO_RESULTS_FOUND: 'No results found',
    });
  });

  it('has no exclamation marks and no words in capitals but initialisms, in either language (only the thanks may cheer)', () => {
    for (const lang of ['en', 'es'] as const) {
      for (const [key, text] of flatten(catalogues[lang]?.errors as Tree)) {
        if (key === 'THANK_YOU') continue;
        expect(text, `${lang} ${key}`).not.toMatch(/[!¡]/);
        expect(text.replace(/\{\{\w+\}\}/g, ''), `${lang} ${key}`).not.toMatch(/\b(?!VIN\b|URL\b|ID\b)[A-Z]{2,}\b/);
      }
    }
  });
});
