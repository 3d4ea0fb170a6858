// PostgreSQL text and jsonb hold only well-formed Unicode without U+0000: a body or query with anything else (a NUL,
// a lone surrogate) is refused by name before anything runs, instead of failing in the database.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldError } from './field-error.ts';

// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The dotted path of the first string (or key) that PostgreSQL cannot store, if any. */
export function unstorablePath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path.join('.') : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [...path, encodeURIComponent(key.replace(UNSTORABLE, '?'))].join('.');
    const found = unstorablePath(child, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A preValidation hook: 400 naming the field, as a schema error would. */
export async function refuseUnstorableText(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const inBody = unstorablePath(request.body);
  const field = inBody ?? unstorablePath(request.query);
  if (field === undefined) return;
  const name = field || (inBody !== undefined ? 'body' : 'querystring');
  await reply.code(400).send(fieldError(name, `${name} must be Unicode text without U+0000`));
}
