// Makes the widget parts of the flow schemas from widgets/*/declaration.ts: schemas/widgets.json (each widget's props,
// answers and computed values, which engine/check.ts reads) and, in schemas/flow.schema.json, each widget's props as a
// block's props (so ajv strict rejects a misspelled prop). `npm run flows:schema` writes them; flows:check fails while
// they are out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WidgetDeclarations } from '../engine/widget-declaration.ts';
import { declarations } from '../widgets/declarations.ts';

const SCHEMAS = join(import.meta.dirname, '..', 'schemas');
export const WIDGETS_FILE = join(SCHEMAS, 'widgets.json');
export const FLOW_SCHEMA_FILE = join(SCHEMAS, 'flow.schema.json');

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** schemas/widgets.json: the declarations without their readiness rules (code, which the expansion of flows runs). */
function widgetList(widgets: WidgetDeclarations): string {
  return json({
    description:
      'Made by scripts/flow-schema.ts from widgets/*/declaration.ts; do not edit. The widgets a flow\'s blocks may use (widgets/registry.ts maps each name to a React component): `props`, the schema of a block\'s props; `answers`, the answer fields it always writes; `answerProps` and `computedProps`, JSON pointers into its props ("*" for every array item) whose values name an answer or a computed value (with the schema of the values it can show).',
    widgets: Object.fromEntries(Object.entries(widgets).map(([name, { ready: _ready, ...data }]) => [name, data])),
  });
}

/** schemas/flow.schema.json with a block's props checked against its widget's (`$defs/props-<widget>`). */
function flowSchema(widgets: WidgetDeclarations, current: Record<string, unknown>): string {
  const defs = Object.fromEntries(Object.entries(current.$defs as Record<string, unknown>).filter(([name]) => !name.startsWith('props-')));
  const block = defs.block as Record<string, unknown>;
  block.allOf = Object.keys(widgets).map((name) => ({
    if: { properties: { widget: { const: name } }, required: ['widget'] },
    then: { properties: { props: { $ref: `#/$defs/props-${name}` } } },
  }));
  for (const [name, widget] of Object.entries(widgets)) defs[`props-${name}`] = { description: widget.description, ...widget.props };
  return json({ ...current, $defs: defs });
}

/** The files as the declarations make them, by path. */
export function schemaFiles(widgets: WidgetDeclarations = declarations): Record<string, string> {
  const current = JSON.parse(readFileSync(FLOW_SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
  return { [WIDGETS_FILE]: widgetList(widgets), [FLOW_SCHEMA_FILE]: flowSchema(widgets, current) };
}

/** The schema files that differ from what the declarations make (flows:check's "out of date"). */
export function staleSchemaFiles(): string[] {
  return Object.entries(schemaFiles())
    .filter(([path, text]) => readFileSync(path, 'utf8') !== text)
    .map(([path]) => path);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [path, text] of Object.entries(schemaFiles())) writeFileSync(path, text);
  console.log('schemas/widgets.json and schemas/flow.schema.json written from widgets/*/declaration.ts');
}
