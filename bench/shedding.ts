// Load shedding (issue 32): lead creation at 10 leads/s beside /pdf/{id} at twice the rate that takes the PDF's p99 past
// 2 s. The knee is measured in the same run, on a server that sheds nothing (the tests' NO_SHEDDING figures, PDFs
// rendered 64 at a time); the row then runs on a server with the default shedding and PDF limits. Both keep no PDFs
// (PDF_CACHE_MB=0), so every PDF is rendered: the cache would make a load of a few reports nearly free.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { ENV_SCHEMA } from '../server/config-schema.ts';
import { WARM_UP_MS } from '../server/load-shedding.ts';
import { startAppServer, type AppServer } from '../tests/testing/app-server.ts';
import { calcLeadBody } from '../tests/testing/lead-bodies.ts';
import { TEST_PHONE, verificationCookies } from './api-load.ts';
import { againstBudget, fixed, printSections, type Section, writeSections } from './results.ts';

const LEADS_PER_S = 10;
const PDF_P99_MS = 2_000;
/** The PDF rates (req/s) tried, in turn, until one takes the p99 past PDF_P99_MS. */
const RAMP = [25, 50, 100, 150, 200, 250, 300, 400, 500];
/** Enough connections to keep a rate whose answers take seconds. */
const PDF_CONNECTIONS = 600;
const CITIES = ['Houston&state=TX', 'Los%20Angeles&state=CA', 'Chicago&state=IL', 'New%20York&state=NY', 'Phoenix&state=AZ', 'Dallas&state=TX'];

const defaultOf = (name: keyof typeof ENV_SCHEMA.properties) => String((ENV_SCHEMA.properties[name] as { default?: unknown }).default);
/** The shipped shedding figures (startAppServer's own are the tests' NO_SHEDDING). */
const SHEDDING_ENV = Object.fromEntries(
  (['SHED_EVENT_LOOP_DELAY_MS', 'SHED_DB_WAITING', 'SHED_OPTIONAL_EVENT_LOOP_UTILIZATION', 'SHED_OPTIONAL_DB_WAITING'] as const).map((name) => [
    name,
    defaultOf(name),
  ]),
);
const BASE_ENV = { TEST_PHONE, RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_STATIC_PER_MINUTE: '1000000', PDF_CACHE_MB: '0' };

interface Figures {
  rate: number;
  ok: number;
  refused: number;
  p50: number;
  p99: number;
  errors: number;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Ids of the demo reports the server seeded, near big cities. */
async function reportIds(base: string): Promise<string[]> {
  const ids: string[] = [];
  for (const city of CITIES) {
    const res = await fetch(`${base}/api/reports/search?city=${city}&from=${daysAgo(29)}`);
    const body = (await res.json()) as { results?: { id: string }[] };
    ids.push(...(body.results ?? []).map((r) => r.id));
  }
  if (ids.length === 0) throw new Error('no demo reports found: is DEMO_REPORTS off?');
  return ids;
}

function figuresOf(result: Awaited<ReturnType<typeof autocannon>>, seconds: number): Figures {
  return {
    rate: result.requests.total / seconds,
    ok: result['2xx'] / seconds,
    refused: result.non2xx,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
  };
}

/** GET /pdf/{id} at rate a second for seconds, over the ids and both languages in turn. */
async function pdfLoad(base: string, ids: string[], rate: number, seconds: number): Promise<Figures> {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: Math.min(PDF_CONNECTIONS, rate * 4),
    overallRate: rate,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/pdf/${ids[next % ids.length]!}?lang=${next++ % 2 ? 'es' : 'en'}` }) }],
  });
  return figuresOf(result, seconds);
}

/** Lead creation at LEADS_PER_S for seconds, each lead its own verification and Idempotency-Key. */
async function leadLoad(base: string, cookies: string[], seconds: number): Promise<Figures> {
  const headers = { 'content-type': 'application/json' };
  const result = await autocannon({
    url: `${base}/api/leads/create/calc?calc_id=bench`,
    connections: LEADS_PER_S,
    overallRate: LEADS_PER_S,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers,
        body: JSON.stringify(calcLeadBody(TEST_PHONE.slice(2))),
        setupRequest: (request) => ({ ...request, headers: { ...headers, cookie: cookies.pop() ?? '', 'idempotency-key': `bench-${randomUUID()}` } }),
      },
    ],
  });
  return figuresOf(result, seconds);
}

export async function sheddingSections(options: { quick: boolean }): Promise<Section[]> {
  const seconds = options.quick ? 4 : 8;
  // The knee: a server that sheds nothing, the PDF rate raised until its p99 passes PDF_P99_MS.
  let server: AppServer = await startAppServer({
    staticDir: '/nonexistent-claimflow-dist',
    env: { ...BASE_ENV, DEMO_REPORTS: 'on', PDF_CONCURRENCY: '64', PDF_QUEUE: '1000' },
  });
  const dataDir = server.dataDir;
  let knee = Number.NaN;
  const ramp: string[] = [];
  let ids: string[] = [];
  try {
    ids = await reportIds(server.url);
    for (const rate of RAMP) {
      console.log(`  shedding: the PDF's knee, ${rate} req/s`);
      const f = await pdfLoad(server.url, ids, rate, Math.min(seconds, 5));
      ramp.push(`${rate}/s: p99 ${fixed(f.p99, 0)} ms`);
      if (f.p99 > PDF_P99_MS || f.errors > 0) {
        knee = rate;
        break;
      }
    }
  } finally {
    await server.stop();
  }
  const pdfRate = Number.isFinite(knee) ? 2 * knee : 2 * RAMP.at(-1)!;
  // The same data, the shipped shedding and PDF limits.
  server = await startAppServer({ staticDir: '/nonexistent-claimflow-dist', dataDir, env: { ...BASE_ENV, ...SHEDDING_ENV } });
  try {
    // A warmed-up server: its start (migrations, the flows, the job queue's first sweeps) and the warm-up after it, in
    // which the busy share is not judged (a restart under a flood has the delay, the database's queue and the PDF limits).
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS + 5_000));
    const cookies = await verificationCookies(server.url, LEADS_PER_S * seconds * 3);
    console.log('  shedding: leads alone');
    const alone = await leadLoad(server.url, cookies, seconds);
    console.log(`  shedding: leads beside PDFs at ${pdfRate} req/s`);
    const [beside, pdf] = await Promise.all([leadLoad(server.url, cookies, seconds), pdfLoad(server.url, ids, pdfRate, seconds)]);
    return [
      {
        title: 'Load shedding: leads beside a PDF flood (PGlite)',
        notes: [
          `The PDF's knee, on a server that sheds nothing (PDFs rendered 64 at a time, none kept): the first rate whose p99 passes ${PDF_P99_MS} ms, ${seconds <= 5 ? seconds : 5} s a rate (${ramp.join(', ')}).`,
          `Then on a server of the same data with the default shedding (SHED_*) and PDF limits (PDF_CONCURRENCY ${defaultOf('PDF_CONCURRENCY')}, PDF_QUEUE ${defaultOf('PDF_QUEUE')}), no PDFs kept (PDF_CACHE_MB=0, so each is rendered): POST /api/leads/create/calc at ${LEADS_PER_S}/s for ${seconds} s alone, then beside GET /pdf/{id} at twice the knee over ${ids.length} demo reports in English and Spanish (autocannon, fixed rates). Budget: lead p99 beside the PDFs ≤ 2 × alone. Refused: non-2xx answers (the PDF's 503s).`,
          `Load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)}.`,
        ],
        headers: ['what', 'req/s sent', '2xx/s', 'refused', 'p50 (ms)', 'p99 (ms)', 'errors'],
        rows: [
          ['PDF knee (p99 > 2 s, no shedding)', Number.isFinite(knee) ? String(knee) : `> ${RAMP.at(-1)!}`, '', '', '', '', ''],
          [
            `lead creation alone, ${LEADS_PER_S}/s`,
            fixed(alone.rate),
            fixed(alone.ok),
            String(alone.refused),
            fixed(alone.p50),
            fixed(alone.p99),
            againstBudget(alone.errors, 0, 'max', 0),
          ],
          [
            `lead creation beside PDFs at ${pdfRate}/s`,
            fixed(beside.rate),
            fixed(beside.ok),
            againstBudget(beside.refused, 0, 'max', 0),
            fixed(beside.p50),
            againstBudget(beside.p99, 2 * alone.p99, 'max'),
            againstBudget(beside.errors, 0, 'max', 0),
          ],
          [`GET /pdf/{id} at ${pdfRate}/s (shed)`, fixed(pdf.rate), fixed(pdf.ok), String(pdf.refused), fixed(pdf.p50), fixed(pdf.p99), String(pdf.errors)],
        ],
      },
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Alone: `npx tsx bench/shedding.ts` (BENCH_QUICK=1: 4 s runs), printing its table.
if (import.meta.filename === process.argv[1]) {
  const sections = await sheddingSections({ quick: process.env.BENCH_QUICK === '1' });
  printSections(sections);
  await writeSections(sections, { command: 'npx tsx bench/shedding.ts' });
}
