// Rows in COPY's text format: tab-separated, \N for null, backslash escapes for what would end a field or a line;
// a json column as JSON text, a text[] column as an array literal.
import type { Columns } from './report-rows.ts';

const SPECIAL = /[\\\t\n\r]/g;
/** SPECIAL without its global flag (a test of which would move lastIndex). */
const HAS_SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const escaped = (text: string) => (HAS_SPECIAL.test(text) ? text.replace(SPECIAL, (c) => ESCAPES[c] ?? c) : text);

/** An array literal's element: quoted, with its quotes and backslashes escaped (as the literal wants them). */
const element = (text: string) => `"${text.replace(/["\\]/g, '\\$&')}"`;

function field(value: unknown, type: string): string {
  if (value === null || value === undefined) return '\\N';
  // JSON text writes control characters as escapes: of COPY's specials it can hold only the backslash.
  if (type === 'json') return JSON.stringify(value).replaceAll('\\', '\\\\');
  if (type === 'text[]' && Array.isArray(value)) return escaped(`{${value.map((v) => element(String(v))).join(',')}}`);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return escaped(value);
  throw new TypeError(`a COPY field of type ${type} holds text, a number or a boolean, not ${typeof value}`);
}

/** The row's line (with its newline) of the given columns, in their order. */
export function copyLine<Row>(row: Row, columns: Columns<Row>): string {
  return `${columns.map(([name, type]) => field(row[name], type)).join('\t')}\n`;
}
