// The state facts are data with a source for every value: each file passes its schema (the 50 states and DC, once each),
// and the values are in the ranges the law has, with the changes of recent years in them.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { factsOf, STATE_CODES, STATE_FACT_FILES } from '../../engine/state-facts.ts';

const SCHEMAS = join(import.meta.dirname, '..', '..', 'schemas', 'state-facts');
const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

function validator() {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  for (const file of readdirSync(SCHEMAS)) ajv.addSchema(readJson(join(SCHEMAS, file)));
  return (family: string, data: unknown) => {
    const validate = ajv.getSchema(`https://claimflow.example/schemas/state-facts/${family}.schema.json`);
    if (!validate) throw new Error(`no schema for ${family}`);
    return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}

describe('state facts', () => {
  const check = validator();

  it.each(Object.entries(STATE_FACT_FILES))('%s passes its schema', (family, data) => {
    expect(check(family, data)).toEqual([]);
  });

  it('holds the 50 states and DC, once each, in every file', () => {
    expect(STATE_CODES).toHaveLength(51);
    expect(STATE_CODES).toContain('DC');
    for (const data of Object.values(STATE_FACT_FILES)) expect(Object.keys(data.states).sort()).toEqual(STATE_CODES);
  });

  it('rejects a file with a state missing, a value without its citation, or one out of range', () => {
    const statutes = structuredClone(STATE_FACT_FILES['statutes-of-limitations']) as { states: Record<string, Record<string, unknown>> };
    delete statutes.states.WY;
    expect(check('statutes-of-limitations', statutes).join()).toMatch(/fewer than 51/);
    const insurance = structuredClone(STATE_FACT_FILES['minimum-insurance']) as { states: Record<string, Record<string, unknown>> };
    delete insurance.states.TX?.citation;
    (insurance.states.CA as Record<string, unknown>).bodilyInjuryPerPerson = 3000;
    expect(check('minimum-insurance', insurance)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/states\/TX must have required property 'citation'/),
        expect.stringMatching(/^\/states\/CA\/bodilyInjuryPerPerson/),
      ]),
    );
    const rules = structuredClone(STATE_FACT_FILES['fault-rules']) as { states: Record<string, Record<string, unknown>> };
    (rules.states.MA?.noFault as Record<string, unknown>).medicalCosts = undefined;
    delete (rules.states.MA?.noFault as Record<string, unknown>).medicalCosts;
    expect(check('fault-rules', rules).join()).toMatch(/medicalCosts/);
  });

  it('has plausible values: deadlines of 1 to 10 years, per-crash limits at least per-person ones, a no-fault state with a threshold', () => {
    for (const code of STATE_CODES) {
      const facts = factsOf(code)!;
      expect(facts.limits.personalInjury.years, code).toBeGreaterThanOrEqual(1);
      expect(facts.limits.personalInjury.years, code).toBeLessThanOrEqual(6);
      expect(facts.insurance.bodilyInjuryPerCrash, code).toBeGreaterThanOrEqual(facts.insurance.bodilyInjuryPerPerson);
      expect(facts.insurance.bodilyInjuryPerCrash, code).toBeLessThanOrEqual(3 * facts.insurance.bodilyInjuryPerPerson || 0);
    }
    const rules = (rule: string) => STATE_CODES.filter((code) => factsOf(code)?.fault.rule === rule);
    expect(rules('contributory')).toEqual(['AL', 'DC', 'MD', 'NC', 'VA']);
    expect(STATE_CODES.filter((code) => factsOf(code)?.fault.noFault)).toEqual(['FL', 'HI', 'KS', 'KY', 'MA', 'MI', 'MN', 'ND', 'NJ', 'NY', 'PA', 'UT']);
  });

  it('has the changes of recent years', () => {
    // California's minimums from 2025 (SB 1107), Florida's HB 837 (2023): modified comparative fault, 2 years to sue.
    expect(factsOf('CA')?.insurance).toMatchObject({ bodilyInjuryPerPerson: 30_000, bodilyInjuryPerCrash: 60_000, propertyDamage: 15_000 });
    expect(factsOf('FL')?.fault.rule).toBe('modified51');
    expect(factsOf('FL')?.limits.personalInjury.years).toBe(2);
    // Louisiana's two years from July 2024 (Act 423), North Carolina's and Massachusetts' minimums from July 2025,
    // New Jersey's from January 2026.
    expect(factsOf('LA')?.limits.personalInjury.years).toBe(2);
    expect(factsOf('NC')?.insurance).toMatchObject({ bodilyInjuryPerPerson: 50_000, bodilyInjuryPerCrash: 100_000, propertyDamage: 50_000 });
    expect(factsOf('MA')?.insurance).toMatchObject({ bodilyInjuryPerPerson: 25_000, propertyDamage: 30_000 });
    expect(factsOf('NJ')?.insurance).toMatchObject({ bodilyInjuryPerPerson: 35_000, bodilyInjuryPerCrash: 70_000 });
    expect(factsOf('TX')?.fault.rule).toBe('modified51');
  });

  it('knows no jurisdiction by another name', () => {
    expect(factsOf('PR')).toBeUndefined();
    expect(factsOf('toString')).toBeUndefined();
    expect(factsOf(undefined)).toBeUndefined();
  });
});
