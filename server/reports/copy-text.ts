// Rows in COPY's text format: tab-separated, \N for null, backslash escapes for what would end a field or a line.

const SPECIAL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function field(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.replace(SPECIAL, (c) => ESCAPES[c] ?? c);
  throw new TypeError(`a COPY field holds text, a number or a boolean, not ${typeof value}`);
}

/** The row's line (with its newline) of the given columns, in their order. */
export function copyLine<Row>(row: Row, columns: readonly (readonly [keyof Row & string, string])[]): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) line += (i === 0 ? '' : '\t') + field(row[(columns[i] as readonly [keyof Row & string, string])[0]]);
  return `${line}\n`;
}
