// The app's language for a visit (?lang=, the visit's choice, the page's own as the server chose it by the browser's
// languages, else English), and copy that is fetched again when the first fetch fails.
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n, languageOf } from '../../src/i18n.ts';
import { copy } from '../testing/copy.ts';
import { loadCatalogue } from '../testing/i18n.ts';

afterEach(() => {
  document.cookie = 'cf_lang=; path=/; max-age=0';
  document.documentElement.lang = 'en';
});

describe('languageOf', () => {
  it.each([
    ['nothing said', '', undefined, 'en', 'en'],
    ['?lang=es', '?lang=es', undefined, 'en', 'es'],
    ['the page the server sent in Spanish (a Spanish browser)', '', undefined, 'es', 'es'],
    ['Spanish chosen earlier in the visit, on an English page', '', 'es', 'en', 'es'],
    ['?lang=en after Spanish was chosen', '?lang=en', 'es', 'es', 'en'],
    ['a language the app does not have', '?lang=fr', 'fr', 'fr', 'en'],
  ])('%s', (_, search, cookie, pageLang, expected) => {
    if (cookie) document.cookie = `cf_lang=${cookie}; path=/`;
    document.documentElement.lang = pageLang;
    expect(languageOf(search)).toBe(expected);
  });
});

describe('a catalogue that fails to load', () => {
  it('is fetched again, so the page shows its words and not its keys', async () => {
    let failures = 0;
    const flaky = async (lng: string, ns: string) => {
      // The first fetch of a namespace is refused, as a server shedding load answers 503.
      if (ns === 'search' && failures++ === 0) throw new Error('catalogue es/search: HTTP 503');
      return loadCatalogue(lng, ns);
    };
    await initI18n('es', ['search'], flaky);
    expect(failures).toBe(2);
    expect(i18next.t('search:home.title')).toBe(copy('es', 'search:home.title'));
    await i18next.changeLanguage('en');
  });
});
