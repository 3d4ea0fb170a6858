// The graph's guards in words: the common shapes of the flows' JSON Logic read as English, anything else as compact JSON.
import { describe, expect, it } from 'vitest';
import { guardWords } from '../../studio/graph/guard-words.ts';

const v = (path: string) => ({ var: path });
const answered = (field: string) => ({ '!==': [v(`answers.${field}`), null] });
const valid = (rule: string, field: string) => ({ valid: [rule, v(`answers.${field}`)] });

describe('guardWords', () => {
  it('says a shared condition once for every field it is about', () => {
    expect(guardWords({ and: [answered('fault'), answered('commercial')] })).toBe('fault and commercial answered');
    expect(guardWords({ and: [valid('fullName', 'name'), valid('email', 'email'), valid('phone', 'phone')] })).toBe('name, email and phone valid');
  });

  it('words comparisons, required fields, effect results and negations', () => {
    expect(guardWords({ '==': [v('answers.locateBy'), 'vin'] })).toBe('locateBy is “vin”');
    expect(guardWords({ '==': [v('answers.legalConsult'), false] })).toBe('legalConsult is no');
    expect(guardWords({ '===': [null, v('answers.fault')] })).toBe('fault not answered');
    expect(guardWords({ '>': [{ count: [v('answers.leadTypes')] }, 0] })).toBe('number of leadTypes is more than 0');
    expect(guardWords({ and: [valid('required', 'accidentReason'), { '!': [v('results.updateLead')] }] })).toBe(
      'accidentReason filled in and updateLead not done',
    );
    expect(guardWords(v('results.sendCode.verified'))).toBe('sendCode gave verified');
    expect(guardWords({ '!': v('results.searchReports.count') })).toBe('searchReports gave no count');
    expect(guardWords({ in: [v('answers.state'), ['TX', 'CA']] })).toBe('state is one of “TX”, “CA”');
  });

  it('brackets the alternatives of an "or" that are themselves conditions on several fields', () => {
    const byVin = { and: [{ '==': [v('answers.locateBy'), 'vin'] }, valid('vin', 'vin'), valid('pastDate', 'date')] };
    const byCase = { and: [{ '==': [v('answers.locateBy'), 'case'] }, valid('required', 'caseID')] };
    expect(guardWords({ or: [byVin, byCase] })).toBe('(locateBy is “vin” and vin and date valid) or (locateBy is “case” and caseID filled in)');
    expect(guardWords({ or: [{ '==': [v('answers.a'), true] }, { and: [{ '==': [v('answers.b'), true] }, { '==': [v('answers.c'), true] }] }] })).toBe(
      'a is yes or b and c are yes',
    );
  });

  it('falls back to compact JSON Logic for what it cannot word', () => {
    const rule = { if: [v('answers.a'), 1, 2] };
    expect(guardWords(rule)).toBe(JSON.stringify(rule));
    expect(guardWords({ and: [answered('fault'), rule] })).toBe(`fault answered and ${JSON.stringify(rule)}`);
  });
});
