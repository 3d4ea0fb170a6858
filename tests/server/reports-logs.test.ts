// The request log never holds a proof of involvement in a report: the VIN or case ID of a URL is masked.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { maskSecrets } from '../../server/redact.ts';
import { storeReport } from '../testing/report-store.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { openTestDb, STARTUP_MS, type TestDb } from '../testing/test-db.ts';
import { testConfig } from '../testing/test-servers.ts';

const VIN = '1HGCM82633A004352';

describe('report proofs in the log', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    testDb = await openTestDb('pglite');
    const log = { level: 'trace' as const, stream: { write: (line: string) => void lines.push(line) } };
    app = await buildApp({ config: testConfig(), db: testDb.db, sms: recordingSms(), log });
    await app.ready();
  }, STARTUP_MS);
  afterAll(async () => {
    await app.close();
    await testDb.close();
  });

  it('masks vin=, caseId= and proof= of the report routes, right or wrong, and the VIN of /accident/{id}/{vin}', async () => {
    const id = await storeReport(testDb.db);
    for (const url of [
      `/api/reports/${id}?vin=${VIN}`,
      `/api/reports/${id}?caseId=24-0012345`,
      `/pdf/${id}?lang=es&caseId=24+0012345&vin=${VIN.toLowerCase()}`,
      `/api/reports/${id}?vin=2HGFA16588H500000`,
      `/accident/${id}/${VIN}`,
      `/accident/${id}?proof=vAbCdEfGhIjKl.mz0abc.AbCdEfGhIjKlMnOpQrStUv`,
    ]) {
      await app.inject({ url, headers: { accept: 'text/html' } });
    }
    const log = lines.join('');
    expect(log).toContain(`/pdf/${id}?lang=es&caseId=***&vin=***`);
    expect(log).toContain(`/accident/${id}/***`);
    expect(log).toContain(`/accident/${id}?proof=***`);
    for (const secret of [VIN, VIN.toLowerCase(), '2HGFA16588H500000', '24-0012345', '0012345', 'AbCdEfGhIjKl']) expect(log).not.toContain(secret);
  });

  it('leaves other parameters and paths as they were', () => {
    expect(maskSecrets('/api/reports/search?city=Austin&state=TX&radius=10')).toBe('/api/reports/search?city=Austin&state=TX&radius=10');
    expect(maskSecrets('/api/accident/zip?city=Austin')).toBe('/api/accident/zip?city=Austin');
    expect(maskSecrets('/accident/abc')).toBe('/accident/abc');
  });
});
