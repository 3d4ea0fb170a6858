// Lays a report document out as a US Letter PDF with pdfkit: a header, notices, sections of facts in two columns,
// paragraphs that run on over pages, and a footer on every page. Standard fonts only (nothing to embed: fast).
import PDFDocument from 'pdfkit';
import { fill } from './report-copy.ts';
import type { Block, Cell, ReportDocument } from './report-pdf-content.ts';

const MARGIN = 54;
const FOOTER = 42;
const GAP = 20;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const INK = '#1b1f24';
const MUTED = '#5b6470';
const ACCENT = '#1d3b5c';
const RULE = '#c9ced6';
const PANEL = '#eef1f5';
const DEMO = '#fff1cc';
const DEMO_INK = '#6b4400';

// The standard fonts write WinAnsi (Windows-1252): other letters lose their accents if they have one (ễ → e), else '?'.
const CP1252 = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const OUTSIDE_CLASS = `[^\\n\\x20-\\x7e\\u00a0-\\u00ff${CP1252}]`;
const OUTSIDE = new RegExp(OUTSIDE_CLASS, 'gu');
const ANY_OUTSIDE = new RegExp(OUTSIDE_CLASS, 'u');
const NEAREST: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i' };

/** text as the standard fonts can write it. */
export function winAnsi(text: string): string {
  return text
    .replace(/\r\n?|\u2028|\u2029/g, '\n')
    .replace(/\t/g, ' ')
    .replace(OUTSIDE, (c) => {
      const plain = NEAREST[c] ?? c.normalize('NFKD').replace(/\p{M}/gu, '');
      return plain !== '' && !ANY_OUTSIDE.test(plain) ? plain : '?';
    });
}

export function renderReportPdf(report: ReportDocument, now: number): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER },
    bufferPages: true,
    lang: report.lang === 'es' ? 'es-US' : 'en-US',
    displayTitle: true,
    info: { Title: winAnsi(`${report.title} ${report.reportId}`), Author: 'claimflow', CreationDate: new Date(now) },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = () => pdf.page.height - pdf.page.margins.bottom;
  /** Starts a new page unless height fits below the cursor. */
  const room = (height: number) => {
    if (pdf.y + height > bottom()) pdf.addPage();
  };
  const style = (font: string, size: number, color: string) => pdf.font(font).fontSize(size).fillColor(color);
  const rule = (y: number) =>
    pdf
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();

  /** A shaded box holding a line of text (the demo label, the note on personal data). */
  const panel = (text: string, background: string, color: string) => {
    style(REGULAR, 9.5, color);
    const height = pdf.heightOfString(winAnsi(text), { width: width - 20 }) + 14;
    room(height);
    const y = pdf.y;
    pdf.rect(MARGIN, y, width, height).fill(background);
    style(REGULAR, 9.5, color).text(winAnsi(text), MARGIN + 10, y + 7, { width: width - 20 });
    pdf.x = MARGIN;
    pdf.y = y + height + 10;
  };

  /** Labelled facts two to a row; a row never splits over pages. */
  const grid = (cells: Cell[]) => {
    const column = (width - GAP) / 2;
    const heightOf = ([label, value]: Cell) =>
      style(REGULAR, 8, MUTED).heightOfString(winAnsi(label), { width: column }) +
      2 +
      style(REGULAR, 10.5, INK).heightOfString(winAnsi(value), { width: column });
    for (let i = 0; i < cells.length; i += 2) {
      const row = cells.slice(i, i + 2);
      const height = Math.max(...row.map(heightOf));
      room(height);
      const y = pdf.y;
      row.forEach(([label, value], k) => {
        const x = MARGIN + k * (column + GAP);
        style(REGULAR, 8, MUTED).text(winAnsi(label), x, y, { width: column });
        style(REGULAR, 10.5, INK).text(winAnsi(value), x, pdf.y + 2, { width: column });
      });
      pdf.x = MARGIN;
      pdf.y = y + height + 9;
    }
  };

  const block = (b: Block) => {
    if ('paragraph' in b) {
      style(REGULAR, 10.5, INK).text(winAnsi(b.paragraph), MARGIN, pdf.y, { width, lineGap: 2.5 });
      pdf.moveDown(0.5);
      return;
    }
    if (b.heading !== undefined) {
      // The heading stays with the block's first row.
      room(60);
      pdf.y += 4;
      style(BOLD, 10.5, ACCENT).text(winAnsi(b.heading), MARGIN, pdf.y, { width });
      pdf.y += 5;
    }
    grid(b.cells);
  };

  // Header: the title and the report's id, the place and time, the notices.
  style(REGULAR, 8.5, MUTED).text(winAnsi(report.reportId), MARGIN, MARGIN + 6, { width, align: 'right' });
  style(BOLD, 21, ACCENT).text(winAnsi(report.title), MARGIN, MARGIN, { width: width * 0.6 });
  style(REGULAR, 11, MUTED).text(winAnsi(report.subtitle), MARGIN, pdf.y + 3, { width });
  rule(pdf.y + 8);
  pdf.y += 18;
  if (report.demo !== undefined) panel(report.demo, DEMO, DEMO_INK);
  if (report.proofNeeded !== undefined) panel(report.proofNeeded, PANEL, INK);

  for (const section of report.sections) {
    room(70);
    pdf.y += 6;
    style(BOLD, 13, ACCENT).text(winAnsi(section.title).toUpperCase(), MARGIN, pdf.y, { width, characterSpacing: 0.6 });
    rule(pdf.y + 3);
    pdf.y += 12;
    section.blocks.forEach(block);
  }
  style(REGULAR, 8.5, MUTED);
  room(pdf.heightOfString(winAnsi(report.source), { width }) + 8);
  pdf.y += 8;
  pdf.text(winAnsi(report.source), MARGIN, pdf.y, { width });

  // The footer of every page, drawn once the page count is known, in the space the bottom margin kept free.
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - MARGIN - 10;
    rule(y - 20);
    style(REGULAR, 8, MUTED).text(winAnsi(report.operator), MARGIN, y - 12, { width, lineBreak: false });
    pdf.text(winAnsi(report.generated), MARGIN, y, { width: width / 2, lineBreak: false });
    const page = fill(report.page, { page: i - start + 1, pages: count });
    pdf.text(winAnsi(page), MARGIN + width / 2, y, { width: width / 2, align: 'right', lineBreak: false });
  }
  pdf.end();
  return done;
}
