// JSON Logic as the flow language's expressions: the custom operations flows may use, evaluation and templates.
import jsonLogic from 'json-logic-js';
import type { Clock } from './types.ts';
import { isValid, parsePhone, splitName } from './validators.ts';

const STANDARD_OPS = [
  '==',
  '===',
  '!=',
  '!==',
  '>',
  '>=',
  '<',
  '<=',
  '!!',
  '!',
  '%',
  'log',
  'in',
  'cat',
  'substr',
  '+',
  '*',
  '-',
  '/',
  'min',
  'max',
  'merge',
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  'and',
  'or',
  'filter',
  'map',
  'reduce',
  'all',
  'none',
  'some',
];

/**
 * Operations the flow language adds to JSON Logic, each given its evaluated arguments and the clock. They live here, not
 * in json-logic-js: its add_operation writes to the one table every importer of the library shares, and a table there
 * could not see the clock of the machine asking.
 */
const FLOW_OPERATIONS: Record<string, (args: unknown[], now: Clock) => unknown> = {
  /** [rule, value] → whether the value passes that rule of engine/validators.ts (fullName, email, phone, code, vin, pastDate, …). */
  valid: ([rule, value], now) => isValid(String(rule), value, new Date(now())),
  /** [fullName, "first" | "last"] → that part of the name. */
  splitName: ([full, part]) => splitName(full, part as 'first' | 'last'),
  /** [phone as typed] → its country code with a plus ("+1", "+381"). */
  phoneCountry: ([phone]) => {
    const parsed = typeof phone === 'string' ? parsePhone(phone) : undefined;
    return parsed ? `+${parsed.countryCallingCode}` : '+1';
  },
  /** [phone as typed] → its national number, digits only. */
  phoneNational: ([phone]) => {
    const parsed = typeof phone === 'string' ? parsePhone(phone) : undefined;
    return parsed ? String(parsed.nationalNumber) : typeof phone === 'string' ? phone.replace(/\D/g, '') : '';
  },
  /** [text or number] → that number, or null when it is not one (a query string's "2019"). */
  number: ([value]) => toNumber(value),
  /** [lat, lng] → a map point { lat, lng }, or null unless both are numbers in range (a query string's coordinates). */
  point: ([lat, lng]) => {
    const [y, x] = [toNumber(lat), toNumber(lng)];
    return y !== null && x !== null && Math.abs(y) <= 90 && Math.abs(x) <= 180 ? { lat: y, lng: x } : null;
  },
  /** [object or array] → number of keys or items. */
  count: ([value]) => (Array.isArray(value) ? value.length : value && typeof value === 'object' ? Object.keys(value).length : 0),
};

function toNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

const KNOWN_OPS = new Set([...STANDARD_OPS, ...Object.keys(FLOW_OPERATIONS)]);

/** Whether a value is an operation (an object with one key naming a known operation). */
export function isOperation(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && KNOWN_OPS.has(keys[0] as string);
}

/** Whether an expression uses a flow operation anywhere (json-logic-js would not know it). */
function usesFlowOperation(logic: unknown): boolean {
  if (Array.isArray(logic)) return logic.some(usesFlowOperation);
  if (!isOperation(logic)) return false;
  const op = Object.keys(logic)[0] as string;
  return Object.hasOwn(FLOW_OPERATIONS, op) || usesFlowOperation(logic[op]);
}

/** The operators that read the data themselves rather than only their arguments. */
const READS_DATA = new Set(['var', 'missing', 'missing_some']);

/**
 * Evaluates JSON Logic with the flow operations at the given clock. An expression without them goes to json-logic-js
 * whole. One with them is walked here as json-logic-js walks it (the operators that evaluate their arguments lazily or
 * against each item, as its apply does), each flow operation is called from FLOW_OPERATIONS, and every other operator
 * is handed to json-logic-js with its arguments already evaluated.
 */
export function evaluate(logic: unknown, data: unknown, now: Clock): unknown {
  if (Array.isArray(logic)) return logic.map((item) => evaluate(item, data, now));
  if (!usesFlowOperation(logic)) return jsonLogic.apply(logic as jsonLogic.RulesLogic, data);
  const expression = logic as Record<string, unknown>;
  const op = Object.keys(expression)[0] as string;
  const args = [expression[op]].flat();
  const at = (i: number, scope = data) => evaluate(args[i], scope, now);
  const flowOperation = FLOW_OPERATIONS[op];
  if (flowOperation)
    return flowOperation(
      args.map((_, i) => at(i)),
      now,
    );
  const truthy = (value: unknown) => jsonLogic.truthy(value);
  switch (op) {
    case 'if':
    case '?:': {
      for (let i = 0; i < args.length - 1; i += 2) if (truthy(at(i))) return at(i + 1);
      return args.length % 2 === 1 ? at(args.length - 1) : null;
    }
    case 'and':
    case 'or': {
      let current: unknown;
      for (let i = 0; i < args.length; i += 1) {
        current = at(i);
        if (truthy(current) === (op === 'or')) return current;
      }
      return current;
    }
    case 'filter':
    case 'map':
    case 'all':
    case 'none':
    case 'some': {
      const items = at(0);
      const list = Array.isArray(items) ? (items as unknown[]) : [];
      const passes = (item: unknown) => truthy(at(1, item));
      if (op === 'filter') return list.filter(passes);
      if (op === 'map') return list.map((item) => at(1, item));
      if (list.length === 0) return op === 'none';
      return op === 'all' ? list.every(passes) : op === 'some' ? list.some(passes) : !list.some(passes);
    }
    case 'reduce': {
      const items = at(0);
      const initial = args[2] === undefined ? null : at(2);
      if (!Array.isArray(items)) return initial;
      return (items as unknown[]).reduce((accumulator, current) => at(1, { current, accumulator }), initial);
    }
  }
  const values = args.map((_, i) => at(i));
  if (READS_DATA.has(op)) return jsonLogic.apply({ [op]: values }, data);
  // The values go in as data and are read back with var: json-logic-js would read an object among them as logic.
  return jsonLogic.apply({ [op]: values.map((_, i) => ({ var: String(i) })) }, values);
}

/** Renders a template: operations are evaluated, plain objects and arrays are walked, null results are left out. */
export function render(template: unknown, data: unknown, now: Clock): unknown {
  if (isOperation(template)) return evaluate(template, data, now);
  if (Array.isArray(template)) return template.map((item) => render(item, data, now));
  if (template && typeof template === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(template)) {
      const rendered = render(value, data, now);
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
export function holds(logic: unknown, data: unknown, now: Clock): boolean {
  return jsonLogic.truthy(evaluate(logic, data, now));
}
