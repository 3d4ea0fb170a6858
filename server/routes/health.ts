// Health for load balancers and orchestrators (issue 37): GET /healthz says the process answers (a liveness probe: a
// restart is the cure when it does not); GET /readyz says it can serve traffic: its database reachable, the schema at
// the latest migration, the job queue started. A 503 names the parts not ready and nothing more (no error, no host).
// Both answer from memory but for one statement a second at most, and are neither rate limited, shed nor logged
// (PROBE_ROUTES).
import { readdirSync } from 'node:fs';
import type { Queryable } from '../db/db.ts';
import { MIGRATIONS_DIR } from '../db/migrate.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RoutePlugin } from './deps.ts';

/** The probes' route URLs: the request limits, load shedding and the access log leave them alone. */
export const PROBE_ROUTES: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

type Part = 'database' | 'migrations' | 'jobs';

/** The last migration's name, as node-pg-migrate records it in pgmigrations (its file name without the extension). */
const latestMigration = () =>
  readdirSync(MIGRATIONS_DIR)
    .sort()
    .at(-1)!
    .replace(/\.[^.]+$/, '');

/** 'migrations' when the latest migration has not run, 'database' when the database does not answer; undefined when both are fine. */
async function schemaNotReady(db: Queryable, latest: string): Promise<Part | undefined> {
  try {
    const { rows } = await db.query('SELECT 1 FROM pgmigrations WHERE name = $1', [latest]);
    return rows.length === 0 ? 'migrations' : undefined;
  } catch {
    return 'database';
  }
}

/** How long a schema check's answer stands: probes are neither limited nor shed, so a flood of them asks the database once a second. */
const CHECK_MS = 1_000;

export const healthRoutes: RoutePlugin = (app, { db, jobs }) => {
  const latest = latestMigration();
  let checked: { at: number; part: Promise<Part | undefined> } | undefined;
  const schemaCheck = () => {
    const now = Date.now();
    if (checked === undefined || now - checked.at >= CHECK_MS) checked = { at: now, part: schemaNotReady(db, latest) };
    return checked.part;
  };
  // A probe every few seconds from every load balancer is noise in the access log: only warnings and errors are kept.
  const probe = { logLevel: 'warn', schema: { response: { 200: s.readinessResponse, 503: s.readinessResponse } } } as const;
  app.get('/healthz', probe, () => Promise.resolve({ status: 'ok' } as const));
  app.get('/readyz', probe, async (_request, reply) => {
    const notReady = [await schemaCheck(), jobs?.started ? undefined : 'jobs'].filter((part): part is Part => part !== undefined);
    if (notReady.length > 0) return reply.code(503).send({ status: 'not_ready', notReady });
    return { status: 'ready' } as const;
  });
  return Promise.resolve();
};
