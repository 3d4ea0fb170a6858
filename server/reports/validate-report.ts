// Checks one report against schemas/report.schema.json, every problem named by its JSON pointer.
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import reportSchema from '../../schemas/report.schema.json' with { type: 'json' };
import type { FieldError, ReportInput } from './report-input.ts';

/** Most reports are valid: the first check stops at the first problem, and only a bad report is gone through again for all. */
const firstError = new Ajv2020({ allErrors: false, allowUnionTypes: true });
const allErrors = new Ajv2020({ allErrors: true, allowUnionTypes: true });
addFormats(firstError);
addFormats(allErrors);
const isValid = firstError.compile<ReportInput>(reportSchema);
const validate = allErrors.compile<ReportInput>(reportSchema);

export type SchemaCheck = { ok: true; report: ReportInput } | { ok: false; errors: FieldError[] };

/** The report as typed, or its schema errors, one per field (the first ajv gives for it). */
export function checkReportSchema(report: unknown): SchemaCheck {
  if (isValid(report) || validate(report)) return { ok: true, report };
  const byField = new Map<string, string>();
  for (const error of validate.errors ?? []) {
    const field = pointerOf(error);
    if (!byField.has(field)) byField.set(field, messageOf(error));
  }
  return { ok: false, errors: [...byField].map(([field, message]) => ({ field, message })) };
}

function pointerOf(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const child = error.keyword === 'required' ? params.missingProperty : error.keyword === 'additionalProperties' ? params.additionalProperty : undefined;
  const path = child === undefined ? error.instancePath : `${error.instancePath}/${child.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  return path || '/';
}

function messageOf(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a field of the report format';
    case 'enum':
      return `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    case 'format':
      return 'must be an ISO 8601 date and time with seconds and an offset, such as 2026-11-20T17:30:00-06:00';
    default:
      return error.message ?? 'is invalid';
  }
}
