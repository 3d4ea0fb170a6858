// A PDF's text as a reader's copy-and-paste would give it, page by page, read back with pdf.js (Mozilla's PDF reader).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Each page's text: its lines joined by newlines, runs of spaces as one. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  // verbosity 0: pdf.js warns that it cannot draw the standard fonts without their files, which reading text never needs.
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const { items } = await (await pdf.getPage(n)).getTextContent();
    const text = items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join('');
    pages.push(text.replace(/[ \t]+/g, ' '));
  }
  await pdf.destroy();
  return pages;
}

/** The whole text of a PDF on one line: what a search of its text finds. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join('\n').replace(/\s+/g, ' ');
}
