// The first string of a report that PostgreSQL cannot store (a NUL, a lone surrogate), as a JSON pointer; the same
// rule as server/routes/storable-text.ts, without building a path for every field of every report of an import.

// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for.
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- as above.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Keys are not looked at: the report's schema allows only its own. */
export function unstorablePointer(value: unknown): string | undefined {
  if (typeof value === 'string') return SUSPECT.test(value) && UNSTORABLE.test(value) ? '' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorablePointer(value[i]);
      if (found !== undefined) return `/${i}${found}`;
    }
    return undefined;
  }
  for (const key in value) {
    const found = unstorablePointer((value as Record<string, unknown>)[key]);
    if (found !== undefined) return `/${key}${found}`;
  }
  return undefined;
}
