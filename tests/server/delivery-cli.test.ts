// The operators' commands: `npm run deliveries -- list|retry|redrive` on the server's database (PGlite in DATA_DIR),
// and `npm run sponsors:check` printing each problem of a sponsor file as flows:check does.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPgliteDb } from '../../server/db/pglite-db.ts';
import { ConfigError } from '../../server/config.ts';
import { deliveriesCommand } from '../../server/delivery/cli/deliveries.ts';
import { loadDelivery } from '../../server/delivery/delivery-setup.ts';
import { eraseLeads } from '../../server/privacy/erase-lead.ts';
import { testLead } from '../testing/alert-delivery.ts';
import { runCommand } from '../testing/cli.ts';
import { STARTUP_MS } from '../testing/test-db.ts';
import { testConfig } from '../testing/test-servers.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const run = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });

describe('npm run deliveries', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'claimflow-deliveries-cli-'));
  const deliveries = (...args: string[]) => runCommand(deliveriesCommand, args, { DATA_DIR: dataDir });
  const ids: Record<string, { id: number; webhook: string }> = {};
  /** Opens the database between commands (PGlite's directory is one process's at a time). */
  const withDb = async <T>(fn: (db: Db) => Promise<T>) => {
    const db = await openPgliteDb(dataDir);
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  };

  beforeAll(async () => {
    await withDb(async (db) => {
      await migrate(db);
      const lead = await testLead(db);
      for (const [sponsor, status] of [
        ['dead-end', 'dead'],
        ['fine', 'delivered'],
        ['gone', 'off'],
      ]) {
        const { rows } = await db.query<{ id: number; webhook_id: string }>(
          `INSERT INTO deliveries (lead_id, sponsor_id, type, certificate_url, status, attempts) VALUES ($1, $2, 'lead.created', 'https://claims.example.com/certificates/x', $3, 3)
           RETURNING id, webhook_id`,
          [lead, sponsor, status],
        );
        ids[sponsor!] = { id: Number(rows[0]!.id), webhook: rows[0]!.webhook_id };
        await db.query('INSERT INTO delivery_attempts (delivery_id, attempt, http_status, error, duration_ms) VALUES ($1, 3, $2, $3, 12)', [
          rows[0]!.id,
          status === 'delivered' ? 204 : status === 'off' ? 410 : 500,
          status === 'delivered' ? null : `HTTP ${status === 'off' ? 410 : 500}`,
        ]);
      }
      await db.query(`INSERT INTO sponsor_endpoints_off (sponsor_id, reason) VALUES ('gone', 'HTTP 410')`);
      // A lead delivered, then erased at its person's request: nothing is left to send of it.
      const erased = await testLead(db);
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO deliveries (lead_id, sponsor_id, type, certificate_url, status, attempts) VALUES ($1, 'fine', 'lead.created', 'https://claims.example.com/certificates/y', 'delivered', 1)
         RETURNING id`,
        [erased],
      );
      ids.erased = { id: Number(rows[0]!.id), webhook: '' };
      await eraseLeads(db, [Number(erased)]);
    });
  }, STARTUP_MS);

  it('lists deliveries by status with their last error, and one delivery with its attempt log', async () => {
    const dead = await deliveries('list', '--status', 'dead');
    expect(dead.status).toBe(0);
    expect(dead.stdout.trim().split('\n')).toEqual([
      'id\twebhook-id\tlead\tsponsor\ttype\tstatus\tattempts\tnext attempt\tlast error',
      expect.stringMatching(new RegExp(`^${ids['dead-end']!.id}\t${ids['dead-end']!.webhook}\t\\d+\tdead-end\tlead.created\tdead\t3\t\tHTTP 500$`)) as unknown,
    ]);
    const one = await deliveries('list', ids.fine!.webhook);
    expect(one.stdout).toMatch(/\n3\t\S+Z\t204\t12\t\n$/);
  });

  it('shows no error for a delivery whose last attempt succeeded', async () => {
    const fine = (await deliveries('list', '--sponsor', 'fine')).stdout.split('\n').filter(Boolean);
    expect(fine.at(-1)).toMatch(new RegExp(`^${ids.fine!.id}\t${ids.fine!.webhook}\t\\d+\tfine\tlead.created\tdelivered\t3\t\t$`));
  });

  it('sends chosen deliveries again, and says which it does not know', async () => {
    expect((await deliveries('retry', String(ids['dead-end']!.id))).stdout).toBe('1 delivery to send again\n');
    const unknown = await deliveries('retry', 'msg_nope');
    expect([unknown.status, unknown.stderr]).toEqual([2, 'no delivery msg_nope\n']);
    expect(await withDb(async (db) => (await db.query('SELECT status, attempts FROM deliveries WHERE id = $1', [ids['dead-end']!.id])).rows)).toEqual([
      { status: 'pending', attempts: 0 },
    ]);
  });

  it("sends a delivered one again, its payload rebuilt from the lead; not one whose lead's data was erased", async () => {
    expect((await deliveries('retry', ids.fine!.webhook)).stdout).toBe('1 delivery to send again\n');
    const erased = await deliveries('retry', String(ids.erased!.id));
    expect([erased.status, erased.stdout, erased.stderr]).toEqual([
      2,
      '0 deliveries to send again\n',
      `delivery ${ids.erased!.id} cannot be sent again: its lead's data was erased\n`,
    ]);
    expect(await withDb(async (db) => (await db.query('SELECT id, status FROM deliveries WHERE sponsor_id = $1 ORDER BY id', ['fine'])).rows)).toEqual([
      { id: ids.fine!.id, status: 'pending' },
      { id: ids.erased!.id, status: 'delivered' },
    ]);
  });

  it("redrives a sponsor's dead and off deliveries and turns its endpoint on again", async () => {
    const redrive = await deliveries('redrive', '--sponsor', 'gone');
    expect(redrive.stdout).toBe("sponsor gone's endpoint is on again\n1 dead or off delivery to send again\n");
    expect(await withDb(async (db) => (await db.query(`SELECT sponsor_id, status FROM deliveries ORDER BY id`)).rows)).toEqual([
      { sponsor_id: 'dead-end', status: 'pending' },
      { sponsor_id: 'fine', status: 'pending' },
      { sponsor_id: 'gone', status: 'pending' },
      { sponsor_id: 'fine', status: 'delivered' },
    ]);
    expect(await withDb(async (db) => (await db.query('SELECT * FROM sponsor_endpoints_off')).rows)).toEqual([]);
  });

  it('says how to use it when the command is wrong', async () => {
    const wrong = await deliveries('resend');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/^usage: npm run deliveries -- list/);
  });
});

describe('npm run sponsors:check', { timeout: 60_000 }, () => {
  it('prints each problem as sponsors/<file>: <pointer>: <problem> and exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'claimflow-sponsors-check-'));
    const good = {
      id: 'good',
      name: 'Good',
      category: 'law-firm',
      services: ['__CALawyer'],
      dailyCap: 5,
      urlEnv: 'GOOD_URL',
      secretEnv: 'GOOD_SECRET',
      active: true,
    };
    writeFileSync(join(dir, 'good.json'), JSON.stringify(good));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...good, id: 'bad', dailyCap: 'ten', filter: { '===': [{ var: 'state' }, 'TX'] } }));
    writeFileSync(join(dir, 'renamed.json'), JSON.stringify(good));
    const checked = run('scripts/sponsors-check.ts', [], { SPONSORS_DIR: dir });
    expect(checked.status).toBe(1);
    const folder = dir.split('/').pop();
    expect(checked.stderr.trim().split('\n')).toEqual([
      `${folder}/bad.json: /dailyCap: must be integer`,
      `${folder}/renamed.json: /id: "good" is not the file's name`,
    ]);
    expect(run('scripts/sponsors-check.ts', [], {}).stdout).toBe('sponsors: all valid (3)\n');
    // The server checks them the same way at start, and does not start on a bad one.
    return expect(loadDelivery(testConfig({ sponsorsDir: dir }), {}, () => {})).rejects.toThrow(
      new ConfigError([`${folder}/bad.json: /dailyCap: must be integer`, `${folder}/renamed.json: /id: "good" is not the file's name`]),
    );
  });
});
