// Load shedding (issue 32): PDFs made a few at a time and kept per report version, the optional routes refused first
// when the database's queue grows, every route past the event loop's delay; each refusal a 503 with Retry-After.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { refusalOf, smsSend } from '../testing/requests.ts';
import { sampleReport } from '../testing/reports.ts';
import { storeReport } from '../testing/report-store.ts';
import { openTestDb, STARTUP_MS, type TestDb } from '../testing/test-db.ts';
import { NO_SHEDDING, testConfig } from '../testing/test-servers.ts';

// The renderer, counted, and held while `hold` is set: a slow render the test ends when it likes.
const render = vi.hoisted(() => ({ count: 0, hold: undefined as Promise<void> | undefined }));
vi.mock('../../server/reports/report-pdf.ts', async (original) => {
  const actual = await original<typeof import('../../server/reports/report-pdf.ts')>();
  return {
    ...actual,
    renderReportPdf: async (...args: Parameters<typeof actual.renderReportPdf>) => {
      render.count++;
      await render.hold;
      return actual.renderReportPdf(...args);
    },
  };
});

const OVERLOADED = { status: 503, error: 'overloaded', retryAfter: 5, header: 5 };

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * Keeps the loop busy for 300 ms at a time, as a cold process answering its first requests is (code compiled, statements
 * planned), and after each asks app for a page: answered (404), not shed, every time.
 */
async function expectServedWhileBusy(app: FastifyInstance, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const until = Date.now() + 300;
    while (Date.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await app.inject({ url: '/pdf/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
  }
}

describe('load shedding', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb('pglite');
  }, STARTUP_MS);
  afterAll(() => testDb.close());

  /** An app on the shared database with these shedding figures and PDF limits (and start-up work, as a server has). */
  async function appWith(
    shedding: Partial<Config['shedding']>,
    pdf: Partial<Config['pdf']> = {},
    sms = recordingSms(),
    starting?: Promise<unknown>,
  ): Promise<FastifyInstance> {
    const config = testConfig({ shedding: { ...NO_SHEDDING, ...shedding }, pdf: { concurrency: 2, queue: 8, cacheMb: 32, ...pdf } });
    const app = await buildApp({ config, db: testDb.db, sms, starting });
    await app.ready();
    return app;
  }

  describe('PDFs', () => {
    let app: FastifyInstance;
    let id: string;
    beforeAll(async () => {
      app = await appWith({}, { concurrency: 1, queue: 0 });
      id = await storeReport(testDb.db);
    }, STARTUP_MS);
    afterAll(() => app.close());

    it('renders one at a time: another is refused with 503 and Retry-After while a code is still sent', async () => {
      const before = render.count;
      const slow = gate();
      render.hold = slow.opened;
      const first = app.inject({ url: `/pdf/${id}?lang=en` });
      await vi.waitFor(() => expect(render.count).toBe(before + 1));
      // Spanish is another PDF: no turn left, none to wait for.
      const second = await app.inject({ url: `/pdf/${id}?lang=es` });
      expect(refusalOf(second)).toEqual(OVERLOADED);
      expect((await smsSend(app, '2025550147')).statusCode).toBe(200);
      render.hold = undefined;
      slow.open();
      const res = await first;
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(render.count).toBe(before + 1);
      // The turn is free again.
      expect((await app.inject({ url: `/pdf/${id}?lang=es` })).statusCode).toBe(200);
      expect(render.count).toBe(before + 2);
    });

    it('keeps a PDF per report version and language: the same one again is not rendered again', async () => {
      const first = await app.inject({ url: `/pdf/${id}?lang=en`, headers: { 'accept-language': 'es' } });
      expect(first.statusCode).toBe(200);
      const before = render.count;
      const again = await app.inject({ url: `/pdf/${id}?lang=en` });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(render.count).toBe(before);
      // Requests for one PDF not yet made share its render, and take no turn of their own.
      const other = await storeReport(testDb.db, sampleReport());
      const answers = await Promise.all(Array.from({ length: 4 }, () => app.inject({ url: `/pdf/${other}?lang=en` })));
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
      expect(render.count).toBe(before + 1);
    });
  });

  describe('by the database queue', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await appWith({ optionalDbWaiting: 1, dbWaiting: 100 });
    }, STARTUP_MS);
    afterAll(() => app.close());

    it('refuses the optional routes past their lower figure, and a code route still answers', async () => {
      // PGlite is one connection: a transaction held open makes every other statement wait.
      const busy = gate();
      const held = testDb.db.transaction(() => busy.opened);
      const queued = [testDb.db.query('SELECT 1'), testDb.db.query('SELECT 2')];
      expect(testDb.db.waiting?.()).toBeGreaterThan(1);
      const search = await app.inject({ url: '/api/reports/search?city=Austin&state=TX' });
      expect(refusalOf(search)).toEqual(OVERLOADED);
      const pdf = await app.inject({ url: '/pdf/AAAAAAAAAAAAAAAAAAAAAA' });
      expect(refusalOf(pdf)).toEqual(OVERLOADED);
      const code = smsSend(app, '2025550148');
      busy.open();
      await Promise.all([held, ...queued]);
      expect((await code).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/reports/search?city=Austin&state=TX' })).statusCode).toBe(200);
    });
  });

  describe('by the event loop (under-pressure)', () => {
    let app: FastifyInstance;
    const sms = recordingSms();
    beforeAll(async () => {
      app = await appWith({ eventLoopDelayMs: 1 }, {}, sms);
    }, STARTUP_MS);
    afterAll(() => app.close());

    it('is not judged in a fresh server’s first seconds either: a cold first search may hold the loop up', async () => {
      const fresh = await appWith({ eventLoopDelayMs: 1 }, {}, recordingSms(), Promise.resolve());
      try {
        // Past the two samples after start-up that the delay alone used to wait.
        await new Promise((resolve) => setTimeout(resolve, 700));
        await expectServedWhileBusy(fresh, 3);
      } finally {
        await fresh.close();
      }
    });

    it('refuses every route with the same 503 once the loop has been held up, and the route never runs', async () => {
      await vi.waitFor(
        async () => {
          // Held up for 300 ms: the next sample of the delay is far past 1 ms.
          const until = Date.now() + 300;
          while (Date.now() < until);
          await new Promise((resolve) => setTimeout(resolve, 20));
          expect(refusalOf(await smsSend(app, '2025550149'))).toEqual(OVERLOADED);
        },
        { timeout: 10_000, interval: 50 },
      );
      // The refused sends texted nothing: under-pressure lets the request go on after its handler, and Fastify stops at
      // the reply already sent, before the route.
      expect(sms.sent).toEqual([]);
    });
  });

  describe('by the share of the event loop in use', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await appWith({ optionalEventLoopUtilization: 0.5 });
    }, STARTUP_MS);
    afterAll(() => app.close());

    it('refuses the optional routes once the loop was busy most of the last sample, and a code route still answers', async () => {
      await vi.waitFor(
        async () => {
          // Busy for 300 ms: the share of the next sample in use is far past a half.
          const until = Date.now() + 300;
          while (Date.now() < until);
          await new Promise((resolve) => setTimeout(resolve, 20));
          expect(refusalOf(await app.inject({ url: '/pdf/AAAAAAAAAAAAAAAAAAAAAA' }))).toEqual(OVERLOADED);
          expect((await smsSend(app, '2025550150')).statusCode).toBe(200);
        },
        { timeout: 10_000, interval: 50 },
      );
      // An idle loop: the PDF route answers again (404: no such report).
      await vi.waitFor(async () => expect((await app.inject({ url: '/pdf/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404), { timeout: 5_000, interval: 300 });
    });

    it('is not judged in a fresh server’s first seconds, busy with its first visitors (a cold search was refused)', async () => {
      const fresh = await appWith({ optionalEventLoopUtilization: 0.5 }, {}, recordingSms(), Promise.resolve());
      try {
        await expectServedWhileBusy(fresh, 4);
      } finally {
        await fresh.close();
      }
    });
  });
});
