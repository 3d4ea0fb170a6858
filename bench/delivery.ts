// Lead delivery (issue 19): how long a lead takes from its creation to the sponsor's first delivery attempt, with leads
// created at 100/s; and lead creation's own rate with delivery on beside the same server with no sponsor (the router
// still issues each lead's consent certificate). The real server (`node --import tsx server/main.ts`) on a fresh PGlite
// directory, the sponsor's receiver (answers 204 at once) in the benchmark's process. Part of `npm run bench`
// (BENCH_PARTS=delivery), or alone: `npx tsx bench/delivery.ts`.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { TEST_PHONE, verificationCookies } from './api-load.ts';
import { startAppServer, type AppServer } from '../tests/testing/app-server.ts';
import { startFakeSponsors, type FakeSponsors } from '../tests/testing/fake-sponsors.ts';
import { generalLeadBody, namingConsent } from '../tests/testing/lead-bodies.ts';
import { median } from './median.ts';
import { againstBudget, fixed, printSections, type Section, writeSections } from './results.ts';

const NATIONAL = TEST_PHONE.slice(2);
const RATE = 100;
const CONNECTIONS = 10;
/** Delivery may cost lead creation at most this share of its rate. */
const MAX_COST = 0.1;
/** A Texas lead whose consent names the fake's sponsors (none without them): the only sponsors it may go to. */
const body = (fake: FakeSponsors | undefined) => JSON.stringify(generalLeadBody(NATIONAL, { state: 'TX', consent: namingConsent(fake?.active ?? []) }));

function server(fake: FakeSponsors | undefined): Promise<AppServer> {
  const sponsors = fake
    ? { SPONSORS_DIR: fake.dir, ...fake.env, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' }
    : { SPONSORS_DIR: mkdtempSync(join(tmpdir(), 'claimflow-no-sponsors-')) };
  return startAppServer({ staticDir: '/nonexistent-claimflow-dist', env: { TEST_PHONE, RATE_LIMIT_API_PER_MINUTE: '1000000', ...sponsors } });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Leads created at RATE a second for seconds; from each creation's answer to its first delivery attempt, ms. */
async function latency(seconds: number): Promise<{ p50: number; p99: number; leads: number; missing: number }> {
  const fake = await startFakeSponsors([
    { id: 'bench-sponsor', name: 'Bench Sponsor', category: 'law-firm', services: ['workers-comp'], dailyCap: 1_000_000, active: true },
  ]);
  const app = await server(fake);
  try {
    const count = RATE * seconds;
    const jar = await verificationCookies(app.url, count);
    const created = new Map<number, number>();
    const start = performance.now();
    await Promise.all(
      jar.map(async (cookie, i) => {
        await new Promise((r) => setTimeout(r, start + (i * 1000) / RATE - performance.now()));
        const res = await fetch(`${app.url}/api/leads/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'idempotency-key': randomUUID() },
          body: body(fake),
        });
        if (res.status === 200) created.set(((await res.json()) as { resultIds: number[] }).resultIds[0]!, Date.now());
      }),
    );
    const end = Date.now() + 60_000;
    while (fake.acknowledged.size < created.size && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    const delays = [...fake.acknowledged.values()]
      .map((r) => (fake.arrivals.get(r.webhookId) ?? NaN) - (created.get(Number(r.envelope.data.id)) ?? NaN))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    return { p50: percentile(delays, 50), p99: percentile(delays, 99), leads: created.size, missing: count - delays.length };
  } finally {
    await app.stop();
    await fake.close();
  }
}

/** Lead creation's rate (median of the per-second counts) over CONNECTIONS connections for seconds. */
async function creationRate(fake: FakeSponsors | undefined, seconds: number): Promise<number> {
  const app = await server(fake);
  try {
    const jar = await verificationCookies(app.url, 500 * seconds);
    const result = await autocannon({
      url: `${app.url}/api/leads/create`,
      connections: CONNECTIONS,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: body(fake),
          setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: jar.pop() ?? '', 'idempotency-key': randomUUID() } }),
        },
      ],
    });
    return result.requests.p50;
  } finally {
    await app.stop();
  }
}

export async function deliverySections({ runs, quick }: { runs: number; quick: boolean }): Promise<Section[]> {
  const seconds = quick ? 3 : 10;
  const loadAtStart = loadavg()[0]!;
  const latencies = [];
  for (let run = 0; run < runs; run++) {
    console.log(`  delivery latency, run ${run + 1} of ${runs}`);
    latencies.push(await latency(seconds));
  }
  const fake = await startFakeSponsors([
    { id: 'bench-sponsor', name: 'Bench Sponsor', category: 'law-firm', services: ['workers-comp'], dailyCap: 1_000_000, active: true },
  ]);
  // For the rate, a receiver that only answers 204: checking signatures here would take the load generator's CPU.
  const bare = createServer((request, response) => request.resume().on('end', () => response.writeHead(204).end()));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  fake.env.SPONSOR_BENCH_SPONSOR_URL = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const on: number[] = [];
  const off: number[] = [];
  try {
    // Turn about, so a load that comes and goes hits both alike.
    for (let run = 0; run < runs; run++) {
      console.log(`  lead creation with delivery on and off, run ${run + 1} of ${runs}`);
      on.push(await creationRate(fake, seconds));
      off.push(await creationRate(undefined, seconds));
    }
  } finally {
    bare.close();
    await fake.close();
  }
  const [rateOn, rateOff] = [median(on), median(off)];
  const cost = 1 - rateOn / rateOff;
  return [
    {
      title: "Lead delivery: lead created → the sponsor's first delivery attempt, at 100 leads/s",
      notes: [
        `${RATE * seconds} leads POSTed to /api/leads/create at ${RATE}/s (each with its own verification of the test phone), one sponsor taking them all; from the client's receipt of each 200 to the sponsor's receiver getting the lead's first request. Median of ${runs} run(s).`,
        `Load average (1 min) at the start: ${loadAtStart.toFixed(1)}.`,
      ],
      headers: ['leads', 'not delivered', 'p50 (ms)', 'p99 (ms)'],
      rows: [
        [
          String(median(latencies.map((l) => l.leads))),
          String(Math.max(...latencies.map((l) => l.missing))),
          fixed(median(latencies.map((l) => l.p50)), 0),
          fixed(median(latencies.map((l) => l.p99)), 0),
        ],
      ],
    },
    {
      title: 'Lead creation with delivery on and off',
      notes: [
        `POST /api/leads/create over ${CONNECTIONS} connections for ${seconds} s (autocannon, the median of its per-second counts), on a fresh PGlite server each run: "on" with one sponsor taking every lead (routing, certificate, a signed webhook per lead to a receiver that answers 204 without checking it), "off" with no sponsor (the router still issues each lead's certificate). Median of ${runs} run(s), taken turn about. Budget: delivery costs lead creation at most ${MAX_COST * 100}%.`,
      ],
      headers: ['delivery', 'leads/s', 'cost (%)'],
      rows: [
        ['off', fixed(rateOff, 0), ''],
        ['on', fixed(rateOn, 0), againstBudget(cost * 100, MAX_COST * 100, 'max')],
      ],
    },
  ];
}

if (import.meta.filename === process.argv[1]) {
  const sections = await deliverySections({ runs: Math.max(1, Number(process.env.BENCH_RUNS ?? 1)), quick: process.env.BENCH_QUICK === '1' });
  printSections(sections);
  await writeSections(sections, { command: 'npx tsx bench/delivery.ts' });
}
