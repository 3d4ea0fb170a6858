// A JSON body nested deeper than any API request needs is refused by name before it is parsed: one iterative pass over
// its text counts the nesting, so a crafted body costs a scan, not JSON.parse and a walk (3,500 levels used to answer
// 500, and 16,000 levels cost every other request twice its time). Bodies within the limit go to Fastify's own parser.
import type { FastifyBodyParser, FastifyReply, FastifyRequest } from 'fastify';
import type { ValidationErrorBody } from '../validation.ts';
import { fieldError } from './field-error.ts';

/** The API's bodies nest 5 levels at most (a report's units and their drivers); 32 leaves room and refuses the rest. */
export const MAX_BODY_DEPTH = 32;

/** What the parser gives for a body nested too deep: refuseDeepBodies answers 400 with it, as a schema error would. */
export class TooDeepBody {
  readonly answer: ValidationErrorBody;
  constructor(field: string) {
    this.answer = fieldError(field, `${field} is nested more than ${MAX_BODY_DEPTH} levels deep`);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * The top-level field holding a value nested more than MAX_BODY_DEPTH levels in the JSON text ('body' when the root is
 * an array); else undefined. The root is depth 0, so the (MAX_BODY_DEPTH + 1)th level opened is one too many. The
 * first such value in document order is the one named, as a walk of the parsed body would find it. Text that is not
 * JSON is read as far as it goes; the parser refuses it after.
 */
export function tooDeepField(text: string): string | undefined {
  let depth = 0;
  let rootIsObject = false;
  /** The text of the root's last key, quotes and escapes included. */
  let key = '';
  /** At the root object's level, the next string is a key (after its `{` or a `,`). */
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      // To the closing quote: the next one not escaped (an odd number of backslashes before it).
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i < 0) return undefined;
        let backslashes = 0;
        while (text.charCodeAt(i - 1 - backslashes) === BACKSLASH) backslashes += 1;
        if (backslashes % 2 === 0) break;
      }
      if (keyNext) key = text.slice(start, i + 1);
      keyNext = false;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth += 1;
      if (depth > MAX_BODY_DEPTH) return rootIsObject ? keyName(key) : 'body';
      if (depth === 1) rootIsObject = keyNext = c === OPEN_OBJECT;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth -= 1;
    else if (c === COMMA) keyNext = depth === 1 && rootIsObject;
  }
  return undefined;
}

/** A key's name from its JSON text ('body' for an empty or malformed one). */
function keyName(text: string): string {
  try {
    return (JSON.parse(text) as string) || 'body';
  } catch {
    return 'body';
  }
}

/**
 * The application/json parser: the nesting checked on the raw text, then the given parser (Fastify's default: an empty
 * body refused, __proto__ and constructor.prototype keys refused as the server's options say). A body too deep is not
 * a parse error, which would close the connection: it is refused by refuseDeepBodies before validation.
 */
export function depthCheckedJsonParser(parse: FastifyBodyParser<string>): FastifyBodyParser<string> {
  // Fastify's default parser is of the form that answers through done.
  const parseText = parse as (request: FastifyRequest, text: string, done: Done) => void;
  return (request, text, done: Done) => {
    const field = tooDeepField(text);
    if (field !== undefined) done(null, new TooDeepBody(field));
    else parseText(request, text, done);
  };
}

type Done = (error: Error | null, body?: unknown) => void;

/** A preValidation hook for every route, the first: 400 naming the field of a body the parser found too deep. */
export async function refuseDeepBodies(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.body instanceof TooDeepBody) await reply.code(400).send(request.body.answer);
}
