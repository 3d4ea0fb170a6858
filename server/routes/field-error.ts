// A 400 body naming one field, for checks the JSON Schema cannot make (e.g. a phone that does not parse).
import type { ValidationErrorBody } from '../validation.ts';

export function fieldError(field: string, message: string): ValidationErrorBody {
  return { error: 'validation', field, message };
}
