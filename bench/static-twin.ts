// GET /bench/static?path=<page>: the page the app sends for <page> (its first screen drawn, styles inline, head and
// language alike), without its JavaScript: no loader of its code (server/page-code.ts), no data block for the app.
// Served by the same server, encoded and with the same headers as the page itself (sendHtml: its CSP allows the same
// inline styles): the reference each route's paint is measured beside (bench/paint.ts).
import type { FastifyInstance } from 'fastify';
import { sendHtml } from '../server/pages.ts';

export const STATIC_TWIN = '/bench/static';

/** The page's HTML without what only the app's code reads or runs. */
export const withoutScripts = (html: string) => html.replace(/\s*<script\b[^>]*>[\s\S]*?<\/script>/g, '');

export function addStaticTwin(app: FastifyInstance): void {
  app.get<{ Querystring: { path?: string } }>(STATIC_TWIN, async (request, reply) => {
    const page = await app.inject({
      method: 'GET',
      url: request.query.path ?? '/',
      headers: { accept: 'text/html', 'accept-encoding': 'identity', 'accept-language': request.headers['accept-language'] ?? '' },
    });
    return sendHtml(request, reply, page.statusCode, withoutScripts(page.body));
  });
}
