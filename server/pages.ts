// The HTML page a browser navigation gets, in the visitor's language (engine/languages.ts: ?lang=, the visit's cookie,
// else Accept-Language): the build's page for a funnel route (its first step's files preloaded and its copy inlined,
// scripts/route-pages.ts), with or without a state prefix (/tx/<route>), else index.html; with its head (title,
// description, hreflang, link previews: page-head.ts), and 404 for what is no page of the site, a one-segment id or a
// report id that is no report included; a report's, a text page's and a search's page drawn per request and streamed.
// Also the app manifest in each language.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PassThrough } from 'node:stream';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { FALLBACK, LANG_COOKIE, LANGUAGES, queryLanguage, searchWithoutLanguage, supported, type Language } from '../engine/languages.ts';
import {
  DRAWN_LEGAL_ID,
  DRAWN_REPORT_ID,
  DRAWN_SEARCH_ID,
  sitePageAt,
  type DrawnPage,
  type DrawnSearch,
  type PageDrawing,
  withStatePrefixes,
  type SiteFlow,
  type SitePage,
} from '../engine/site-pages.ts';
import stateViews from '../widgets/locate/state-views.json' with { type: 'json' };
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { expandedFlows, readCatalogues } from './flow-files.ts';
import type { LegalFacts } from './legal/legal-facts.ts';
import { headTags, headTranslators, manifest, type HeadPage } from './page-head.ts';
import { dataBlock, prerenderedFile, ssrDirOf, streamRoot, type StreamedPage } from './page-html.ts';
import { reportView, type FullReport } from './reports/report-view.ts';
import { allowPageStyles } from './security.ts';
import { readReport } from './reports/read-report.ts';

const STATE_PREFIXES = Object.keys(stateViews);

/** The visit's language: ?lang=, else the one chosen in this visit (its cookie), else the browser's first of ours. */
export function pageLanguage(request: FastifyRequest): Language {
  const asked = queryLanguage(request.url.split('?')[1] ?? '');
  if (asked) return asked;
  const chosen = request.cookies[LANG_COOKIE];
  if (supported(chosen)) return chosen;
  const preferred = new Negotiator(request).language([...LANGUAGES]);
  return supported(preferred) ? preferred : FALLBACK;
}

/**
 * The build's page file for a page: the one it drew ahead for the path (a funnel's route without its state prefix) in
 * the language (pages/<path>[.es].html, scripts/prerender.ts), else a funnel route's own (routes/<route>[.es].html),
 * else the app's index. The results page is drawn ahead for an address without a query (the way to start a search);
 * with a search, it is the index, drawn with the search's answer (searchOf) or else by the browser (a VIN's handle,
 * which only the visitor's tab can read, or a search over the visitor's limit): never "start a search" meanwhile.
 */
function pageFile(page: HeadPage, pathname: string, search: string, lang: Language, built: ReadonlySet<string>): string {
  if (page.kind === 'results' && searchWithoutLanguage(search) !== '') return 'index.html';
  const path = pathname.replace(/\/+$/, '') || '/';
  const route = page.kind === 'funnel' ? page.flow.routes.find((r) => withStatePrefixes(r, STATE_PREFIXES).includes(path)) : path;
  const suffix = lang === 'en' ? '' : `.${lang}`;
  return (
    [route && prerenderedFile(route, lang), page.kind === 'funnel' && `routes${route}${suffix}.html`].find((file) => file && built.has(file)) || 'index.html'
  );
}

/**
 * The time zone whose date a page drawn by the server takes for today ("the last 14 days" it names): a visitor's own is
 * not sent with the first request, and the app takes it over once it runs (src/pages/search/drawn-search.ts). The US's
 * Eastern time: the date of every US visitor but from its midnight to theirs (an hour to six), when few search.
 */
const PAGE_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in the pages' time zone at `now` (ms), YYYY-MM-DD. */
const todayOfPages = (now: number): string => PAGE_DAY.format(now);

/** The build's Node bundle of the app (scripts/prerender.ts), loaded for the first page drawn per request; none without. */
function drawing(staticRoot: string): () => Promise<PageDrawing | undefined> {
  let loaded: Promise<PageDrawing | undefined> | undefined;
  const bundle = pathToFileURL(join(ssrDirOf(staticRoot), 'entry-server.js')).href;
  return () =>
    (loaded ??= import(bundle).then(
      (module: PageDrawing) => module,
      () => undefined,
    ));
}

/**
 * A results page's search, run as the API runs it for this visitor (GET /api/reports/search from the visitor's
 * address: its limits count it, a case ID's wrong guesses too, and its answer is the one the app would get); none when
 * the address holds no search the server runs, or the API does not answer it (over a limit: the app asks, and says so).
 */
async function searchOf(request: FastifyRequest, drawing: PageDrawing, search: string): Promise<DrawnSearch | undefined> {
  const query = drawing.searchQueryOf(search);
  if (query === undefined) return undefined;
  const answer = await request.server.inject({
    method: 'GET',
    url: `/api/reports/search?${query}`,
    remoteAddress: request.ip,
    headers: { accept: 'application/json' },
  });
  if (answer.statusCode !== 200) return undefined;
  return { query, answer: answer.json<object>(), today: todayOfPages(Date.now()) };
}

/** A report's page with its public place and date, and the report, or notFound when the id is no report. */
async function withReport(db: Db, page: SitePage): Promise<{ page: HeadPage; report?: FullReport }> {
  if (!('id' in page)) return { page };
  const stored = await readReport(db, page.id);
  return stored ? { page: { kind: page.kind, report: stored.report }, report: stored.report } : { page: { kind: 'notFound' } };
}

/** The build's files under a folder of the app's (dir/<file>), none when it has no such folder. */
function builtFiles(staticRoot: string, dir: string): string[] {
  try {
    return readdirSync(join(staticRoot, dir), { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file.replaceAll('\\', '/')}`);
  } catch {
    return [];
  }
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * The page in the encoding the browser takes: brotli at a quality that costs about 1.5 ms for 27 KB, off the event loop.
 * A streamed page's head is sent (flushed) at once and its rest once drawn; its styles allowed are its head's (what is
 * drawn per request has no style attribute: only a funnel's progress bar does, and funnels are drawn ahead).
 */
export async function sendHtml(request: FastifyRequest, reply: FastifyReply, status: number, page: string | StreamedPage) {
  const encoding = new Negotiator(request).encoding(['br', 'gzip', 'identity']);
  const html = typeof page === 'string' ? page : page.head;
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string') void reply.header('content-security-policy', allowPageStyles(csp, html));
  void reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Language, Cookie');
  if (typeof page !== 'string') {
    const stream =
      encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : encoding === 'gzip' ? createGzip() : new PassThrough();
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    // The rest is drawn once the head is on its way: compressed (flushed), and written out in the next turn.
    const drawRest = () => setImmediate(() => void page.rest().then((rest) => stream.end(rest)));
    stream.write(page.head);
    if ('flush' in stream) stream.flush(drawRest);
    else drawRest();
    return reply.send(stream);
  }
  if (encoding === 'br') {
    return reply.header('content-encoding', 'br').send(await compressBrotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await compressGzip(html));
  return reply.send(html);
}

export interface SitePages {
  /** Answers a browser's navigation with its page. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** The web app manifest in a language. */
  manifest(lang: Language): ReturnType<typeof manifest>;
}

export function sitePages({ config, db, staticRoot, legal }: { config: Config; db: Db; staticRoot: string; legal: LegalFacts }): SitePages {
  const flows: SiteFlow[] = expandedFlows(config.flowsDir);
  const translators = headTranslators(readCatalogues(config.localesDir));
  const builtPages = new Set(['routes', 'pages'].flatMap((dir) => builtFiles(staticRoot, dir)));
  const templates = new Map<string, string>();
  const template = (file: string) => {
    const known = templates.get(file) ?? readFileSync(join(staticRoot, file), 'utf8');
    templates.set(file, known);
    return known;
  };

  const draw = drawing(staticRoot);

  /**
   * The text pages as drawn at their own address (/terms, not /terms/) in a language, with no query but the language:
   * the same for every visitor until the server restarts, so drawn once (14 to 52 ms each), not on every visit. At most
   * one per text page and language.
   */
  const kept = new Map<string, Promise<string>>();

  /** What a page is drawn with (its query, language, and facts), and the block that carries those facts for the app. */
  type Drawn = { at: DrawnPage; block: string };

  /**
   * A page drawn for this address with what it shows, which the page carries too (its block) for the app's first
   * render: a report's page with its public facts only (the proof rule: what anyone may see;
   * src/pages/report/use-report.ts), a text page with what the legal pages state (src/pages/legal/operator.tsx), a
   * results page with its search's answer. Streamed: its head (the styles inline) goes first, and what it shows is
   * found and drawn meanwhile. Left for the browser to draw when the build has no Node bundle, there is nothing to draw
   * with (a search the server does not run), or drawing fails.
   */
  function drawPage(request: FastifyRequest, html: string, at: DrawnPage, what: (drawing: PageDrawing) => Drawn | Promise<Drawn | undefined>, keep = false) {
    const key = `${at.lang} ${at.pathname}`;
    return streamRoot(
      html,
      async () => {
        const drawing = await draw();
        if (!drawing) return undefined;
        try {
          const found = await what(drawing);
          if (!found) return undefined;
          let root = keep ? kept.get(key) : undefined;
          if (root === undefined) {
            root = drawing.renderPage(found.at);
            if (keep) kept.set(key, root);
          }
          return { html: await root, block: found.block };
        } catch (error) {
          if (keep) kept.delete(key);
          request.log.error({ err: error }, `drawing ${at.pathname} failed`);
          return undefined;
        }
      },
      searchWithoutLanguage(at.search),
    );
  }

  /** The page's HTML as the server draws it for this visit, if it draws this kind of page. */
  const drawn = (request: FastifyRequest, html: string, at: DrawnPage, page: HeadPage, report?: FullReport) => {
    if (page.kind === 'results' && searchWithoutLanguage(at.search) !== '') {
      return drawPage(request, html, at, async (drawing) => {
        const results = await searchOf(request, drawing, at.search);
        return results && { at: { ...at, results }, block: dataBlock(DRAWN_SEARCH_ID, results) };
      });
    }
    if (page.kind === 'report' && report) {
      const view = reportView(report);
      return drawPage(request, html, at, () => ({ at: { ...at, report: view }, block: dataBlock(DRAWN_REPORT_ID, view) }));
    }
    if (page.kind === 'text') {
      const keep = at.pathname === `/${page.page}` && searchWithoutLanguage(at.search) === '';
      return drawPage(request, html, at, () => ({ at: { ...at, legal }, block: dataBlock(DRAWN_LEGAL_ID, legal) }), keep);
    }
    return html;
  };

  return {
    async send(request, reply) {
      const { pathname, search } = new URL(request.url, 'http://page');
      const lang = pageLanguage(request);
      const { page, report } = await withReport(db, sitePageAt(pathname, flows, STATE_PREFIXES));
      const head = headTags(page, lang, translators[lang], { origin: config.publicUrl, pathname });
      // Replaced by functions: a "$" in the copy is text, not a replacement pattern.
      const html = template(pageFile(page, pathname, search, lang, builtPages))
        .replace(/<html lang="[a-z]{2}">/, () => `<html lang="${lang}">`)
        .replace(/<title>[^<]*<\/title>/, () => head);
      return sendHtml(request, reply, page.kind === 'notFound' ? 404 : 200, drawn(request, html, { pathname, search, lang }, page, report));
    },
    manifest: (lang) => manifest(lang, translators[lang]),
  };
}
