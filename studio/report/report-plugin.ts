// The studio's dev server asks a running claimflow API for a flow's funnel report (GET /api/analytics/funnel) with the
// key of STUDIO_ANALYTICS_KEY, at STUDIO_API_URL, and hands the page the report or why there is none. The key is read
// here, in Node, and never sent to the page.
import type { Plugin } from 'vite';
import { REPORT_PARAMS, REPORT_PATH, type FunnelReport, type ReportAnswer } from './studio-report.ts';

export const DEFAULT_API_URL = 'http://localhost:8080';

/** How long the API may take before the page is told it did not answer. */
const TIMEOUT_MS = 15_000;

interface ReportEnv {
  STUDIO_API_URL?: string;
  STUDIO_ANALYTICS_KEY?: string;
}

/** The answer for the page's query string (its flow, since, until and lang, passed on; nothing else). */
export async function reportAnswer(query: URLSearchParams, env: ReportEnv): Promise<ReportAnswer> {
  const api = (env.STUDIO_API_URL?.trim() || DEFAULT_API_URL).replace(/\/+$/, '');
  const key = env.STUDIO_ANALYTICS_KEY?.trim();
  if (!key) return { kind: 'not-configured', api };
  const asked = new URLSearchParams();
  for (const name of REPORT_PARAMS) {
    const value = query.get(name);
    if (value) asked.set(name, value);
  }
  let response: Response;
  try {
    response = await fetch(`${api}/api/analytics/funnel?${asked.toString()}`, {
      headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    // fetch's own message is 'fetch failed'; its cause says what happened (ECONNREFUSED, a timeout).
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { kind: 'unreachable', api, detail: cause?.code ?? cause?.message ?? (error as Error).message };
  }
  if (response.status === 401) return { kind: 'refused', api };
  const text = await response.text();
  if (response.ok) {
    try {
      return { kind: 'report', api, report: JSON.parse(text) as FunnelReport };
    } catch {
      // Something else answers at that address (another app's page): said below as a failure.
    }
  }
  return { kind: 'failed', api, status: response.status, detail: messageOf(text) };
}

/** The API's error message ({ message } or a field error's), else the start of what came. */
function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown };
    if (typeof body.message === 'string') return body.message;
    if (typeof body.error === 'string') return body.error;
  } catch {
    // Not JSON.
  }
  return text.slice(0, 200);
}

export function studioReportPlugin(env: ReportEnv = process.env): Plugin {
  return {
    name: 'claimflow:studio-report',
    configureServer(server) {
      server.middlewares.use(REPORT_PATH, (req, res) => {
        void reportAnswer(new URL(req.url ?? '', 'http://studio').searchParams, env).then((answer) => {
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify(answer));
        });
      });
    },
  };
}
