// docs/operations.md names every setting of the server's schema, and no setting that does not exist: each variable it
// names in backticks is in server/config-schema.ts or .env.example (the build's, the studio's and the tests' own).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_SCHEMA } from '../../server/config-schema.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const doc = readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8');
const example = readFileSync(join(ROOT, '.env.example'), 'utf8');

const schemaNames = Object.keys(ENV_SCHEMA.properties);
/** Named by the commands' table and notes: the benchmark's and the soak runs' own variables, and a test helper's constant. */
const NOT_SETTINGS = ['BENCH_PARTS', 'BENCH_ALERTS_DB', 'BENCH_REPORTS_DBS', 'SCREENSHOT_DIR', 'CRASH_ROUNDS', 'DELIVERY_KILLS', 'NO_SHEDDING'];
const exampleNames = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);
/** Names in backticks, alone or with a value (`GOOGLE_MAPS=on`), with an underscore or a schema's name. */
const named = [...doc.matchAll(/`([A-Z][A-Z0-9_]+)(?:=[^`]*)?`/g)].map((m) => m[1]!).filter((n) => n.includes('_') || schemaNames.includes(n));

describe('docs/operations.md', () => {
  it('names every setting of the schema', () => {
    expect(schemaNames.filter((name) => !named.includes(name))).toEqual([]);
  });

  it('names no setting that neither the schema nor .env.example has', () => {
    expect(named.length).toBeGreaterThan(50);
    const unknown = [...new Set(named)].filter((name) => !schemaNames.includes(name) && !exampleNames.includes(name) && !NOT_SETTINGS.includes(name));
    expect(unknown).toEqual([]);
  });
});
