// PostgreSQL text and jsonb hold only well-formed Unicode without U+0000: a body or query with anything else (a NUL,
// a lone surrogate) is refused by name before anything runs, instead of failing in the database.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findInJson, pathOf, type JsonNode } from '../json-walk.ts';
import { fieldError } from './field-error.ts';

// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The dotted path of the first string (or key) that PostgreSQL cannot store, if any; walked without recursion. */
export function unstorablePath(value: unknown): string | undefined {
  const badKey = (n: JsonNode) => typeof n.key === 'string' && UNSTORABLE.test(n.key);
  const node = findInJson(value, (n) => badKey(n) || (typeof n.value === 'string' && UNSTORABLE.test(n.value)));
  if (node === undefined) return undefined;
  const path = pathOf(node);
  // A bad key is named with its bad characters replaced, so the answer itself is storable and printable.
  if (badKey(node)) path.push(encodeURIComponent(path.pop()?.replace(UNSTORABLE, '?') ?? ''));
  return path.join('.');
}

/** A preValidation hook: 400 naming the field, as a schema error would. */
export async function refuseUnstorableText(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const inBody = unstorablePath(request.body);
  const field = inBody ?? unstorablePath(request.query);
  if (field === undefined) return;
  const name = field || (inBody !== undefined ? 'body' : 'querystring');
  await reply.code(400).send(fieldError(name, `${name} must be Unicode text without U+0000`));
}
