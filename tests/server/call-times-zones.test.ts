// Which time zone a person is called in: their ZIP's (geo-tz at its point), their state's, their browser's when it keeps
// US time, else Pacific; and the table of each state's zones is what geo-tz says of its ZIPs today.
import { find } from 'geo-tz';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATE_ZONES } from '../../server/call-times/state-zones.ts';
import { FALLBACK_ZONE, visitorZone } from '../../server/call-times/visitor-zone.ts';
import { canonicalZone } from '../../server/call-times/zoned-day.ts';
import { gazetteer } from '../../server/geo/gazetteer.ts';

const WINTER = Date.parse('2026-11-24T16:00:00Z');

describe('visitorZone', () => {
  // The ZIP data (zipcodes, geo-tz) loads on the first ZIP, once per process: here rather than inside a test.
  beforeAll(() => visitorZone({ zip: '78701' }, WINTER), 60_000);
  it.each([
    ['a ZIP', { zip: '78701' }, 'America/Chicago'],
    ['a ZIP+4', { zip: '78701-1234' }, 'America/Chicago'],
    ['a ZIP on Mountain time in a Central state (El Paso)', { zip: '79901', state: 'TX' }, 'America/Denver'],
    ['a ZIP before the browser', { zip: '10001', browserZone: 'America/Los_Angeles' }, 'America/New_York'],
    ['a ZIP in Guam', { zip: '96910' }, 'Pacific/Guam'],
    ['a state: its most common zone', { state: 'TX' }, 'America/Chicago'],
    ["a state and the browser's zone, one of the state's", { state: 'tx', browserZone: 'America/Denver' }, 'America/Denver'],
    ["a state and a browser's zone the state has not", { state: 'FL', browserZone: 'America/Los_Angeles' }, 'America/New_York'],
    ["a state and the browser's old name of one of its zones", { state: 'IN', browserZone: 'America/Indiana/Indianapolis' }, 'America/Indianapolis'],
    ['an unknown ZIP: the state', { zip: '00000', state: 'AZ' }, 'America/Phoenix'],
    ["the browser's zone alone", { browserZone: 'America/Anchorage' }, 'America/Anchorage'],
    ["the browser's alias of a US zone", { browserZone: 'US/Eastern' }, 'America/New_York'],
    ['a browser in the US Virgin Islands', { browserZone: 'America/St_Thomas' }, 'America/St_Thomas'],
    ['a browser on UTC (privacy browsers report it)', { browserZone: 'UTC' }, FALLBACK_ZONE],
    ['a browser in Europe', { browserZone: 'Europe/Madrid' }, FALLBACK_ZONE],
    ['a zone that is none', { browserZone: 'Mars/Olympus_Mons' }, FALLBACK_ZONE],
    ['nothing at all', {}, FALLBACK_ZONE],
  ])('%s', async (_, place, zone) => {
    expect(await visitorZone(place, WINTER)).toBe(zone);
  });
});

describe('STATE_ZONES', () => {
  it("lists each state's zones as geo-tz finds them at its ZIPs, the most common first", async () => {
    const g = await gazetteer();
    const derived: Record<string, string[]> = {};
    for (const [state, records] of g.byState) {
      const counts = new Map<string, number>();
      for (const record of records) {
        const zone = find(record.lat, record.lng)[0];
        const name = zone && !zone.startsWith('Etc/') ? canonicalZone(zone) : undefined;
        if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
      }
      derived[state] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([zone]) => zone);
    }
    expect(STATE_ZONES).toEqual(derived);
  }, 60_000);
});
