// Runs a create or update at most once per Idempotency-Key: its effects and its exact answer commit in one
// transaction, and a retry gets that answer again byte for byte.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db.ts';
import { isKeyTaken, lockKeys, requestHash, saveKeys, type Earlier, type KeyClaim } from '../store/idempotency-keys.ts';
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

/** Refuses the request from inside answerOnce's check or work: the transaction rolls back and the outcome is sent. */
export function refuse(status: number, body: unknown): never {
  throw new Refusal({ status, body });
}

/** What makes a request the same as an earlier one, and what must hold before even a replay is answered. */
export interface Once<Context> {
  /** The request's Idempotency-Key (idempotencyKeyOf), if it has one. */
  key: string | undefined;
  /**
   * A key of the request's meaning, whatever its body (one lead per funnel and verification): a later request with it
   * gets the first one's answer. It holds a space, which an Idempotency-Key cannot, so a client cannot claim it.
   */
  natural?: (context: Context) => string;
  /** Runs first in the transaction, before any replay (the visitor's verification); refuse() ends the request. */
  check?: (tx: Queryable) => Promise<Context>;
}

/**
 * Answers the request with work, run in one transaction: check, then the keys' locks (KeyClaim), then the work. A key
 * answered before is replayed (same status, same bytes, nothing written), an Idempotency-Key used with another request
 * is 422, one whose request still runs elsewhere is 409; a new request's answer is kept under its keys in the same
 * transaction as its effects.
 */
export async function answerOnce<Context>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  once: Once<Context>,
  work: (tx: Queryable, context: Context) => Promise<Outcome>,
): Promise<FastifyReply> {
  const route = keyRouteOf(request);
  const hash = once.key === undefined && once.natural === undefined ? '' : requestHash(request.query, request.body);
  let committed: Outcome['committed'];
  const run = () =>
    db.transaction(async (tx) => {
      committed = undefined;
      const context = (await once.check?.(tx)) as Context;
      const claims: KeyClaim[] = [
        ...(once.key === undefined ? [] : [{ key: once.key, hash }]),
        ...(once.natural === undefined ? [] : [{ key: once.natural(context), hash: null }]),
      ];
      if (claims.length > 0) {
        const earlier = await lockKeys(tx, route, claims);
        if (earlier.kind !== 'new') return earlier;
      }
      const outcome = await work(tx, context);
      if (outcome.status < 200 || outcome.status > 299) throw new Refusal(outcome);
      const bytes = serialize(reply, outcome);
      if (claims.length > 0) await saveKeys(tx, route, claims, hash, outcome.status, bytes);
      committed = outcome.committed;
      return { kind: 'replay' as const, status: outcome.status, response: bytes };
    });
  try {
    // A key answered by another transaction after lockKeys read is seen by the second run, which replays it.
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
