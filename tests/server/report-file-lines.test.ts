// NDJSON reading under a slow consumer: every line reaches the importer, whatever the chunking and line ends.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ndjsonRecords } from '../../server/reports/report-file.ts';

describe('ndjsonRecords', () => {
  it('yields every line of a stream read slowly, split across chunks, with CRLF and no final line end', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => JSON.stringify({ n: i }));
    const text = `${lines.join('\r\n')}`;
    // Chunks that cut lines anywhere, pushed as fast as the stream takes them.
    const chunks = Array.from({ length: Math.ceil(text.length / 777) }, (_, i) => text.slice(i * 777, (i + 1) * 777));
    const seen: number[] = [];
    for await (const record of ndjsonRecords(Readable.from(chunks))) {
      seen.push((record as { n: number }).n);
      // The importer waits on the database every so often.
      if (seen.length % 500 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(seen).toEqual(lines.map((_, i) => i));
  });
});
