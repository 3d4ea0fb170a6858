// Writes beside each API schema (schemas/api/x.schema.json) its literal type (x.schema.d.json.ts), which TypeScript
// takes for the JSON import: json-schema-to-ts derives the routes' request and reply types from it (a plain JSON import
// is typed with every string widened). The files are made again before each type-check and lint, and not committed.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'schemas', 'api');
for (const name of readdirSync(dir).filter((file) => file.endsWith('.schema.json'))) {
  const schema: unknown = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  // A JSON value is also a TypeScript type: its own literal type.
  const declaration = `// Made by scripts/schema-types.ts from ${name}; do not edit.\ndeclare const schema: ${JSON.stringify(schema, null, 2)};\nexport default schema;\n`;
  writeFileSync(join(dir, name.replace(/\.json$/, '.d.json.ts')), declaration);
}
