// The ways typed text can name a US place: a city name (or its start), maybe followed by a state's code or name.
import { normalizeCity } from './place-names.ts';
import type { Region } from './regions.ts';

/** One way to read the text: a city name prefix, maybe only in some states, maybe also a state's name. */
interface Reading {
  city: string;
  states?: ReadonlySet<string>;
  regions: boolean;
}

const COUNTRY = /^(US|USA|UNITED STATES|UNITED STATES OF AMERICA)$/;

/** The readings of the text: "austin", "austin, tx", "austin tx", "new york new york", "Austin, TX, USA". */
export function readingsOf(text: string, named: readonly Region[]): Reading[] {
  const parts = text.split(',').map(normalizeCity);
  while (parts.length > 1 && COUNTRY.test(parts.at(-1) ?? '')) parts.pop();
  const [first = '', second] = parts;
  if (second !== undefined) {
    if (second === '') return [{ city: first, regions: false }];
    // After a comma the state may be half typed: "austin, te".
    const states = new Set(named.filter((r) => r.state.startsWith(second) || r.key.startsWith(second)).map((r) => r.state));
    return states.size === 0 ? [] : [{ city: first, states, regions: false }];
  }
  const readings: Reading[] = [{ city: first, regions: true }];
  const words = first.split(' ');
  for (let k = 1; k <= Math.min(3, words.length - 1); k++) {
    const tail = words.slice(-k).join(' ');
    const state = named.find((r) => r.state === tail || r.key === tail)?.state;
    if (state) readings.push({ city: words.slice(0, -k).join(' '), states: new Set([state]), regions: false });
  }
  return readings;
}
