// The two facts that prove involvement in a report, as state portals ask for them: one the report's vehicles or case
// carry (a VIN, the case ID) and the last name of one of its people.
import { caseKeyOf } from './prepare-report.ts';
import type { StoredReport } from './read-report.ts';

/** The first fact: which vehicle's VIN was given (its unit), or that the case ID was. */
export type Fact = { kind: 'vin'; unit: number } | { kind: 'case' };

/** The unit of the vehicle with this VIN (any case, spaces around it), if the report has it. */
export function vinFact(stored: StoredReport, vin: string): Fact | undefined {
  const key = vin.trim().toUpperCase();
  if (key === '' || !stored.vins.includes(key)) return undefined;
  const vehicle = stored.report.vehicles.find((v) => v.vin?.toUpperCase() === key);
  return vehicle ? { kind: 'vin', unit: vehicle.unit } : undefined;
}

/** The case fact, when caseId is the report's (compared as the search compares case IDs). */
export function caseFact(stored: StoredReport, caseId: string): Fact | undefined {
  const key = caseKeyOf(caseId);
  return key !== '' && key === stored.caseKey ? { kind: 'case' } : undefined;
}

/** A name in small letters without accents, apostrophes, spaces or dashes: "O'Brien-García" is "obriengarcia". */
const nameKey = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');

/** A last name's keys: the whole name and, for a compound one ("García López", "Smith-Jones"), each of its parts. */
const nameKeys = (lastName: string): string[] => [nameKey(lastName), ...lastName.split(/[\s-]+/).map(nameKey)].filter((k) => k.length >= 2);

/** The units whose driver has this last name (any case, accents or spacing; one part of a compound name will do). */
export function namedUnits(stored: StoredReport, lastName: string): number[] {
  const given = nameKey(lastName);
  if (given.length < 2) return [];
  return stored.report.vehicles.filter((v) => v.driver !== null && nameKeys(v.driver.lastName).includes(given)).map((v) => v.unit);
}
