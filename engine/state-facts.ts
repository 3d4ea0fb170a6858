// The state facts (facts/states/, one file per family, each value with its citation) for one jurisdiction. Only the
// estimate's widget and its tests import this module: the facts load with the calculator's results step, never with a
// first screen.
import faultRules from '../facts/states/fault-rules.json' with { type: 'json' };
import minimumInsurance from '../facts/states/minimum-insurance.json' with { type: 'json' };
import statutes from '../facts/states/statutes-of-limitations.json' with { type: 'json' };

export type Period = { citation: string } & ({ years: number } | { months: number } | { days: number });

export interface StateFacts {
  limits: { personalInjury: { years: number; citation: string }; propertyDamage: { years: number; citation: string }; governmentClaim?: Period };
  fault: {
    rule: 'pure' | 'modified50' | 'modified51' | 'contributory' | 'slight';
    citation: string;
    noFault?: { threshold: 'verbal' | 'monetary'; medicalCosts?: number; choice: boolean; citation: string };
  };
  insurance: { bodilyInjuryPerPerson: number; bodilyInjuryPerCrash: number; propertyDamage: number; citation: string };
}

/** The families as their files hold them, by postal code (the schemas in schemas/state-facts/ check them). */
export const STATE_FACT_FILES = {
  'statutes-of-limitations': statutes,
  'fault-rules': faultRules,
  'minimum-insurance': minimumInsurance,
} as const;

/** The 50 states' and DC's postal codes. */
export const STATE_CODES = Object.keys(statutes.states).sort();

/** The facts of a jurisdiction, or undefined for a code that is none (a place abroad, a typo). */
export function factsOf(code: unknown): StateFacts | undefined {
  if (typeof code !== 'string' || !Object.hasOwn(statutes.states, code)) return undefined;
  const key = code as keyof typeof statutes.states;
  return {
    limits: statutes.states[key],
    fault: faultRules.states[key] as StateFacts['fault'],
    insurance: minimumInsurance.states[key],
  };
}
