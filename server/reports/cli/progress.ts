// The progress of an import on stderr: one line rewritten in place on a terminal (nothing elsewhere), and the summary.
import type { Output } from '../../cli.ts';
import type { ImportProgress, ImportSummary } from '../bulk-import.ts';

const number = (n: number) => n.toLocaleString('en-US');

export interface ProgressLine {
  /** Shows the counts; done is the share finished (0..1), when known. */
  update(progress: ImportProgress, done?: number): void;
  end(): void;
}

export function progressLine(out: Output): ProgressLine {
  const started = performance.now();
  let last = 0;
  return {
    update(p, done) {
      const now = performance.now();
      if (!out.isTTY || now - last < 200) return;
      last = now;
      const width = 24;
      const bar = done === undefined ? '' : `[${'#'.repeat(Math.round(done * width)).padEnd(width, '.')}] ${Math.floor(done * 100)}% `;
      const rate = Math.round(p.read / ((now - started) / 1000));
      out.write(
        `\r${bar}${number(p.read)} read, ${number(p.accepted)} new, ${number(p.updated)} updated, ${number(p.rejected)} rejected, ${number(rate)}/s\u001b[K`,
      );
    },
    end() {
      if (out.isTTY) out.write('\r\u001b[K');
    },
  };
}

/** How many warnings the summary shows. */
const WARNINGS_SHOWN = 10;

/** A value sent, short: "VOLCANIC ASH", 7, {"lat":95,…}. */
const shortValue = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

/**
 * The summary lines: counts, time and rate, then the first rejections ("record 12: /units/0/vin must match ...", with
 * "(and 2 more errors)" past a report's first 100), then the first warnings ("warning, record 3: /weather "VOLCANIC
 * ASH" is none of the weather codes: stored as other ..."), and how many more of each there were.
 */
export function summaryOf(s: ImportSummary, ms: number): string {
  const lines = [
    `${number(s.read)} reports read in ${(ms / 1000).toFixed(1)} s (${number(Math.round(s.read / (ms / 1000)))}/s): ` +
      `${number(s.accepted)} new, ${number(s.updated)} updated, ${number(s.rejected)} rejected, ${number(s.warnings)} ${s.warnings === 1 ? 'warning' : 'warnings'}`,
  ];
  for (const { index, errors, errorsLeftOut = 0 } of s.firstErrors) {
    const more = errorsLeftOut > 0 ? ` (and ${number(errorsLeftOut)} more ${errorsLeftOut === 1 ? 'error' : 'errors'})` : '';
    lines.push(`  record ${index + 1}: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}${more}`);
  }
  if (s.rejected > s.firstErrors.length) lines.push(`  ... and ${number(s.rejected - s.firstErrors.length)} more rejected`);
  const shown = s.firstWarnings.slice(0, WARNINGS_SHOWN);
  for (const { index, field, value, message } of shown) lines.push(`  warning, record ${index + 1}: ${field} ${shortValue(value)} ${message}`);
  if (s.warnings > shown.length) lines.push(`  ... and ${number(s.warnings - shown.length)} more warnings`);
  return `${lines.join('\n')}\n`;
}
