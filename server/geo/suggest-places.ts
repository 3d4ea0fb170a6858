// Place suggestions from the offline gazetteer: US cities and states for typed text, and the towns of a typed ZIP code
// (or its first digits), best first.
import { cityIndex, type City } from './city-index.ts';
import { gazetteer, type ZipRecord } from './gazetteer.ts';
import type { PlaceAnswer } from './place-answer.ts';
import { normalizeCity } from './place-names.ts';
import { readingsOf } from './readings.ts';
import { regions, type Region } from './regions.ts';

/** At most this many suggestions. */
const MAX_SUGGESTIONS = 8;
/** States never take more of the list than this: the field asks for a city. */
const MAX_REGIONS = 2;

/** How well a place matches, best first. */
const Tier = { ExactName: 0, NameStart: 1, Region: 2, LaterWord: 3 } as const;
type Tier = (typeof Tier)[keyof typeof Tier];

interface Candidate {
  id: string;
  tier: Tier;
  size: number;
  label: string;
  answer: () => PlaceAnswer;
}

/** Keeps the best few candidates, each place once at its best tier. */
function keepBest(best: Candidate[], candidate: Candidate, limit: number): void {
  const same = best.findIndex((c) => c.id === candidate.id);
  if (same !== -1) {
    if ((best[same]?.tier ?? Tier.LaterWord) <= candidate.tier) return;
    best.splice(same, 1);
  }
  const at = best.findIndex((c) => better(candidate, c));
  if (at === -1) {
    if (best.length < limit) best.push(candidate);
    return;
  }
  best.splice(at, 0, candidate);
  if (best.length > limit) best.pop();
}

function better(a: Candidate, b: Candidate): boolean {
  if (a.tier !== b.tier) return a.tier < b.tier;
  if (a.size !== b.size) return a.size > b.size;
  return a.label < b.label;
}

function cityCandidate(city: City, tier: Tier): Candidate {
  const label = `${city.city}, ${city.state}, USA`;
  return {
    id: city.id,
    tier,
    size: city.size,
    label,
    answer: () => ({
      id: city.id,
      label,
      address: `${city.city}, ${city.state} ${city.middle.zip}, USA`,
      city: city.city,
      state: city.state,
      zip: city.middle.zip,
      lat: city.middle.lat,
      lng: city.middle.lng,
    }),
  };
}

function regionCandidate(region: Region): Candidate {
  const label = `${region.name}, USA`;
  return {
    id: region.id,
    tier: Tier.Region,
    size: region.size,
    label,
    answer: () => ({ id: region.id, label, address: label, city: '', state: region.state, zip: null, lat: region.middle.lat, lng: region.middle.lng }),
  };
}

/** Typed digits read as a ZIP code or its start: from the first three (a ZIP's area) to all five. */
const ZIP_START = /^\d{3,5}$/;

/** A town ZIP as a place: its city, state and point. */
function zipAnswer({ zip, city, state, lat, lng }: ZipRecord): PlaceAnswer {
  const address = `${city}, ${state} ${zip}, USA`;
  return { id: `zip-${zip}`, label: address, address, city, state, zip, lat, lng };
}

/** The town ZIPs that start with the digits, in ZIP order (the gazetteer's), so a whole ZIP typed comes first. */
async function suggestZips(digits: string): Promise<PlaceAnswer[]> {
  const { all } = await gazetteer();
  // Binary search for the first ZIP not below the digits, then the run of those that start with them.
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((all[mid]?.zip ?? '') < digits) lo = mid + 1;
    else hi = mid;
  }
  const found: PlaceAnswer[] = [];
  for (let i = lo; i < all.length && found.length < MAX_SUGGESTIONS; i++) {
    const record = all[i];
    if (!record?.zip.startsWith(digits)) break;
    if (!record.office) found.push(zipAnswer(record));
  }
  return found;
}

/**
 * US cities and states for the typed text, best first: cities named exactly so, then cities whose name starts so,
 * then states whose name starts so, then cities with a later word that does ("york": New York); within each, bigger
 * places (more ZIPs) first. Three to five digits are a ZIP code or its start: the towns of those ZIPs, in ZIP order.
 * At most MAX_SUGGESTIONS; none for text shorter than two letters.
 */
export async function suggestPlaces(text: string): Promise<PlaceAnswer[]> {
  const digits = text.trim();
  if (ZIP_START.test(digits)) return suggestZips(digits);
  if (normalizeCity(text).length < 2) return [];
  const [index, allRegions] = await Promise.all([cityIndex(), regions()]);
  const best: Candidate[] = [];
  for (const reading of readingsOf(text, allRegions)) {
    if (reading.regions) {
      const matching = allRegions
        .filter((r) => r.key.startsWith(reading.city) || r.state === reading.city)
        .sort((a, b) => Number(b.state === reading.city) - Number(a.state === reading.city) || b.size - a.size);
      for (const region of matching.slice(0, MAX_REGIONS)) keepBest(best, regionCandidate(region), MAX_SUGGESTIONS);
    }
    if (reading.city.length < 2) continue;
    for (const { city, laterWord } of index.withPrefix(reading.city)) {
      if (reading.states && !reading.states.has(city.state)) continue;
      const tier = laterWord ? Tier.LaterWord : city.key === reading.city ? Tier.ExactName : Tier.NameStart;
      // Short text matches thousands of small towns: most cannot beat the last of a full list, so skip them cheaply.
      const last = best.length === MAX_SUGGESTIONS ? best.at(-1) : undefined;
      if (last && (tier > last.tier || (tier === last.tier && city.size < last.size))) continue;
      keepBest(best, cityCandidate(city, tier), MAX_SUGGESTIONS);
    }
  }
  return best.map((c) => c.answer());
}
