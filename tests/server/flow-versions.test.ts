// GET /api/flows/:id/:version answers each version of a funnel the server has served, after later ones were launched,
// as it was served; a version never served, or a bad id or version, is not found or refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { keepFlowVersions } from '../../server/store/flow-versions.ts';
import { loadFlow } from '../testing/flows.ts';
import { STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const calculator = loadFlow('calculator');
/** The calculator's next version, launched at another route. */
const launched: Flow = { ...calculator, version: calculator.version + 1, routes: ['/claim-value-2'] };

describe.each(appDbKinds)('flow versions on %s', (kind) => {
  let s: TestServer;
  const get = (url: string) => s.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
    // Two starts: the first on version N, the next after N+1 was launched.
    await keepFlowVersions(s.db, [calculator]);
    await keepFlowVersions(s.db, [launched]);
  }, STARTUP_MS);
  afterAll(() => s.close());

  it('answers an earlier version as it was served, and the launched one', async () => {
    const earlier = await get(`/api/flows/calculator/${calculator.version}`);
    expect(earlier.statusCode).toBe(200);
    expect(earlier.json()).toEqual(JSON.parse(JSON.stringify(calculator)));
    expect(earlier.headers['cache-control']).toBe('public, max-age=86400');
    expect((await get(`/api/flows/calculator/${launched.version}`)).json()).toMatchObject({ version: launched.version, routes: ['/claim-value-2'] });
  });

  it('keeps one row per version however often the server starts', async () => {
    await keepFlowVersions(s.db, [launched]);
    const { rows } = await s.db.query<{ version: number }>("SELECT version FROM flow_versions WHERE flow_id = 'calculator' ORDER BY version");
    expect(rows.map((r) => r.version)).toEqual([calculator.version, launched.version]);
  });

  it('finds no version never served, and refuses a malformed id or version', async () => {
    expect((await get(`/api/flows/calculator/${launched.version + 1}`)).statusCode).toBe(404);
    expect((await get(`/api/flows/no-such-funnel/1`)).statusCode).toBe(404);
    for (const url of ['/api/flows/calculator/0', '/api/flows/calculator/1.5', '/api/flows/Calculator/1', '/api/flows/calculator/x']) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });
});
