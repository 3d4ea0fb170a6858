// For a suite of the code routes: a test database for the file, and before each test a new app on it with a fake clock
// and the real code limits (makeCodesApp), closed after it.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { fakeClock, type FakeClock } from './fake-clock.ts';
import type { RecordingSms } from './fake-sms.ts';
import { openTestDb, STARTUP_MS, type TestDb, type TestDbKind } from './test-db.ts';
import { makeCodesApp } from './test-servers.ts';

export interface CodesApp {
  testDb: TestDb;
  clock: FakeClock;
  app: FastifyInstance;
  sms: RecordingSms;
}

export function useCodesApp(kind: TestDbKind, options: Parameters<typeof makeCodesApp>[2] = {}): CodesApp {
  const c = {} as CodesApp;
  beforeAll(async () => {
    c.testDb = await openTestDb(kind);
  }, STARTUP_MS);
  afterAll(() => c.testDb.close());
  beforeEach(async () => {
    c.clock = fakeClock();
    Object.assign(c, await makeCodesApp(c.testDb.db, c.clock, options));
  });
  afterEach(() => c.app.close());
  return c;
}
