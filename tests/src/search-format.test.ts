// How a search's days read, the same wherever they are drawn: Node's ICU (a page drawn by the server) writes a range
// with thin spaces around its dash where chromium (the app taking the page over) writes plain ones, and a page whose
// text differs is drawn anew (a hydration mismatch).
import { describe, expect, it } from 'vitest';
import { formatDays } from '../../src/pages/search/format.ts';

describe('a range of days', () => {
  it.each([
    ['en', '2026-11-16', '2026-11-30', 'Nov 16 – 30, 2026'],
    ['en', '2026-11-17', '2026-12-01', 'Nov 17 – Dec 1, 2026'],
    ['en', '2025-12-20', '2026-01-03', 'Dec 20, 2025 – Jan 3, 2026'],
    ['en', '2026-11-16', '2026-11-16', 'Nov 16, 2026'],
    ['es', '2026-11-16', '2026-11-30', '16–30 nov 2026'],
    ['es', '2026-11-17', '2026-12-01', '17 nov – 1 dic 2026'],
    ['es', '2025-12-20', '2026-01-03', '20 dic 2025 – 3 ene 2026'],
  ])('%s %s to %s reads "%s", with the spaces a browser writes', (lang, from, to, text) => {
    expect(formatDays(from, to, lang)).toBe(text);
  });
});
