// Validates a sponsor file: the JSON Schema (ajv strict), then its filter: every object in it must be a JSON Logic
// operation the engine knows (any other object would be taken as a value, and pass every lead).
import Ajv2020 from 'ajv/dist/2020.js';
import sponsorSchema from '../schemas/sponsor.schema.json' with { type: 'json' };
import type { Problem } from './check.ts';
import { escape, isOperation } from './logic.ts';
import type { Sponsor } from './route-lead.ts';

const ajv = new Ajv2020({ strict: true, allErrors: true });
const validateSchema = ajv.compile<Sponsor>(sponsorSchema);

export function checkSponsor(sponsor: unknown): Problem[] {
  if (!validateSchema(sponsor)) {
    return (validateSchema.errors ?? []).map((e) => ({
      pointer: e.instancePath || '/',
      message: e.keyword === 'additionalProperties' ? `unknown property "${String(e.params.additionalProperty)}"` : (e.message ?? 'is invalid'),
    }));
  }
  return sponsor.filter === undefined ? [] : [...unknownOperations(sponsor.filter, '/filter')];
}

/** Objects in a filter that are not operations, each with its pointer: an arguments' array may hold values, not objects. */
function* unknownOperations(value: unknown, pointer: string): Generator<Problem> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* unknownOperations(item, `${pointer}/${i}`);
  } else if (value && typeof value === 'object') {
    if (!isOperation(value)) {
      const keys = Object.keys(value);
      yield { pointer, message: keys.length === 1 ? `unknown operation "${keys[0]}"` : 'is not a JSON Logic operation (one key naming it)' };
      return;
    }
    const [op] = Object.keys(value) as [string];
    yield* unknownOperations(value[op], `${pointer}/${escape(op)}`);
  }
}
