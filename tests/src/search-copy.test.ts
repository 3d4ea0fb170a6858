// The search namespace (find-my-report, results, near me, home) in both languages: the same keys, each count with the
// plural forms its language needs, the same placeholders, nothing empty.
import { describe, expect, it } from 'vitest';
import { catalogues, flatten, type Tree } from '../testing/i18n.ts';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const en = flatten(catalogues.en?.search as Tree);
const es = flatten(catalogues.es?.search as Tree);

describe('search copy', () => {
  it('has the same keys in English and Spanish (plural forms aside), none empty', () => {
    const base = (keys: Iterable<string>) => [...new Set([...keys].map((k) => k.replace(PLURAL, '')))].sort();
    expect(base(es.keys())).toEqual(base(en.keys()));
    for (const [key, text] of [...en, ...es]) expect(text.trim(), key).not.toBe('');
  });

  it.each([
    ['en', en],
    ['es', es],
  ] as const)('gives every count the plural forms %s needs', (lang, copy) => {
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const counted = new Set([...copy.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
    expect(counted.size).toBeGreaterThan(0);
    for (const key of counted) for (const form of forms) expect(copy.has(`${key}_${form}`), `${lang} ${key}_${form}`).toBe(true);
  });

  it('uses the same placeholders in both languages', () => {
    for (const [key, text] of en) {
      const other = es.get(key) ?? es.get(key.replace(PLURAL, '_other'));
      expect(placeholders(other ?? ''), key).toEqual(placeholders(text));
    }
  });

  it("keeps the spec's search messages (§8) and delay note (§9) word for word", () => {
    expect(en.get('results.none.title')).toBe('No results found.');
    expect(en.get('results.none.text')).toBe('No results. Please try again with a different date range or city.');
    expect(en.get('results.delay')).toBe('Reports can take up to 10 days to appear, depending on state.');
  });
});
