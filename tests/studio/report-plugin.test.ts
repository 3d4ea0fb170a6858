// The studio's dev server asks the claimflow API for a flow's funnel report with STUDIO_ANALYTICS_KEY and hands the
// page the report, or why there is none: no key set, nothing answering, the key refused, another answer. The key is
// sent to the API as a bearer key and never comes back in what the page gets.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_URL, reportAnswer } from '../../studio/report/report-plugin.ts';

const KEY = 'studio-key-0123456789-abcdefghijklmnop';
const REPORT = {
  flow: 'calculator',
  since: '2026-06-01',
  until: null,
  lang: 'es',
  groups: [],
};
const query = (params: Record<string, string>) => new URLSearchParams(params);

/** A stand-in for the API: the report to KEY (echoing nothing of the request), 401 to others, 400 for a bad day. */
function fakeApi(asked: string[]): Server {
  return createServer((req, res) => {
    asked.push(`${req.url} ${req.headers.authorization}`);
    res.setHeader('content-type', 'application/json');
    const url = new URL(req.url ?? '', 'http://api');
    if (req.headers.authorization !== `Bearer ${KEY}`) res.writeHead(401).end(JSON.stringify({ error: 'unauthorized' }));
    else if (url.searchParams.get('since') === '2026-13-01')
      res.writeHead(400).end(
        JSON.stringify({
          error: 'validation',
          field: 'since',
          message: 'since must be a day, YYYY-MM-DD (got "2026-13-01")',
        }),
      );
    else if (url.pathname === '/api/analytics/funnel') res.end(JSON.stringify(REPORT));
    else res.writeHead(404).end('<html>not here</html>');
  });
}

describe('the studio asking the API for the funnel report', () => {
  const asked: string[] = [];
  const api = fakeApi(asked);
  let url = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

  it('says no key is set (and where it would ask), asking nothing', async () => {
    expect(await reportAnswer(query({ flow: 'calculator' }), {})).toEqual({
      kind: 'not-configured',
      api: DEFAULT_API_URL,
    });
    expect(
      await reportAnswer(query({ flow: 'calculator' }), {
        STUDIO_API_URL: `${url}/`,
        STUDIO_ANALYTICS_KEY: ' ',
      }),
    ).toEqual({ kind: 'not-configured', api: url });
    expect(asked).toEqual([]);
  });

  it('passes on the flow, days and language with the key, and hands back the report without the key', async () => {
    const answer = await reportAnswer(query({ flow: 'calculator', since: '2026-06-01', lang: 'es', key: 'x' }), {
      STUDIO_API_URL: url,
      STUDIO_ANALYTICS_KEY: KEY,
    });
    expect(answer).toEqual({ kind: 'report', api: url, report: REPORT });
    expect(asked.at(-1)).toBe(`/api/analytics/funnel?flow=calculator&since=2026-06-01&lang=es Bearer ${KEY}`);
    expect(JSON.stringify(answer)).not.toContain(KEY);
  });

  it("says the key was refused, and passes on the API's message for a bad request", async () => {
    expect(
      await reportAnswer(query({ flow: 'calculator' }), {
        STUDIO_API_URL: url,
        STUDIO_ANALYTICS_KEY: 'another-key',
      }),
    ).toEqual({ kind: 'refused', api: url });
    expect(
      await reportAnswer(query({ flow: 'calculator', since: '2026-13-01' }), {
        STUDIO_API_URL: url,
        STUDIO_ANALYTICS_KEY: KEY,
      }),
    ).toEqual({
      kind: 'failed',
      api: url,
      status: 400,
      detail: 'since must be a day, YYYY-MM-DD (got "2026-13-01")',
    });
    expect(
      await reportAnswer(query({ flow: 'calculator' }), {
        STUDIO_API_URL: `${url}/elsewhere`,
        STUDIO_ANALYTICS_KEY: KEY,
      }),
    ).toEqual({
      kind: 'failed',
      api: `${url}/elsewhere`,
      status: 404,
      detail: '<html>not here</html>',
    });
  });

  it('says nothing answers at an address where no server listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(
      await reportAnswer(query({ flow: 'calculator' }), {
        STUDIO_API_URL: `http://127.0.0.1:${port}`,
        STUDIO_ANALYTICS_KEY: KEY,
      }),
    ).toEqual({
      kind: 'unreachable',
      api: `http://127.0.0.1:${port}`,
      detail: 'ECONNREFUSED',
    });
  });
});
