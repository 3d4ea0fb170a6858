// Request validation with the draft 2020-12 schemas in schemas/api, and the 400 body that names the bad field.
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

export interface ValidationErrorBody {
  error: 'validation';
  field: string;
  message: string;
}

/** Fastify's validator compiler: strict, no type coercion, no silent removal of unknown fields. */
export function schemaValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const ajv = new Ajv2020({ allErrors: false, coerceTypes: false, removeAdditional: false, allowUnionTypes: true });
  addFormats(ajv);
  const cache = new WeakMap<object, ReturnType<typeof ajv.compile>>();
  return ({ schema }) => {
    const key = schema as object;
    let validate = cache.get(key);
    if (!validate) {
      validate = ajv.compile(key);
      cache.set(key, validate);
    }
    return validate;
  };
}

/** The part of an ajv error that Fastify passes on (FastifySchemaValidationError). */
type SchemaError = Pick<ErrorObject, 'keyword' | 'instancePath' | 'params'> & { message?: string | undefined };

/** The dotted path of the field an ajv error is about: `email`, `extraDetails.accidentDetails.pain`, `ids.0`. */
export function fieldOf(error: SchemaError): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'required' && params.missingProperty) path.push(params.missingProperty);
  if (error.keyword === 'additionalProperties' && params.additionalProperty) path.push(params.additionalProperty);
  return path.join('.');
}

/** The 400 body for the first schema error; context (body, querystring) stands in for the field at the root. */
export function validationErrorBody(errors: readonly SchemaError[], context: string): ValidationErrorBody {
  const first = errors[0];
  const field = (first && fieldOf(first)) || context;
  const what = first?.keyword === 'additionalProperties' ? 'is not an accepted field' : (first?.message ?? 'is invalid');
  return { error: 'validation', field, message: `${field} ${what.replace(/^must have required property .*/, 'is required')}` };
}
