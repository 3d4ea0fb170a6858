// The first string of a report that PostgreSQL cannot store (a NUL, a lone surrogate), as a JSON pointer; the same
// rule as server/routes/storable-text.ts, without building a path for every field of every report of an import.
import { findInJson, pathOf } from '../json-walk.ts';

// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for.
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- as above.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Keys are not looked at: the report's schema allows only its own. Walked without recursion (server/json-walk.ts). */
export function unstorablePointer(value: unknown): string | undefined {
  const node = findInJson(value, (n) => typeof n.value === 'string' && SUSPECT.test(n.value) && UNSTORABLE.test(n.value));
  return (
    node &&
    pathOf(node)
      .map((key) => `/${key}`)
      .join('')
  );
}
