// Runs a create or update at most once per Idempotency-Key: its effects and its exact answer commit in one
// transaction, and a retry gets that answer again byte for byte.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db.ts';
import { isKeyTaken, lockKey, requestHash, saveKey, type Earlier } from '../store/idempotency-keys.ts';
import type { ValidationErrorBody } from '../validation.ts';
import { fieldError } from './field-error.ts';

/** What a request's work answers; only a 2xx answer commits (and is kept for retries), any other rolls back. */
export interface Outcome {
  status: number;
  body: unknown;
  /** Run once the transaction committed (not for a replay): what must follow the effects, such as waking a sender. */
  committed?: () => void;
}

const KEY = /^[\x21-\x7e]{1,200}$/;

/** The request's Idempotency-Key header: the key, undefined when there is none, or the 400 body for a malformed one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined | ValidationErrorBody {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key === 'string' && KEY.test(key)) return key;
  return fieldError('Idempotency-Key', 'Idempotency-Key must be one header of 1 to 200 visible ASCII characters');
}

/** The answer as bytes, through the route's response schema for its status (as Fastify would send it). */
function serialize(reply: FastifyReply, outcome: Outcome): string {
  const bytes = reply.code(outcome.status).serialize(outcome.body);
  if (typeof bytes === 'string') return bytes;
  return Buffer.from(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes).toString('utf8');
}

function sendBytes(reply: FastifyReply, status: number, bytes: string): FastifyReply {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(bytes);
}

/** The route an Idempotency-Key belongs to: the method and the route's pattern. */
const keyRouteOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

/** The answer to a request whose key was met before: its kept answer, 422 for another request's key, or 409. */
function answerEarlier(reply: FastifyReply, earlier: Exclude<Earlier, { kind: 'new' }>): FastifyReply {
  if (earlier.kind === 'replay') return sendBytes(reply, earlier.status, earlier.response);
  if (earlier.kind === 'reused') return reply.code(422).send({ error: 'idempotency_key_reused' });
  // The first request with the key is still running: the client should send it again in a moment.
  return reply.code(409).header('retry-after', '1').send({ error: 'request_in_progress' });
}

class Refusal extends Error {
  constructor(readonly outcome: Outcome) {
    super('refused');
  }
}

/**
 * Answers the request with work, run in one transaction. With a key, that transaction first takes the key's lock: a
 * key answered before is replayed (same status, same bytes, nothing written), one used with another request is 422,
 * one whose request still runs elsewhere is 409; a new key's answer is kept in the same transaction as the effects.
 * Checks that must hold for a replay too (the visitor's verification) come before this call.
 */
export async function answerOnce(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string | undefined,
  work: (tx: Queryable) => Promise<Outcome>,
): Promise<FastifyReply> {
  const route = keyRouteOf(request);
  const hash = key === undefined ? '' : requestHash(request.query, request.body);
  let committed: Outcome['committed'];
  const run = () =>
    db.transaction(async (tx) => {
      committed = undefined;
      if (key !== undefined) {
        const earlier = await lockKey(tx, route, key, hash);
        if (earlier.kind !== 'new') return earlier;
      }
      const outcome = await work(tx);
      if (outcome.status < 200 || outcome.status > 299) throw new Refusal(outcome);
      const bytes = serialize(reply, outcome);
      if (key !== undefined) await saveKey(tx, route, key, hash, outcome.status, bytes);
      committed = outcome.committed;
      return { kind: 'replay' as const, status: outcome.status, response: bytes };
    });
  try {
    // A key answered by another transaction after lockKey read is seen by the second run, which replays it.
    const answer = await run().catch((error: unknown) => {
      if (isKeyTaken(error)) return run();
      throw error;
    });
    committed?.();
    return answerEarlier(reply, answer);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return reply.code(error.outcome.status).send(error.outcome.body);
  }
}
