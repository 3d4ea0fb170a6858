// The UTC offset of a US state at a local date: its standard zone (the zone most of it keeps), and daylight saving time
// from the second Sunday of March to the first Sunday of November where it is kept.

const ZONES: Record<string, number> = {};
const zone = (hours: number, states: string) => states.split(' ').forEach((s) => (ZONES[s] = hours * 60));
zone(-5, 'CT DE DC FL GA IN KY ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV');
zone(-6, 'AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI');
zone(-7, 'AZ CO ID MT NM UT WY');
zone(-8, 'CA NV OR WA');
zone(-9, 'AK');
zone(-10, 'HI');
zone(-4, 'PR VI');
zone(10, 'GU MP');
zone(-11, 'AS');
const NO_DST = new Set(['AZ', 'HI', 'PR', 'VI', 'GU', 'MP', 'AS']);

/** Day of the month of the n-th Sunday of a month (month 0-11). */
const nthSunday = (year: number, month: number, n: number) => 1 + ((7 - new Date(Date.UTC(year, month, 1)).getUTCDay()) % 7) + 7 * (n - 1);

const known = new Map<string, number>();

/** Minutes east of UTC in the state on a local date (YYYY-MM-DD); the changeover days count as summer. */
export function stateOffset(state: string, localDate: string): number {
  const key = `${state}${localDate}`;
  let offset = known.get(key);
  if (offset === undefined) known.set(key, (offset = offsetOn(state, localDate)));
  return offset;
}

function offsetOn(state: string, localDate: string): number {
  const standard = ZONES[state] ?? -300;
  if (NO_DST.has(state)) return standard;
  const [y = 0, m = 1, d = 1] = localDate.split('-').map(Number);
  const start = Date.UTC(y, 2, nthSunday(y, 2, 2));
  const end = Date.UTC(y, 10, nthSunday(y, 10, 1));
  const day = Date.UTC(y, m - 1, d);
  return day >= start && day < end ? standard + 60 : standard;
}
