// The API's own place search (GET /api/places/suggest, /api/places/reverse) on the offline US gazetteer: no maps key,
// no network, no database (the app here has one that fails every statement).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import reverseResponseSchema from '../../schemas/api/places-reverse.response.schema.json' with { type: 'json' };
import suggestResponseSchema from '../../schemas/api/places-suggest.response.schema.json' with { type: 'json' };
import { buildApp } from '../../server/app.ts';
import type { PlaceAnswer } from '../../server/geo/place-answer.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { schemaErrors } from '../testing/schema-errors.ts';
import { brokenDb, STARTUP_MS } from '../testing/test-db.ts';
import { testConfig } from '../testing/test-servers.ts';

type Place = PlaceAnswer;

describe('place search on the offline gazetteer', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), db: brokenDb(), sms: recordingSms() });
    // The first search loads the gazetteer and builds its indexes.
    await app.inject({ url: '/api/places/suggest?q=warm' });
  }, STARTUP_MS);
  afterAll(() => app.close());

  const suggest = async (q: string) => {
    const res = await app.inject({ url: `/api/places/suggest?${new URLSearchParams({ q }).toString()}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(schemaErrors(suggestResponseSchema, res.json())).toEqual([]);
    return res.json<{ places: Place[] }>().places;
  };

  const reverse = (query: string) => app.inject({ url: `/api/places/reverse?${query}` });

  describe('GET /api/places/suggest', () => {
    it('puts Austin, TX first for "aus", the biggest of the Austins, with its middle ZIP and coordinates', async () => {
      const places = await suggest('aus');
      const austins = places.filter((p) => p.city === 'Austin');
      expect(austins.length).toBeGreaterThan(1);
      expect(austins[0]).toMatchObject({ id: 'us-tx-austin', label: 'Austin, TX, USA', city: 'Austin', state: 'TX' });
      const austin = austins[0]!;
      expect(austin.zip).toMatch(/^787\d\d$/);
      expect(austin.address).toBe(`Austin, TX ${austin.zip}, USA`);
      expect(austin.lat).toBeCloseTo(30.3, 0);
      expect(austin.lng).toBeCloseTo(-97.7, 0);
      expect(places[0]).toEqual(austin);
    });

    it('reads "st. louis" as Saint Louis and finds Saint Louis, MO first', async () => {
      const places = await suggest('st. louis');
      expect(places[0]).toMatchObject({ label: 'Saint Louis, MO, USA', city: 'Saint Louis', state: 'MO' });
      expect(places[0]?.zip).toMatch(/^631\d\d$/);
    });

    it.each(['new york, ny', 'New York, NY, USA', 'new york ny', 'NEW YORK, New York'])('finds New York, NY first for "%s", only in NY', async (q) => {
      const places = await suggest(q);
      expect(places[0]).toMatchObject({ label: 'New York, NY, USA', city: 'New York', state: 'NY' });
      expect(places[0]?.zip).toMatch(/^1\d{4}$/);
      expect(places.every((p) => p.state === 'NY')).toBe(true);
    });

    it('finds the city of "austin tx" and "austin, texas" in that state only', async () => {
      for (const q of ['austin tx', 'austin, texas', 'Austin, te']) {
        const places = await suggest(q);
        expect(places.map((p) => p.label)).toEqual(['Austin, TX, USA']);
      }
    });

    it('finds cities by a later word of their name and ignores case, accents and hyphens', async () => {
      expect((await suggest('vegas'))[0]?.label).toBe('Las Vegas, NV, USA');
      expect((await suggest('SAN JOSÉ'))[0]?.label).toBe('San Jose, CA, USA');
      expect((await suggest('winston-salem'))[0]).toMatchObject({ state: 'NC' });
      expect((await suggest("coeur d'alene"))[0]).toMatchObject({ state: 'ID' });
    });

    it('writes city names as people do', async () => {
      expect((await suggest('mckeesp'))[0]?.city).toBe('McKeesport');
      expect((await suggest('lake in the h'))[0]?.city).toBe('Lake in the Hills');
    });

    it('offers states as regions, without a city or a ZIP', async () => {
      const [texas] = await suggest('tx');
      expect(texas).toMatchObject({ id: 'us-tx', label: 'Texas, USA', address: 'Texas, USA', city: '', state: 'TX', zip: null });
      expect((await suggest('new york')).map((p) => p.label)).toEqual(expect.arrayContaining(['New York, NY, USA', 'New York, USA']));
    });

    it('finds the town of a ZIP code, and of the ZIPs that start with three or four digits, in ZIP order', async () => {
      expect(await suggest('78701')).toEqual([
        expect.objectContaining({
          id: 'zip-78701',
          label: 'Austin, TX 78701, USA',
          address: 'Austin, TX 78701, USA',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        }),
      ]);
      const [first] = await suggest('78701');
      expect(first?.lat).toBeCloseTo(30.27, 1);
      const area = await suggest('787');
      expect(area).toHaveLength(8);
      expect(area.map((p) => p.zip)).toEqual([...area.map((p) => p.zip)].sort());
      expect(area.every((p) => p.zip?.startsWith('787') && p.state === 'TX')).toBe(true);
      expect(await suggest('00000')).toEqual([]);
      // Two digits match too much to help.
      expect(await suggest('78')).toEqual([]);
    });

    it('gives at most 8, and no company ZIPs as cities', async () => {
      expect(await suggest('sa')).toHaveLength(8);
      expect((await suggest('citicorp')).map((p) => p.label)).toEqual([]);
    });

    it.each(['xqzvbn', 'austin, zz', 'a', ' ', ''])('finds nothing for %j', async (q) => {
      expect(await suggest(q)).toEqual([]);
    });

    it('lets browsers keep an answer for a day', async () => {
      const res = await app.inject({ url: '/api/places/suggest?q=austin' });
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    });

    it.each([
      ['q', ''],
      ['q', `q=${'x'.repeat(101)}`],
      ['q', 'q=%00austin'],
      ['lat', 'q=austin&lat=1'],
    ])('refuses a bad %s with 400 naming it', async (field, query) => {
      const res = await app.inject({ url: `/api/places/suggest?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', field });
    });
  });

  describe('GET /api/places/reverse', () => {
    it('names the place of a point in Austin, keeping the point', async () => {
      const res = await reverse('lat=30.2672&lng=-97.7431');
      expect(res.statusCode).toBe(200);
      expect(schemaErrors(reverseResponseSchema, res.json())).toEqual([]);
      const { place } = res.json<{ place: Place }>();
      expect(place).toMatchObject({ city: 'Austin', state: 'TX', label: 'Austin, TX, USA', lat: 30.2672, lng: -97.7431 });
      expect(place.zip).toMatch(/^787\d\d$/);
      expect(place.address).toBe(`Austin, TX ${place.zip}, USA`);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    });

    it('names the ZIP a point sits on', async () => {
      const { place } = (await reverse('lat=40.7484&lng=-73.9967')).json<{ place: Place }>();
      expect(place).toMatchObject({ zip: '10001', city: 'New York', state: 'NY', address: 'New York, NY 10001, USA' });
    });

    it.each([
      ['the middle of the Atlantic', 'lat=30&lng=-40'],
      ['the equator off Africa', 'lat=0&lng=-30'],
      ['London', 'lat=51.5074&lng=-0.1278'],
      ['Seoul (military post offices are no place)', 'lat=37.5665&lng=126.978'],
      ['the North Pole', 'lat=90&lng=0'],
    ])('answers null for %s', async (_where, query) => {
      const res = await reverse(query);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ place: null });
    });

    it.each([
      ['lat', 'lat=91&lng=0'],
      ['lat', 'lat=abc&lng=0'],
      ['lat', 'lng=-97.7'],
      ['lng', 'lat=30.2'],
      ['lng', 'lat=30&lng=-181'],
      ['zoom', 'lat=30&lng=-97&zoom=9'],
    ])('refuses a bad %s with 400 naming it', async (field, query) => {
      const res = await reverse(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', field });
      expect(res.json<{ message: string }>().message).toContain(field);
    });
  });
});
