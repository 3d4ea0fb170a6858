// Reads a file of reports for npm run reports:import: NDJSON (one report per line) or CSV (a header of the report's
// top-level fields; units and an optional location as JSON; lat and lng as columns of their own), one record at a time.
import { Readable } from 'node:stream';
import { UnreadableRecord } from './bulk-import.ts';
import { csvRows } from './csv-rows.ts';
import { CSV_COLUMNS } from './report-csv.ts';

/** The columns a CSV file may have: those reports:seed writes, and location as JSON or "lat,lng" in one. */
const FIELDS = new Set<string>([...CSV_COLUMNS, 'location']);
const NUMBERS = new Set(['speedLimit', 'injuredCount', 'fatalCount', 'lat', 'lng']);
const NUMBER = /^-?\d+(\.\d+)?$/;

export class ReportFileError extends Error {}

/**
 * One report per non-blank line of a stream (or of its lines); a line that is not JSON is an UnreadableRecord. The
 * stream is split here, chunk by chunk: readline's async iterator dropped lines while the importer waited on the
 * database (48,526 of 50,000 lines reached an import into PostgreSQL, Node 20).
 */
export async function* ndjsonRecords(input: Readable | AsyncIterable<string>): AsyncGenerator<unknown> {
  for await (const line of input instanceof Readable ? linesOf(input) : input) {
    if (line.trim() === '') continue;
    try {
      yield JSON.parse(line);
    } catch {
      yield new UnreadableRecord('is not a JSON object on one line');
    }
  }
}

/** The lines of a UTF-8 stream, without their line ends (\n or \r\n). */
async function* linesOf(input: Readable): AsyncGenerator<string> {
  input.setEncoding('utf8');
  let rest = '';
  for await (const chunk of input as AsyncIterable<string>) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) yield line.endsWith('\r') ? line.slice(0, -1) : line;
  }
  if (rest !== '') yield rest;
}

/**
 * A report per CSV row, its fields by the header's names: an empty cell is a field left out, numbers of the numeric
 * fields are numbers, units and location are JSON (location may also be "lat,lng", or lat and lng two columns).
 * Throws ReportFileError for a header that names something else.
 */
export async function* csvRecords(input: Readable): AsyncGenerator<unknown> {
  let header: string[] | undefined;
  for await (const row of csvRows(input)) {
    if (!header) {
      header = row.map((name, i) => (i === 0 ? name.replace(/^\uFEFF/, '') : name).trim());
      const unknown = header.filter((name) => !FIELDS.has(name));
      if (unknown.length > 0)
        throw new ReportFileError(`CSV header: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not a field' : 'are not fields'} of the report format`);
      continue;
    }
    if (row.length === 1 && row[0] === '') continue;
    if (row.length !== header.length) {
      yield new UnreadableRecord(`has ${row.length} cells where the header has ${header.length}`);
      continue;
    }
    yield recordOf(header, row);
  }
}

function recordOf(header: readonly string[], row: readonly string[]): Record<string, unknown> | UnreadableRecord {
  const record: Record<string, unknown> = {};
  let lat: unknown;
  let lng: unknown;
  for (let i = 0; i < header.length; i++) {
    const name = header[i] as string;
    const cell = row[i] as string;
    if (cell === '') continue;
    const value = NUMBERS.has(name) && NUMBER.test(cell) ? Number(cell) : cell;
    if (name === 'lat') lat = value;
    else if (name === 'lng') lng = value;
    else if (name === 'units' || (name === 'location' && cell.startsWith('{'))) {
      try {
        record[name] = JSON.parse(cell);
      } catch {
        return new UnreadableRecord(`its ${name} cell is not JSON`);
      }
    } else if (name === 'location') {
      const [a = '', b = ''] = cell.split(',').map((part) => part.trim());
      record.location = { lat: NUMBER.test(a) ? Number(a) : a, lng: NUMBER.test(b) ? Number(b) : b };
    } else {
      record[name] = value;
    }
  }
  if (lat !== undefined || lng !== undefined) record.location = { lat, lng };
  return record;
}
