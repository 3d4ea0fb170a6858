// Checks the requests a flow's effects make against the API's JSON Schemas (schemas/api): every field the API
// requires is there, none it does not know, and a value the template fixes (a text, a number, a comparison's true
// or false) is one the API takes. So a flow whose Submit would be refused cannot ship.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { escape, isOperation } from './logic.ts';
import type { Problem } from './check.ts';
import type { Flow } from './types.ts';
import type { JsonSchema } from './widget-declaration.ts';

/** The API's request schemas by route ("POST /leads/create"): its body's, its query string's. */
export type ApiSchemas = Record<string, { body?: JsonSchema; query?: JsonSchema }>;

/** What an operation gives, where it can be told: comparisons a boolean, texts a string, sums a number. */
const GIVES = new Map<string, string>([
  ...['==', '===', '!=', '!==', '>', '>=', '<', '<=', '!', '!!', 'in', 'all', 'none', 'some', 'valid'].map((op) => [op, 'boolean'] as const),
  ...['cat', 'substr', 'splitName', 'phoneCountry', 'phoneNational'].map((op) => [op, 'string'] as const),
  ...['+', '-', '*', '/', '%', 'min', 'max', 'count'].map((op) => [op, 'number'] as const),
  ...['map', 'filter', 'merge'].map((op) => [op, 'array'] as const),
]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a schema takes some value of this JSON type (by its type or enum; a schema saying neither takes any). */
function takesType(schema: JsonSchema, type: string): boolean {
  const types = schema.type === undefined ? undefined : [schema.type].flat();
  if (types) return types.includes(type) || (type === 'number' && types.includes('integer'));
  if (Array.isArray(schema.enum)) return schema.enum.some((value) => (value === null ? 'null' : typeof value) === type);
  return true;
}

/** The part of a schema a local pointer ("#/$defs/consent") names. */
function subschema(schema: JsonSchema, ref: string): JsonSchema | undefined {
  const parts = ref
    .replace(/^#\/?/, '')
    .split('/')
    .filter((part) => part !== '');
  return parts.reduce<unknown>((node, part) => (isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), schema) as
    JsonSchema | undefined;
}

/** One validator per set of API schemas, its schemas compiled once for every flow checked against them. */
const validators = new WeakMap<ApiSchemas, Ajv2020>();

export function requestProblems(flow: Flow, api: ApiSchemas): Problem[] {
  const ajv = validators.get(api) ?? addFormats(new Ajv2020({ strict: false, allErrors: true }));
  validators.set(api, ajv);
  const problems: Problem[] = [];
  for (const [name, effect] of Object.entries(flow.effects)) {
    const route = `${effect.method} ${effect.path}`;
    const schemas = api[route];
    const at = `/effects/${escape(name)}`;
    if (!schemas) {
      problems.push({ pointer: `${at}/path`, message: `the API has no ${route} (no request schema in schemas/api)` });
      continue;
    }
    for (const part of ['body', 'query'] as const) {
      const schema = schemas[part];
      const template = effect[part];
      if (!schema) {
        if (template !== undefined && part === 'body') problems.push({ pointer: `${at}/body`, message: `${route} takes no body` });
        continue;
      }
      // A URI of its own, so that ajv finds a pointer into it ("<id>#/properties/consent").
      const id = `https://api.invalid/${effect.method}${effect.path}/${part}`;
      if (!ajv.getSchema(id)) ajv.addSchema(schema, id);
      const where = part === 'body' ? `${route}` : `${route}'s query`;
      check(template ?? {}, `${at}/${part}`, '#', part === 'body');
      // A template, walked beside the schema at `ref` (a pointer into it): its fields, and the values it fixes.
      function check(value: unknown, pointer: string, ref: string, typed: boolean) {
        let schemaRef = ref;
        let node = subschema(schema as JsonSchema, schemaRef);
        while (node && typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
          schemaRef = node.$ref;
          node = subschema(schema as JsonSchema, schemaRef);
        }
        if (!node || value === null) return;
        if (isOperation(value)) {
          const op = Object.keys(value)[0] as string;
          if (op === 'if' || op === '?:') {
            const args = [value[op]].flat();
            args.forEach((arg, i) => {
              if (i % 2 === 1 || i === args.length - 1) check(arg, `${pointer}/${escape(op)}/${i}`, schemaRef, typed);
            });
          } else {
            const gives = GIVES.get(op);
            if (typed && gives && !takesType(node, gives)) problems.push({ pointer, message: `gives a ${gives}, which ${where} does not take here` });
          }
          return;
        }
        if (isObject(value)) {
          const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
          for (const field of (node.required ?? []) as string[]) {
            if (!(field in value)) problems.push({ pointer, message: `${where} requires "${field}"` });
          }
          for (const [field, item] of Object.entries(value)) {
            const fieldAt = `${pointer}/${escape(field)}`;
            if (field in properties) check(item, fieldAt, `${schemaRef}/properties/${escape(field)}`, typed);
            else if (node.additionalProperties === false) {
              problems.push({ pointer: fieldAt, message: `${where} has no field "${field}" (its fields: ${Object.keys(properties).join(', ')})` });
            } else if (isObject(node.additionalProperties)) check(item, fieldAt, `${schemaRef}/additionalProperties`, typed);
          }
          return;
        }
        if (!typed) return;
        if (Array.isArray(value)) {
          value.forEach((item, i) => check(item, `${pointer}/${i}`, `${schemaRef}/items`, typed));
          return;
        }
        const validate = ajv.getSchema(`${id}${schemaRef}`);
        if (validate && !validate(value))
          problems.push({ pointer, message: `${JSON.stringify(value)}: ${where} takes no such value (${validate.errors?.[0]?.message ?? 'invalid'})` });
      }
    }
  }
  return problems;
}
