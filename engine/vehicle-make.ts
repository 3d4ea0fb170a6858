// A vehicle make as a person reads it. Reports and the makes list (widgets/locate/vehicle-makes.json) keep makes as the
// crash-report systems write them, in capitals ("JEEP", "MERCEDES-BENZ"), and that is what is stored and searched; on
// screen and in the PDF a make is written as its maker writes it: title case, its acronyms kept (BMW, GMC, RAM), and
// the list's categories ("UNKNOWN", "ALL OTHER MAKES") in the reader's language.

/** Words kept in capitals: acronyms with a vowel (one without a vowel, BMW or KTM, is kept anyway) and makers' own. */
const CAPITALS = new Set([
  'AGCO',
  'AM',
  'AMC',
  'ATK',
  'CFMOTO',
  'DRV',
  'GEM',
  'IC',
  'IH',
  'JCB',
  'KME',
  'MG',
  'PJ',
  'RAM',
  'REO',
  'SSR',
  'TM',
  'UD',
  'XOS',
  'EV',
  'ZAP',
]);
/** Makes and words whose capitals title case cannot guess. */
const WRITTEN = new Map([
  ['E-Z-GO', 'E-Z-GO'],
  ['MCLAREN', 'McLaren'],
  ['MCNEILUS', 'McNeilus'],
  ['DELOREAN', 'DeLorean'],
  ['DESOTO', 'DeSoto'],
  ['LASALLE', 'LaSalle'],
  ['LAFRANCE', 'LaFrance'],
  ['LIVEWIRE', 'LiveWire'],
  ['WHITEGMC', 'WhiteGMC'],
  ['GREENPOWER', 'GreenPower'],
  ["SHORELAND'R", "Shoreland'r"],
]);
/** The list's entries that are no make: copy keys under common:makes. */
const CATEGORIES = new Map<string, 'allOther' | 'unknown' | 'homemadeVehicle' | 'homemadeTrailer' | 'other'>([
  ['ALL OTHER MAKES', 'allOther'],
  ['UNKNOWN', 'unknown'],
  ['HOMEMADE VEHICLE', 'homemadeVehicle'],
  ['HOMEMADE TRAILER', 'homemadeTrailer'],
  ['OTHER (EXPLAIN IN NARRATIVE)', 'other'],
]);

/** The copy key of a category of the list. */
export type MakeCategoryKey = `common:makes.${typeof CATEGORIES extends Map<string, infer K> ? K : never}`;

function word(part: string): string {
  if (WRITTEN.has(part)) return WRITTEN.get(part)!;
  if (CAPITALS.has(part) || !/[AEIOUY]/.test(part)) return part;
  return part.charAt(0) + part.slice(1).toLowerCase();
}

/** The make as shown; t translates a category's copy key (common:makes.*). */
export function makeLabel(make: string, t: (key: MakeCategoryKey) => string): string {
  const upper = make.trim().toUpperCase();
  const category = CATEGORIES.get(upper);
  if (category) return t(`common:makes.${category}`);
  return WRITTEN.get(upper) ?? make.replace(/[^\s-]+/g, (part) => word(part.toUpperCase()));
}
