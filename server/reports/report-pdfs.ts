// The PDFs of GET /pdf/:id: made a few at a time (pdfkit is CPU-bound: more at once only slows every route) and kept per
// report version. A report's PDF is a function of its view (the report as this visitor may see it: its facts, whether
// the visitor proved involvement and which units are theirs), the language and the "Generated on" line, so the key is a
// hash of the view's JSON, the language and the UTC day: an amended report or another visitor's view is a new key, and
// a PDF kept is never dated another day than the one it is downloaded on (its time is when it was made).
import { createHash } from 'node:crypto';
import type { Operator } from '../config.ts';
import type { ReportLang } from './report-copy.ts';
import { renderReportPdf } from './report-pdf.ts';
import { reportDocument } from './report-pdf-content.ts';
import type { ReportView } from './report-view.ts';

export interface ReportPdfLimits {
  /** PDFs rendered at once. */
  concurrency: number;
  /** Renders waiting for a turn; one more is refused (get answers undefined). */
  queue: number;
  /** Megabytes of rendered PDFs kept, least recently used out first; 0 keeps none. */
  cacheMb: number;
}

export interface ReportPdfs {
  /** Every turn taken and the queue full: a PDF not kept would be refused (checked before reading the report). */
  busy(): boolean;
  /** The PDF of view in lang as of now: kept, being made for another request, or made now; undefined when too busy. */
  get(view: ReportView, lang: ReportLang, now: number): Promise<Buffer | undefined>;
}

const DAY_MS = 86_400_000;

/** The PDFs of the site operator names in their footers. */
export function reportPdfs({ concurrency, queue, cacheMb }: ReportPdfLimits, operator: Operator): ReportPdfs {
  const maxBytes = cacheMb * 1024 * 1024;
  // A Map iterates in insertion order: a hit is moved to the end, so the first key is the least recently used.
  const kept = new Map<string, Buffer>();
  let keptBytes = 0;
  const making = new Map<string, Promise<Buffer>>();
  let running = 0;
  const turns: (() => void)[] = [];

  const keep = (key: string, pdf: Buffer) => {
    if (pdf.length > maxBytes) return;
    kept.set(key, pdf);
    keptBytes += pdf.length;
    for (const [oldest, old] of kept) {
      if (keptBytes <= maxBytes) break;
      kept.delete(oldest);
      keptBytes -= old.length;
    }
  };

  const render = async (view: ReportView, lang: ReportLang, now: number): Promise<Buffer> => {
    if (running >= concurrency) await new Promise<void>((resolve) => turns.push(resolve));
    else running++;
    try {
      return await renderReportPdf(reportDocument(view, lang, now, operator), now);
    } finally {
      // The turn passes to the next one waiting (running stays), else it is given back.
      const next = turns.shift();
      if (next) next();
      else running--;
    }
  };

  const busy = () => running >= concurrency && turns.length >= queue;

  return {
    busy,
    get(view, lang, now) {
      const key = `${createHash('sha256').update(JSON.stringify(view)).digest('base64url')}:${lang}:${Math.floor(now / DAY_MS)}`;
      const pdf = kept.get(key);
      if (pdf) {
        kept.delete(key);
        kept.set(key, pdf);
        return Promise.resolve(pdf);
      }
      const pending = making.get(key);
      if (pending) return pending;
      if (busy()) return Promise.resolve(undefined);
      const made = render(view, lang, now)
        .then((rendered) => {
          keep(key, rendered);
          return rendered;
        })
        .finally(() => making.delete(key));
      making.set(key, made);
      return made;
    },
  };
}
