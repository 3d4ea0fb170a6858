// The HTML page a browser navigation gets: the build's page for a funnel route in the visitor's language (its first
// step's files preloaded, scripts/route-pages.ts), with or without a state prefix (/tx/<route>), else index.html.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Returns, for a request URL, the file under the static root to send. */
export function pageFinder(staticRoot: string): (url: string) => string {
  let pages: Set<string>;
  try {
    pages = new Set(readdirSync(join(staticRoot, 'routes'), { recursive: true, encoding: 'utf8' }).map((file) => file.replaceAll('\\', '/')));
  } catch {
    pages = new Set();
  }
  return (url) => {
    const { pathname, searchParams } = new URL(url, 'http://page');
    const path = pathname.replace(/\/+$/, '');
    // The app's language is ?lang= (src/i18n.ts); without it, English.
    const suffix = searchParams.get('lang') === 'es' ? '.es' : '';
    for (const route of [path, path.replace(/^\/[a-z]{2}(?=\/[^/]+$)/, '')]) {
      const file = `${route.slice(1)}${suffix}.html`;
      if (pages.has(file)) return `routes/${file}`;
    }
    return 'index.html';
  };
}
