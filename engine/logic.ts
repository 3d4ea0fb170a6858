// JSON Logic as the flow language's expressions: the custom operations flows may use, evaluation and templates.
import jsonLogic from 'json-logic-js';
import { isValid, parsePhone, splitName } from './validators.ts';

const STANDARD_OPS = [
  '==', '===', '!=', '!==', '>', '>=', '<', '<=', '!!', '!', '%', 'log', 'in', 'cat', 'substr', '+', '*', '-', '/',
  'min', 'max', 'merge', 'var', 'missing', 'missing_some', 'if', '?:', 'and', 'or', 'filter', 'map', 'reduce', 'all',
  'none', 'some',
];

/** Operations the flow language adds to JSON Logic. */
const CUSTOM_OPS: Record<string, (...args: never[]) => unknown> = {
  /** [rule, value] → whether the value passes that rule of engine/validators.ts (fullName, email, phone, code, vin, pastDate, …). */
  valid: (rule: string, value: unknown) => isValid(rule, value),
  /** [fullName, "first" | "last"] → that part of the name. */
  splitName: (full: unknown, part: 'first' | 'last') => splitName(full, part),
  /** [phone as typed] → its country code with a plus ("+1", "+381"). */
  phoneCountry: (phone: unknown) => {
    const parsed = typeof phone === 'string' ? parsePhone(phone) : undefined;
    return parsed ? `+${parsed.countryCallingCode}` : '+1';
  },
  /** [phone as typed] → its national number, digits only. */
  phoneNational: (phone: unknown) => {
    const parsed = typeof phone === 'string' ? parsePhone(phone) : undefined;
    return parsed ? String(parsed.nationalNumber) : typeof phone === 'string' ? phone.replace(/\D/g, '') : '';
  },
  /** [text or number] → that number, or null when it is not one (a query string's "2019"). */
  number: (value: unknown) => toNumber(value),
  /** [lat, lng] → a map point { lat, lng }, or null unless both are numbers in range (a query string's coordinates). */
  point: (lat: unknown, lng: unknown) => {
    const [y, x] = [toNumber(lat), toNumber(lng)];
    return y !== null && x !== null && Math.abs(y) <= 90 && Math.abs(x) <= 180 ? { lat: y, lng: x } : null;
  },
  /** [object or array] → number of keys or items. */
  count: (value: unknown) =>
    Array.isArray(value) ? value.length : value && typeof value === 'object' ? Object.keys(value).length : 0,
};

function toNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

for (const [name, op] of Object.entries(CUSTOM_OPS)) jsonLogic.add_operation(name, op as (...args: unknown[]) => unknown);

const KNOWN_OPS = new Set([...STANDARD_OPS, ...Object.keys(CUSTOM_OPS)]);

/** Whether a value is an operation (an object with one key naming a known operation). */
export function isOperation(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && KNOWN_OPS.has(keys[0] as string);
}

export function evaluate(logic: unknown, data: unknown): unknown {
  return jsonLogic.apply(logic as jsonLogic.RulesLogic, data);
}

/** Renders a template: operations are evaluated, plain objects and arrays are walked, null results are left out. */
export function render(template: unknown, data: unknown): unknown {
  if (isOperation(template)) return evaluate(template, data);
  if (Array.isArray(template)) return template.map((item) => render(item, data));
  if (template && typeof template === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(template)) {
      const rendered = render(value, data);
      if (rendered !== null && rendered !== undefined) out[key] = rendered;
    }
    return out;
  }
  return template;
}

/** Every JSON Logic operation found in a value, with its JSON pointer relative to the value. */
export function* operationsIn(value: unknown, pointer = ''): Generator<{ op: string; args: unknown; pointer: string }> {
  if (isOperation(value)) {
    const op = Object.keys(value)[0] as string;
    yield { op, args: value[op], pointer };
    yield* operationsIn(value[op], `${pointer}/${escape(op)}`);
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* operationsIn(item, `${pointer}/${i}`);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* operationsIn(item, `${pointer}/${escape(key)}`);
  }
}

/** The field path a `var` operation reads ({"var": "a.b"} or {"var": ["a.b", default]}). */
export function varPath(args: unknown): string | undefined {
  const path: unknown = Array.isArray(args) ? (args as unknown[])[0] : args;
  return typeof path === 'string' ? path : undefined;
}

/** Escapes a key for a JSON pointer (RFC 6901). */
export function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Whether an expression holds, with JSON Logic's truthiness (an empty array is false). */
export function holds(logic: unknown, data: unknown): boolean {
  return jsonLogic.truthy(evaluate(logic, data));
}
