// What a page's <head> says about it, in the visitor's language: its title and description (the app sets the same
// title once it runs), the canonical address and its other language (hreflang), the app manifest of that language, and,
// for the pages people share, link-preview tags (Open Graph, Twitter). Pages a token opens and pages that are no page are
// kept out of search engines. Nothing personal: a report's head holds only its public place and date.
import i18next, { type TFunction } from 'i18next';
import { dateTimeFormat, LANGUAGES, type Language } from '../engine/languages.ts';
import { indexable, TEXT_PAGE_COPY, type SitePage } from '../engine/site-pages.ts';
import type { Catalogues } from '../engine/check.ts';
import type { PublicFacts } from './reports/report-view.ts';

/** Where the page is: the site's origin (PUBLIC_URL) and the path asked for. */
export interface PagePlace {
  origin: string;
  pathname: string;
}

/** A report's public facts the head tells: its place and local date. */
export type HeadReport = Pick<PublicFacts, 'city' | 'state' | 'occurredAt'>;

/** A page of the site with, for the report screen and a report's short link, the report found (else it is notFound). */
export type HeadPage = Exclude<SitePage, { kind: 'report' | 'shortLink' }> | { kind: 'report' | 'shortLink'; report: HeadReport };

/** Title copy keys of the pages that are not funnels, text pages or reports (the same the pages set: src/pages/). */
const TITLES = {
  home: 'search:home.title',
  privacy: 'app:pages.privacy.title',
  results: 'search:results.title',
  nearMe: 'search:near.title',
  notFound: 'app:notFound.title',
  business: 'report:screen.title',
  unsubscribe: 'unsubscribe:title',
  certificate: 'certificate:title',
  verify: 'verify:title',
} as const;

const DESCRIPTIONS: Partial<Record<SitePage['kind'], string>> = {
  home: 'head:home',
  privacy: 'head:privacy',
  results: 'head:results',
  nearMe: 'head:nearMe',
  notFound: 'app:notFound.text',
};

const LOCALES: Record<Language, string> = { en: 'en_US', es: 'es_US' };

/** A translator per language over the catalogues as loaded (LOCALES_DIR). */
export function headTranslators(catalogues: Catalogues): Record<Language, TFunction> {
  const i18n = i18next.createInstance();
  void i18n.init({ resources: catalogues as never, lng: 'en', fallbackLng: false, initAsync: false, interpolation: { escapeValue: false } });
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, i18n.getFixedT(lang)])) as Record<Language, TFunction>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's address in a language: English without ?lang=, as the app links it. */
const addressIn = ({ origin, pathname }: PagePlace, lang: Language) => `${origin}${pathname.replace(/(.)\/+$/, '$1')}${lang === 'en' ? '' : `?lang=${lang}`}`;

function titleAndDescription(page: HeadPage, t: TFunction, lang: Language): [string, string | undefined] {
  switch (page.kind) {
    case 'funnel':
      return [t(`${page.flow.namespace}:meta.title`), t(`${page.flow.namespace}:meta.description`)];
    case 'text':
      return [t(`${TEXT_PAGE_COPY[page.page]}.title`), t(`head:text.${page.page}`)];
    case 'report':
    case 'shortLink': {
      const { report } = page;
      const place = `${report.city}, ${report.state}`;
      // The report's local date as its feed wrote it (2026-11-20T17:30:00-06:00), not the server's.
      const date = dateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${report.occurredAt.slice(0, 10)}T12:00:00Z`));
      return [t('report:screen.pageTitle', { place }), t('head:report', { place, date })];
    }
    default: {
      const key = DESCRIPTIONS[page.kind];
      return [t(TITLES[page.kind]), key && t(key)];
    }
  }
}

/** The tags that go in the page's <head>, in place of the build's <title>. */
export function headTags(page: HeadPage, lang: Language, t: TFunction, place: PagePlace): string {
  const [title, description] = titleAndDescription(page, t, lang);
  const brand = t('app:brand');
  const fullTitle = `${title} | ${brand}`;
  const tags: [string, Record<string, string>][] = [['link', { rel: 'manifest', href: `/manifest.webmanifest${lang === 'en' ? '' : `?lang=${lang}`}` }]];
  if (description) tags.push(['meta', { name: 'description', content: description }]);
  if (!indexable(page)) {
    tags.push(['meta', { name: 'robots', content: 'noindex' }]);
  } else {
    const url = addressIn(place, lang);
    const image = `${place.origin}/icons/preview-${lang}.png`;
    tags.push(
      ['link', { rel: 'canonical', href: url }],
      ...LANGUAGES.map((other): [string, Record<string, string>] => ['link', { rel: 'alternate', hreflang: other, href: addressIn(place, other) }]),
      ['link', { rel: 'alternate', hreflang: 'x-default', href: addressIn(place, 'en') }],
      ['meta', { property: 'og:type', content: 'website' }],
      ['meta', { property: 'og:site_name', content: brand }],
      ['meta', { property: 'og:title', content: title }],
      ['meta', { property: 'og:description', content: description ?? '' }],
      ['meta', { property: 'og:url', content: url }],
      ['meta', { property: 'og:image', content: image }],
      ['meta', { property: 'og:image:width', content: '1200' }],
      ['meta', { property: 'og:image:height', content: '630' }],
      ['meta', { property: 'og:image:alt', content: `${brand}: ${t('app:tagline')}` }],
      ['meta', { property: 'og:locale', content: LOCALES[lang] }],
      ...LANGUAGES.filter((other) => other !== lang).map((other): [string, Record<string, string>] => [
        'meta',
        { property: 'og:locale:alternate', content: LOCALES[other] },
      ]),
      ['meta', { name: 'twitter:card', content: 'summary_large_image' }],
      ['meta', { name: 'twitter:title', content: title }],
      ['meta', { name: 'twitter:description', content: description ?? '' }],
      ['meta', { name: 'twitter:image', content: image }],
    );
  }
  const attributes = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
  return [`<title>${escapeHtml(fullTitle)}</title>`, ...tags.map(([tag, values]) => `<${tag}${attributes(values)}>`)].join('\n    ');
}

/** The web app manifest in a language: name, colours and icons (public/icons, scripts/icons.ts). */
export function manifest(lang: Language, t: TFunction) {
  return {
    name: t('app:brand'),
    short_name: t('app:brand'),
    description: t('app:tagline'),
    lang,
    start_url: lang === 'en' ? '/' : `/?lang=${lang}`,
    display: 'standalone',
    theme_color: '#0b57d0',
    background_color: '#f5f7fb',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
