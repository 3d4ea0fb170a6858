// How the gazetteer's names are compared and written: the key a search matches on, the display form of a city, and
// the names that belong to a company's or an office's own ZIP rather than to a town.

/**
 * Case, accents, dots, hyphens, apostrophes and spaces do not matter, nor the usual abbreviations (St., Ft., Mt.):
 * "st. louis" is "Saint Louis", "Coeur d'Alene" is "Coeur D Alene", "Winston-Salem" is "Winston Salem".
 */
export function normalizeCity(city: string): string {
  return city
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[.'’-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^ST /, 'SAINT ')
    .replace(/^FT /, 'FORT ')
    .replace(/^MT /, 'MOUNT ');
}

/** A heuristic on the names of company and office ZIPs (real towns like Cut Bank and Electric City pass). */
const OFFICE =
  /\d|[&/]|\b(INC|CORP|CO|NATL|NAT|INS|INSURANCE|DEPT|SVC|SERVICES?|FIRMS|LENDING|ELEC|MAIL|BANK OF|(NATIONAL|UNION|FARGO|ONE|AMSOUTH) BANK|\w+ TELEPHONE|CTR|SYSTE)\b/;

/** The normalized name (normalizeCity) is a company's or an office's ("CITICORP SERVICES INC"), not a town's. */
export const isOfficeName = (key: string) => OFFICE.test(key);

const SMALL_WORDS = new Set(['OF', 'ON', 'THE', 'IN', 'BY', 'AT', 'AND']);

/** The package's names are title case with slips ("Mckeesport", "Melcher-dallas", "Lake In The Hills"): set them right. */
export function displayCity(name: string): string {
  return name
    .split(/([ -])/)
    .map((word, i) => {
      if (word === ' ' || word === '-' || word === '') return word;
      if (i > 0 && SMALL_WORDS.has(word.toUpperCase())) return word.toLowerCase();
      const title = word.charAt(0).toUpperCase() + word.slice(1);
      return title.replace(/^Mc([a-z])/, (_m, c: string) => `Mc${c.toUpperCase()}`);
    })
    .join('');
}

/** A state's name as the package writes it ("NEW YORK", "DISTRICT OF COLUMBIA") in title case. */
export function titleCase(upper: string): string {
  return upper
    .toLowerCase()
    .replace(/\b\w/g, (c) => c.toUpperCase())
    .replace(/ Of /g, ' of ');
}
