// A body nested deeper than any API request needs is refused by name before validation and before anything else walks
// it (ajv, the storable-text check, the idempotency hash, JSON.stringify): 3,500 levels used to answer 500.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findInJson, pathOf } from '../json-walk.ts';
import { fieldError } from './field-error.ts';

/** The API's bodies nest 5 levels at most (a report's units and their drivers); 32 leaves room and refuses the rest. */
export const MAX_BODY_DEPTH = 32;

/** The top-level field holding a value nested deeper than MAX_BODY_DEPTH ('body' when the root is an array); else undefined. */
export function tooDeepField(body: unknown): string | undefined {
  // The root is depth 0 and a container at depth MAX_BODY_DEPTH - 1 is the last allowed: one child more is too deep.
  const node = findInJson(body, (n) => n.depth >= MAX_BODY_DEPTH && n.value !== null && typeof n.value === 'object');
  if (node === undefined) return undefined;
  return (!Array.isArray(body) && pathOf(node)[0]) || 'body';
}

/** A preValidation hook for every route: 400 naming the field, as a schema error would. */
export async function refuseDeepBodies(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const field = tooDeepField(request.body);
  if (field !== undefined) await reply.code(400).send(fieldError(field, `${field} is nested more than ${MAX_BODY_DEPTH} levels deep`));
}
