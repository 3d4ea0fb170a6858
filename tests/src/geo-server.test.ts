// @vitest-environment node
// The offline place services against the real API (its gazetteer routes, in process): the shapes both sides agree on.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { PlaceAnswer } from '../../server/geo/place-answer.ts';
import { offlineGeo, type GazetteerPlace } from '../../src/geo/offline-geo.ts';
import { fillZip } from '../../src/geo/zip-fill.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { brokenDb, STARTUP_MS } from '../testing/test-db.ts';
import { testConfig } from '../testing/test-servers.ts';

describe('the offline gazetteer through the API', () => {
  let app: FastifyInstance;
  const geo = offlineGeo({ url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Tiles' });

  beforeAll(async () => {
    // No route here touches the database.
    app = await buildApp({ config: testConfig(), db: brokenDb(), sms: recordingSms() });
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const res = await app.inject({ method: (init?.method ?? 'GET') as 'GET', url });
      return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
    });
  }, STARTUP_MS);
  afterAll(async () => {
    vi.unstubAllGlobals();
    await app.close();
  });

  it('reads places of the very type the API answers with (a compile-time check)', () => {
    expectTypeOf<GazetteerPlace>().toEqualTypeOf<PlaceAnswer>();
  });

  it('suggests a city for typed text and resolves it to a place with city, state code and a ZIP', async () => {
    const suggestions = await geo.suggest('austin tx');
    const austin = suggestions.find((s) => s.label.startsWith('Austin, TX'));
    expect(austin).toBeDefined();
    const place = await geo.resolve(austin!);
    expect(place).toMatchObject({ city: 'Austin', state: 'TX', zip: expect.stringMatching(/^\d{5}$/) as unknown });
    expect(place.address).toContain('Austin');
  });

  it('finds the place at a pin with its ZIP, and nothing far out at sea', async () => {
    await expect(geo.reverse({ lat: 30.2672, lng: -97.7431 })).resolves.toMatchObject({
      city: 'Austin',
      state: 'TX',
      zip: expect.stringMatching(/^787\d\d$/) as unknown,
      lat: 30.2672,
      lng: -97.7431,
    });
    await expect(geo.reverse({ lat: 0, lng: -30 })).resolves.toBeNull();
  });

  it('fills in a missing ZIP from /accident/zip, by city and state and by a point', async () => {
    const dallas = { address: 'Dallas, TX, USA', city: 'Dallas', state: 'TX', zip: null };
    await expect(fillZip(dallas)).resolves.toMatchObject({ zip: expect.stringMatching(/^75\d{3}$/) as unknown });
    await expect(fillZip({ ...dallas, lat: 32.7767, lng: -96.797 })).resolves.toMatchObject({ zip: expect.stringMatching(/^75\d{3}$/) as unknown });
  });
});
