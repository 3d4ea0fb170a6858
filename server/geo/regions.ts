// The states and territories of the gazetteer as places ("regions"): name, size and the ZIP nearest their middle.
import { middleZip } from './distance.ts';
import { gazetteer, type ZipRecord } from './gazetteer.ts';
import { normalizeCity } from './place-names.ts';

export interface Region {
  /** "us-tx". */
  id: string;
  /** Two-letter code. */
  state: string;
  /** "Texas". */
  name: string;
  /** normalizeCity(name). */
  key: string;
  /** How many ZIPs it has. */
  size: number;
  middle: ZipRecord;
}

let building: Promise<Region[]> | undefined;

/** Every state and territory with ZIPs and a name, built once. */
export function regions(): Promise<Region[]> {
  building ??= gazetteer().then((g) => {
    const list: Region[] = [];
    for (const [state, name] of g.stateNames) {
      const records = g.byState.get(state) ?? [];
      const middle = middleZip(records);
      if (middle) list.push({ id: `us-${state.toLowerCase()}`, state, name, key: normalizeCity(name), size: records.length, middle });
    }
    return list;
  });
  return building;
}
