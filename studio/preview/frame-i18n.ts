// i18next for a phone frame: one language, every catalogue given by the studio (no fetching), replaced when a
// catalogue file changes; set up as the app sets it up (src/i18n.ts).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export async function initFrameI18n(lang: string) {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    defaultNS: 'app',
    fallbackNS: 'common',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    // Widgets are drawn again when a catalogue is replaced.
    react: { bindI18nStore: 'added' },
  });
  document.documentElement.lang = lang;
}

/** Puts the studio's catalogues of the frame's language in place (only when they changed). */
export function setCatalogue(lang: string, catalogue: Record<string, unknown>) {
  for (const [ns, resources] of Object.entries(catalogue)) {
    if (JSON.stringify(i18next.getResourceBundle(lang, ns)) !== JSON.stringify(resources)) {
      i18next.addResourceBundle(lang, ns, resources, false, true);
    }
  }
}
