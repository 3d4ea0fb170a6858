// `npm run deliveries -- list|retry|redrive`: see deliveries to sponsors and their attempts, and send them again.
//   list [--status pending|delivered|dead|off] [--sponsor ID] [--lead ID] [--limit N]   the newest deliveries
//   list ID                                                                            one delivery and its attempt log
//   retry ID...                                                                        send these again now (full schedule;
//                                                                                      a delivered one rebuilt from the lead)
//   redrive [--sponsor ID]                                                             every dead or off delivery again, and
//                                                                                      the sponsor's endpoint back on (after a 410)
// ID is a delivery's number or its webhook-id. The running server's deliverer picks changes up within a minute.
import { parseArgs } from 'node:util';
import type { Db } from '../../db/db.ts';
import { cliCommand, type Output, UsageError, withConfiguredDb } from '../../cli.ts';

const USAGE = 'usage: npm run deliveries -- list [ID] [--status S] [--sponsor ID] [--lead ID] [--limit N] | retry ID... | redrive [--sponsor ID]';
const STATUSES = ['pending', 'delivered', 'dead', 'off'];

interface Row {
  id: string | number;
  webhook_id: string;
  lead_id: string | number;
  sponsor_id: string;
  type: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
}

const byId = `(d.id::text = $1 OR d.webhook_id = $1)`;

function table(rows: Row[]): string {
  const lines = rows.map((r) =>
    [
      r.id,
      r.webhook_id,
      r.lead_id,
      r.sponsor_id,
      r.type,
      r.status,
      r.attempts,
      r.status === 'pending' ? r.next_attempt_at.toISOString() : '',
      r.last_error ?? '',
    ].join('\t'),
  );
  return ['id\twebhook-id\tlead\tsponsor\ttype\tstatus\tattempts\tnext attempt\tlast error', ...lines].join('\n');
}

// A failed attempt's error ('HTTP 500', 'no answer within 15 s', …); an acknowledged one has none.
const LAST_ERROR = `(SELECT a.error FROM delivery_attempts a WHERE a.delivery_id = d.id ORDER BY a.id DESC LIMIT 1) AS last_error`;

const deliveriesCount = (n: number, kind = '') => `${n} ${kind}${n === 1 ? 'delivery' : 'deliveries'}`;

async function list(
  db: Db,
  out: Output,
  id: string | undefined,
  values: { status?: string; sponsor?: string; lead?: string; limit?: string },
): Promise<number> {
  if (id !== undefined) {
    const { rows } = await db.query<Row>(`SELECT d.*, ${LAST_ERROR} FROM deliveries d WHERE ${byId}`, [id]);
    if (rows.length === 0) throw new UsageError(`no delivery ${id}`);
    const { rows: log } = await db.query<{ attempt: number; at: Date; http_status: number | null; error: string | null; duration_ms: number }>(
      'SELECT attempt, at, http_status, error, duration_ms FROM delivery_attempts WHERE delivery_id = $1 ORDER BY id',
      [rows[0]?.id],
    );
    out.write(`${table(rows)}\n\nattempt\tat\tstatus\tms\terror\n`);
    for (const a of log) out.write(`${a.attempt}\t${a.at.toISOString()}\t${a.http_status ?? ''}\t${a.duration_ms}\t${a.error ?? ''}\n`);
    return 0;
  }
  if (values.status !== undefined && !STATUSES.includes(values.status)) throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`);
  const limit = Number(values.limit ?? 50);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive integer');
  const { rows } = await db.query<Row>(
    `SELECT d.*, ${LAST_ERROR} FROM deliveries d
     WHERE ($1::text IS NULL OR d.status = $1) AND ($2::text IS NULL OR d.sponsor_id = $2) AND ($3::bigint IS NULL OR d.lead_id = $3)
     ORDER BY d.id DESC LIMIT $4`,
    [values.status ?? null, values.sponsor ?? null, values.lead ?? null, limit],
  );
  out.write(`${table(rows)}\n`);
  return 0;
}

const AGAIN = `status = 'pending', attempts = 0, next_attempt_at = now(), lease_until = NULL, delivered_at = NULL`;

async function retry(db: Db, { out, err }: { out: Output; err: Output }, ids: string[]): Promise<number> {
  if (ids.length === 0) throw new UsageError(USAGE);
  let refused = 0;
  for (const id of ids) {
    // A delivered message kept no payload: it is built again from the lead, unless the lead's data was erased.
    const { rows } = await db.query<{ id: string | number; erased: boolean }>(
      `SELECT d.id, (d.type <> 'lead.deleted' AND l.erased_at IS NOT NULL) AS erased
       FROM deliveries d JOIN leads l ON l.id = d.lead_id WHERE ${byId}`,
      [id],
    );
    const found = rows[0];
    if (!found || found.erased) {
      err.write(found ? `delivery ${id} cannot be sent again: its lead's data was erased\n` : `no delivery ${id}\n`);
      refused += 1;
      continue;
    }
    await db.query(`UPDATE deliveries SET ${AGAIN} WHERE id = $1`, [found.id]);
  }
  out.write(`${deliveriesCount(ids.length - refused)} to send again\n`);
  return refused > 0 ? 2 : 0;
}

async function redrive(db: Db, out: Output, sponsor: string | undefined): Promise<number> {
  const { rows: on } = await db.query<{ sponsor_id: string }>(
    'DELETE FROM sponsor_endpoints_off WHERE $1::text IS NULL OR sponsor_id = $1 RETURNING sponsor_id',
    [sponsor ?? null],
  );
  // Not a message of a lead whose data was erased since (erasing dropped its payload): nothing is left to send.
  const { rows } = await db.query(
    `UPDATE deliveries d SET ${AGAIN} WHERE status IN ('dead', 'off') AND ($1::text IS NULL OR sponsor_id = $1)
       AND (type = 'lead.deleted' OR NOT EXISTS (SELECT 1 FROM leads l WHERE l.id = d.lead_id AND l.erased_at IS NOT NULL))
     RETURNING id`,
    [sponsor ?? null],
  );
  for (const r of on) out.write(`sponsor ${r.sponsor_id}'s endpoint is on again\n`);
  out.write(`${deliveriesCount(rows.length, 'dead or off ')} to send again\n`);
  return 0;
}

export const deliveriesCommand = cliCommand('deliveries', import.meta, async ({ args, env, out, err }) => {
  const options = { status: { type: 'string' }, sponsor: { type: 'string' }, lead: { type: 'string' }, limit: { type: 'string' } } as const;
  let parsed: ReturnType<typeof parseArgs<{ allowPositionals: true; options: typeof options }>>;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const { positionals, values } = parsed;
  const [command, ...rest] = positionals;
  if (command === 'list' && rest.length <= 1) return withConfiguredDb(env, (db) => list(db, out, rest[0], values));
  if (command === 'retry') return withConfiguredDb(env, (db) => retry(db, { out, err }, rest));
  if (command === 'redrive' && rest.length === 0) return withConfiguredDb(env, (db) => redrive(db, out, values.sponsor));
  throw new UsageError(USAGE);
});
