// The copy reads as calm, plain sentences: headings, labels and buttons in sentence case, never Title Case ("Highest
// Case Value Determined") — only names keep their capitals. Checked over every catalogue of both languages.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = join(import.meta.dirname, '..', '..', 'locales');
/** Words that keep their capital wherever they stand: names of places (the states among them), programmes, groups and the app's own buttons. */
const NAMES = new Set(
  'ClaimFlow Camp Lejeune North Carolina United States Justice Act TrustedForm Monday Friday English Español Black African American Hispanic Latino Native Pacific Islander Pacífico Yes No Sí Send Submit Twilio York Jersey Hampshire Mexico México Dakota Island Virginia Norte Sur Occidental'.split(
    ' ',
  ),
);

function strings(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => strings(value, path ? `${path}.${key}` : key));
}

/** The words of a short line (eight words or fewer: a heading, label or button) capitalised mid-sentence. */
function titleCased(text: string): string[] {
  return text.split('\n').flatMap(titleCasedLine);
}

function titleCasedLine(text: string): string[] {
  const words = text
    .replace(/\{\{[^}]*\}\}|<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length > 8) return [];
  return words.filter(
    (word, i) => i > 0 && !/[.:?!…]$/.test(words[i - 1]!) && /^[A-ZÁÉÍÓÚÑ][a-záéíóúñ]/.test(word) && !NAMES.has(word.replace(/[^\p{L}]+$/u, '')),
  );
}

describe('copy', () => {
  it.each(['en', 'es'])('is in sentence case in %s', (lang) => {
    const found = readdirSync(join(LOCALES, lang)).flatMap((file) =>
      strings(JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')))
        .filter(([, text]) => titleCased(text).length > 0)
        .map(([key, text]) => `${file}:${key}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  it('catches Title Case', () => {
    expect(titleCased('Highest Case Value Determined')).toEqual(['Case', 'Value', 'Determined']);
    expect(titleCased('Three questions about your time at Camp Lejeune')).toEqual([]);
  });
});
