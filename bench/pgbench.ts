// pgbench single-row inserts into a scratch table of the same PostgreSQL: the database's own ceiling for one INSERT
// per transaction, to set lead creation beside. Latencies come from pgbench's per-transaction log.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { median } from './median.ts';
import type { LoadFigures } from './load-figures.ts';

const run = promisify(execFile);

/** pgbench on PATH, else Debian's postgresql-client install; undefined when there is none. */
export function pgbenchPath(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) if (existsSync(join(dir, 'pgbench'))) return join(dir, 'pgbench');
  const lib = '/usr/lib/postgresql';
  if (!existsSync(lib)) return undefined;
  return readdirSync(lib)
    .map((v) => join(lib, v, 'bin', 'pgbench'))
    .find((p) => existsSync(p));
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
}

export async function pgbenchInserts(databaseUrl: string, connections: number, seconds: number): Promise<LoadFigures> {
  const pgbench = pgbenchPath();
  if (!pgbench) throw new Error('pgbench not found');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    'CREATE TABLE IF NOT EXISTS bench_insert (id bigserial PRIMARY KEY, payload text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
  );
  await client.end();

  const dir = mkdtempSync(join(tmpdir(), 'claimflow-pgbench-'));
  try {
    const script = join(dir, 'insert.sql');
    writeFileSync(script, "INSERT INTO bench_insert (payload) VALUES ('one lead-sized row');\n");
    const threads = Math.min(connections, cpus().length);
    const args = [
      '-n',
      '-c',
      String(connections),
      '-j',
      String(threads),
      '-T',
      String(seconds),
      '-f',
      script,
      '-l',
      `--log-prefix=${join(dir, 'log')}`,
      databaseUrl,
    ];
    const { stdout } = await run(pgbench, args, { maxBuffer: 16 * 1024 * 1024 });
    const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
    const latencies: number[] = [];
    const perSecond = new Map<number, number>();
    for (const file of readdirSync(dir).filter((f) => f.startsWith('log'))) {
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
        const fields = line.trim().split(/\s+/);
        if (fields.length < 6) continue;
        latencies.push(Number(fields[2]) / 1000);
        const second = Number(fields[4]);
        perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      }
    }
    latencies.sort((a, b) => a - b);
    // Whole seconds only: the first and last are partial.
    const seconds_ = [...perSecond.keys()].sort((a, b) => a - b).slice(1, -1);
    return {
      rps: median(seconds_.map((s) => perSecond.get(s)!)),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      errors: failed,
      total: latencies.length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
