// CSV rows (RFC 4180: comma-separated, fields in double quotes may hold commas, quotes doubled and line breaks)
// from a text stream, without holding the file.
import type { Readable } from 'node:stream';

export async function* csvRows(input: Readable): AsyncGenerator<string[]> {
  input.setEncoding('utf8');
  let row: string[] = [];
  let field = '';
  let quoted = false;
  /** The last character was the closing quote of a field, or a quote that may be the first of a doubled one. */
  let quoteSeen = false;
  let lastWasCr = false;
  for await (const chunk of input as AsyncIterable<string>) {
    const rows: string[][] = [];
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      const afterCr = lastWasCr;
      lastWasCr = c === 13 && !quoted;
      if (quoted) {
        if (c !== 34) continue;
        field += chunk.slice(start, i);
        start = i + 1;
        quoted = false;
        quoteSeen = true;
        continue;
      }
      if (c === 34) {
        // A doubled quote inside a quoted field: one quote, and the field goes on.
        field += chunk.slice(start, i) + (quoteSeen ? '"' : '');
        start = i + 1;
        quoted = true;
        quoteSeen = false;
        continue;
      }
      quoteSeen = false;
      if (c === 44) {
        row.push(field + chunk.slice(start, i));
        field = '';
        start = i + 1;
      } else if (c === 10 || c === 13) {
        // The LF of a CRLF: the row ended at the CR.
        if (c === 10 && afterCr) {
          start = i + 1;
          continue;
        }
        row.push(field + chunk.slice(start, i));
        rows.push(row);
        row = [];
        field = '';
        start = i + 1;
      }
    }
    field += chunk.slice(start);
    yield* rows;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    yield row;
  }
}
