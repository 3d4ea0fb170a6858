// Rows in COPY's text format: tab-separated, \N for null, backslash escapes for what would end a field or a line.

const SPECIAL = /[\\\t\n\r]/g;
/** SPECIAL without its global flag (a test of which would move lastIndex). */
const HAS_SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function field(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return HAS_SPECIAL.test(value) ? value.replace(SPECIAL, (c) => ESCAPES[c] ?? c) : value;
  throw new TypeError(`a COPY field holds text, a number or a boolean, not ${typeof value}`);
}

/** The row's line (with its newline) of the given columns, in their order. */
export function copyLine<Row>(row: Row, columns: readonly (keyof Row & string)[]): string {
  let line = field(row[columns[0] as keyof Row]);
  for (let i = 1; i < columns.length; i++) line += `\t${field(row[columns[i] as keyof Row])}`;
  return `${line}\n`;
}
