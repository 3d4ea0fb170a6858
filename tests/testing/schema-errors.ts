// Checks a value against a JSON Schema of schemas/api, as the API's contract says.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const contractAjv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
addFormats(contractAjv);

/** The ways value breaks a response schema of schemas/api (empty when it matches). */
export function schemaErrors(schema: object, value: unknown): string[] {
  const validate = contractAjv.compile(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
