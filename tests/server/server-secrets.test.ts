// Secrets the server makes itself (server_secrets): the first process makes one, every other reads that one. Processes
// that start together ask at once: each must get the secret, and the same one (on PostgreSQL a second INSERT waits for
// the first and then sees nothing in its own statement's snapshot: an alert text once went out signed with no key).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSecret } from '../../server/store/server-secrets.ts';
import { openTestDb, STARTUP_MS, testDbKinds, type TestDb } from '../testing/test-db.ts';

describe.each(testDbKinds)('server secrets on %s', (kind) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(kind);
  }, STARTUP_MS);
  afterAll(() => testDb.close());

  it('gives every one of 20 callers asking at once the same secret, made once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const secrets = await Promise.all(Array.from({ length: 20 }, () => serverSecret(testDb.db, `race-${round}`, true)));
      expect(secrets.every((secret) => secret?.length === 32)).toBe(true);
      expect(new Set(secrets.map((secret) => secret?.toString('hex'))).size).toBe(1);
    }
  });

  it('makes none when asked only to read', async () => {
    expect(await serverSecret(testDb.db, 'never-made', false)).toBeUndefined();
  });
});
