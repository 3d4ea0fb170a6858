// Sends the alerts' texts, each exactly once: every alert_texts row ("your report is on file") and every alert_endings
// row ("your alert ended, search again"). A sender claims rows (jobs/claims.ts), stores their texts, hands them to the
// SMS provider, then marks them sent. A row claimed again after its lease ended was left by a sender that died or
// stalled in between: the provider is asked whether its stored text went out, and it is sent only if it did not.
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/db.ts';
import { claimDue, nextDueInSeconds, type ClaimTable } from '../jobs/claims.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { smsText, type SmsKey, type SmsLocale } from '../sms/sms-text.ts';
import type { SmsProvider } from '../sms/sms-provider.ts';
import { stoppedPhones, unsubscribePaths } from '../sms/stops.ts';
import { alertCountryAllowed } from './deliver-countries.ts';
import { proofKey } from '../reports/proof-key.ts';
import { alertReportPath, byFactSql } from './report-path.ts';

/** A claim's lease: sends start within SEND_START_MS of it and end within the provider's timeout (10 s for Twilio). */
const LEASE_SECONDS = 30;
const SEND_START_MS = 10_000;
/** Claims of one row before it is given up ('failed'): the provider refused it each time. */
const MAX_ATTEMPTS = 5;
/** Rows claimed, and sent, at once: a few statements and one provider's round trip (~0.2 s for Twilio) a batch. */
const BATCH = 50;
/** Batches under way at once (so at most LANES × BATCH requests to the provider). */
const LANES = 2;
/** How far back of a row's creation the provider is asked about it: the provider's clock may differ from the database's. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface DeliverDeps {
  db: Db;
  sms: SmsProvider;
  config: Pick<Config, 'publicUrl' | 'alertCountries'>;
  /** Where the texts not sent are counted by reason (the ones sent and refused are counted by the SMS provider, metered). */
  metrics?: Pick<Metrics, 'alertTextsSkipped'>;
}

export interface Delivery {
  sent: number;
  skipped: number;
  /** Rows the provider refused this time (tried again once their lease ends). */
  failed: number;
}

type Skip = 'stopped' | 'country' | 'duplicate' | 'failed';

/** A claimed row: its key (ids are base64url: no spaces), the text's parts, and the text an earlier claim stored. */
interface Claimed {
  key: string;
  phone: string;
  locale: SmsLocale;
  /** An ending's link path; a found report's is made from report_id, by_fact (the report has the alert's VIN or case ID) and the alert. */
  path: string | null;
  report_id: string | null;
  by_fact: boolean;
  alert_id: string;
  alert_expires_ms: number;
  /** Another alert of the same phone was (or is being) texted this report. */
  duplicate: boolean;
  body: string | null;
  attempts: number;
  created_at: Date;
}

/** What differs between the two kinds of row. */
interface Kind {
  claim: ClaimTable;
  text: Exclude<SmsKey, 'code'>;
  /** The claim's RETURNING (the row joined with its alert, a). */
  returning: string;
  /** Sets the body, skipped, or outcome (null: sent; else the refusal) of the claim's ($1) rows: $2 their keys, $3 the values. */
  set: Record<'body' | 'skipped' | 'outcome', string>;
}

function kind(table: ClaimTable['table'], text: Kind['text'], key: string[], returning: string): Kind {
  // The row of each key given, by its primary key.
  const match = key.map((c, i) => `item.${c} = split_part(given.key, ' ', ${i + 1})`).join(' AND ');
  const set = (assignment: string) =>
    `UPDATE ${table} item SET ${assignment} FROM unnest($2::text[], $3::text[]) AS given (key, value) WHERE ${match} AND item.claim = $1`;
  return {
    claim: { table, key, pending: 'item.sent_at IS NULL AND item.skipped IS NULL' },
    text,
    returning: `${key.map((c) => `item.${c}`).join(` || ' ' || `)} AS key, a.phone, a.locale, item.body, item.attempts, item.created_at, ${returning}`,
    set: {
      body: set('body = given.value'),
      skipped: set('skipped = given.value'),
      outcome: set('sent_at = CASE WHEN given.value IS NULL THEN now() END, error = given.value'),
    },
  };
}

const KINDS: Kind[] = [
  kind(
    'alert_texts',
    'alertFound',
    ['alert_id', 'report_id'],
    // Another alert of the phone was texted the report, or will be: the one of them with the smaller id sends.
    `NULL AS path, item.report_id, ${byFactSql('item', 'a')} AS by_fact, a.id AS alert_id,
      (extract(epoch FROM a.expires_at) * 1000)::float8 AS alert_expires_ms, EXISTS (
      SELECT 1 FROM alerts oa JOIN alert_texts o ON o.alert_id = oa.id AND o.report_id = item.report_id
      WHERE oa.phone = a.phone AND oa.id <> a.id AND o.skipped IS NULL AND (o.sent_at IS NOT NULL OR oa.id < a.id)
    ) AS duplicate`,
  ),
  kind(
    'alert_endings',
    'alertEnded',
    ['alert_id'],
    `'/find-my-report' AS path, NULL AS report_id, false AS by_fact, a.id AS alert_id, 0 AS alert_expires_ms, false AS duplicate`,
  ),
];

/** The tables of texts to send (the job queue's backlog: metrics/queue-backlog.ts). */
export const TEXT_CLAIMS: readonly ClaimTable[] = KINDS.map((k) => k.claim);

/** Seconds until the first unsent row is due or its lease ends (a dead sender's, or a refused text's); undefined when none is unsent. */
export async function textsDueInSeconds(db: Db): Promise<number | undefined> {
  const due = (await Promise.all(KINDS.map((k) => nextDueInSeconds(db, k.claim)))).filter((s) => s !== undefined);
  return due.length === 0 ? undefined : Math.min(...due);
}

/**
 * Sends every row due, a batch at a time in each of LANES, until a claim finds none (or signal aborts); onBusy when a
 * claim takes a whole batch (more may wait for another worker). A batch takes the database twice, so reports matched
 * meanwhile (PGlite has one connection) wait little: to claim and prepare (one transaction), and to record.
 */
export async function deliverAlertTexts(deps: DeliverDeps, { signal, onBusy }: { signal?: AbortSignal; onBusy?: () => void } = {}): Promise<Delivery> {
  const counts = { sent: 0, skipped: 0, failed: 0 };
  for (const k of KINDS) {
    const lane = async () => {
      for (let more = true; more && !signal?.aborted;) {
        const batch = await claimBatch(deps, k);
        more = batch.claimed > 0;
        if (batch.claimed === BATCH) onBusy?.();
        const done = await sendBatch(deps, k, batch);
        counts.sent += done.sent;
        counts.skipped += batch.skipped + done.skipped;
        counts.failed += done.failed;
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
  }
  return counts;
}

interface Batch {
  token: string;
  /** performance.now() at the claim. */
  claimedAt: number;
  claimed: number;
  skipped: number;
  toSend: { row: Claimed; body: string }[];
  /** Rows an earlier claim stored a text for: it may have gone. */
  toAsk: Claimed[];
}

/** Claims a batch and, in the same transaction, skips what must not go and stores the texts of the rest. */
function claimBatch(deps: DeliverDeps, k: Kind): Promise<Batch> {
  const { db } = deps;
  return db.transaction(async (tx) => {
    const claimedAt = performance.now();
    const { token, rows } = await claimDue<Claimed>(tx, k.claim, {
      join: [', alerts a', 'AND a.id = item.alert_id'],
      returning: k.returning,
      leaseSeconds: LEASE_SECONDS,
      limit: BATCH,
    });
    const { toSend, skipped } = await prepare(
      tx,
      deps,
      k,
      token,
      rows.filter((row) => row.body === null),
    );
    return { token, claimedAt, claimed: rows.length, skipped, toSend, toAsk: rows.filter((row) => row.body !== null) };
  });
}

/** Records the rows that must not be texted, and stores the texts of the others (rows with a text keep it). */
async function prepare(q: Queryable, { config, metrics }: Pick<DeliverDeps, 'config' | 'metrics'>, k: Kind, token: string, rows: Claimed[]) {
  if (rows.length === 0) return { toSend: [], skipped: 0 };
  const stopped = await stoppedPhones(q, rows.map(phoneOf));
  const skipOf = (row: Claimed): Skip | undefined =>
    row.attempts > MAX_ATTEMPTS
      ? 'failed'
      : row.duplicate
        ? 'duplicate'
        : stopped.has(row.phone)
          ? 'stopped'
          : alertCountryAllowed(row.phone, config.alertCountries)
            ? undefined
            : 'country';
  const skips = rows.filter((row) => skipOf(row) !== undefined);
  if (skips.length > 0) await q.query(k.set.skipped, [token, skips.map(keyOf), skips.map(skipOf)]);
  for (const row of skips) metrics?.alertTextsSkipped.inc({ reason: skipOf(row) });
  const sendable = rows.filter((row) => skipOf(row) === undefined);
  const unwritten = sendable.filter((row) => row.body === null);
  const stops = unwritten.length === 0 ? new Map<string, string>() : await unsubscribePaths(q, unwritten.map(phoneOf));
  const key = unwritten.some((row) => row.report_id !== null) ? await proofKey(q) : undefined;
  const pathOf = (row: Claimed) =>
    row.path ?? alertReportPath(key!, row.report_id!, { id: row.alert_id, expiresAt: Number(row.alert_expires_ms) }, row.by_fact);
  const toSend = sendable.map((row) => ({
    row,
    body: row.body ?? smsText(row.locale, k.text, { link: config.publicUrl + pathOf(row), stop: config.publicUrl + stops.get(row.phone)! }),
  }));
  // Stored before any is sent: what a later claim asks the provider about if this sender dies.
  const written = toSend.filter(({ row }) => row.body === null);
  if (written.length > 0) await q.query(k.set.body, [token, written.map(({ row }) => row.key), written.map(({ body }) => body)]);
  return { toSend, skipped: skips.length };
}

const phoneOf = (row: Claimed) => row.phone;
const keyOf = (row: Claimed) => row.key;

/**
 * Sends the batch's new texts and, meanwhile, asks the provider about the rows an earlier claim may have sent (sending
 * those it did not); then records it all at once.
 */
async function sendBatch(deps: DeliverDeps, k: Kind, batch: Batch) {
  const { db, sms } = deps;
  /** Each row's outcome: null sent, else why not (a refusal: asked about again once the lease ends). */
  const outcomes: [string, string | null][] = [];
  const failed = (row: Claimed, error: unknown) => outcomes.push([row.key, String((error as Error)?.message ?? error).slice(0, 300)]);
  const send = (texts: Batch['toSend']) =>
    Promise.all(
      texts.map(async ({ row, body }) => {
        // Too late to start: the lease counts on a send starting soon after its claim. The next claim sends it.
        try {
          if (performance.now() - batch.claimedAt > SEND_START_MS) throw new Error(`not sent within ${SEND_START_MS} ms of its claim`);
          await sms.send(row.phone, body);
          outcomes.push([row.key, null]);
        } catch (error) {
          failed(row, error);
        }
      }),
    );
  const askThenSend = async () => {
    const unsent: Claimed[] = [];
    await Promise.all(
      batch.toAsk.map(async (row) => {
        try {
          if (await sms.wasSent(row.phone, row.body!, new Date(row.created_at.getTime() - CLOCK_SKEW_MS))) outcomes.push([row.key, null]);
          else unsent.push(row);
        } catch (error) {
          failed(row, error);
        }
      }),
    );
    // Not sent after all: checked again as a new row is (the phone may have stopped since), its stored text kept.
    const again = await prepare(db, deps, k, batch.token, unsent);
    await send(again.toSend);
    return again.skipped;
  };
  const [, skipped] = await Promise.all([send(batch.toSend), askThenSend()]);
  if (outcomes.length > 0) await db.query(k.set.outcome, [batch.token, outcomes.map(([key]) => key), outcomes.map(([, why]) => why)]);
  const sent = outcomes.filter(([, why]) => why === null).length;
  return { sent, skipped, failed: outcomes.length - sent };
}
