// Sponsors' webhook receivers for the delivery tests (a fake of the sponsors' own endpoints, on 127.0.0.1): each
// checks every request's signature with the standardwebhooks package's own verify, de-duplicates on webhook-id as a
// receiver should, and answers as its sponsor's behaviour says (fail a share with 500, hang a share past the timeout,
// or a given status). Also writes the sponsor files and their environment variables.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import type { Sponsor } from '../../engine/route-lead.ts';
import { readSponsorFiles } from '../../server/delivery/sponsor-files.ts';

export interface Received {
  sponsor: string;
  webhookId: string;
  type: string;
  /** The envelope as parsed after its signature was verified. */
  envelope: { type: string; timestamp: string; data: Record<string, unknown> };
}

export interface Behaviour {
  /** Share of requests answered 500. */
  fail?: number;
  /** Share of requests never answered (until the sender gives up). */
  hang?: number;
  /** The answer for every request, with headers (e.g. 429 and Retry-After), instead of 200. */
  answer?: (request: IncomingMessage) => { status: number; headers?: Record<string, string> } | undefined;
}

export interface FakeSponsors {
  /** SPONSORS_DIR with one file per sponsor. */
  dir: string;
  /** The active sponsors (id and name): those a lead's consent names so that they may get it (fakeConsent). */
  active: { id: string; name: string }[];
  /** The sponsors' URL and secret variables. */
  env: Record<string, string>;
  behaviour: Map<string, Behaviour>;
  /** The first acknowledged (2xx) request of each webhook-id, by webhook-id. */
  acknowledged: Map<string, Received>;
  /** Requests of a webhook-id that was acknowledged before (retries of an answer that got lost). */
  repeats: number;
  /** Every request, acknowledged or not. */
  requests: number;
  /** When each webhook-id's first request arrived (ms since the epoch), whatever the answer. */
  arrivals: Map<string, number>;
  /** Requests whose signature did not verify (their errors). */
  badSignatures: string[];
  close(): Promise<void>;
}

/**
 * The URL and secret of every sponsor of sponsors/, so that a server started with them has them ready to get leads:
 * their webhooks go to a closed local port (refused at once), for the tests that look at what a person agrees to.
 */
export function readySponsorsEnv(): Record<string, string> {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  return Object.fromEntries(
    readSponsorFiles(join(import.meta.dirname, '..', '..', 'sponsors')).sponsors.flatMap((s) => [
      [s.urlEnv, 'http://127.0.0.1:9/closed'],
      [s.secretEnv, secret],
    ]),
  );
}

const envName = (id: string, what: string) => `SPONSOR_${id.toUpperCase().replaceAll('-', '_')}_${what}`;

/** The delivery tests' law firm: car-accident leads of Texas and Oklahoma, with a daily cap no test reaches. */
export const TEXAS_LAWYERS: Omit<Sponsor, 'urlEnv' | 'secretEnv'> = {
  id: 'texas-lawyers',
  name: 'Texas Lawyers',
  category: 'law-firm',
  services: ['__CALawyer'],
  filter: { in: [{ var: 'state' }, ['TX', 'OK']] },
  dailyCap: 100_000,
  active: true,
};

/** Receivers for sponsors (urlEnv and secretEnv are set from their ids), on one local server. */
export async function startFakeSponsors(sponsors: Omit<Sponsor, 'urlEnv' | 'secretEnv'>[]): Promise<FakeSponsors> {
  const dir = mkdtempSync(join(tmpdir(), 'claimflow-sponsors-'));
  const secrets = new Map(sponsors.map((s) => [s.id, `whsec_${randomBytes(24).toString('base64')}`]));
  const hanging = new Set<ServerResponse>();
  const fake: FakeSponsors = {
    dir,
    active: sponsors.filter((s) => s.active).map(({ id, name }) => ({ id, name })),
    env: {},
    behaviour: new Map(),
    acknowledged: new Map(),
    repeats: 0,
    requests: 0,
    arrivals: new Map(),
    badSignatures: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      fake.requests += 1;
      const id = String(request.headers['webhook-id']);
      if (!fake.arrivals.has(id)) fake.arrivals.set(id, Date.now());
      const sponsor = /^\/sponsors\/([a-z0-9-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const secret = secrets.get(sponsor);
      const raw = Buffer.concat(chunks).toString('utf8');
      let envelope: Received['envelope'];
      try {
        // The raw body, before any parsing, as Standard Webhooks says.
        envelope = new Webhook(secret ?? 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').verify(
          raw,
          request.headers as Record<string, string>,
        ) as Received['envelope'];
      } catch (error) {
        fake.badSignatures.push(`${sponsor}: ${(error as Error).message}`);
        response.writeHead(400).end();
        return;
      }
      const behaviour = fake.behaviour.get(sponsor) ?? {};
      const given = behaviour.answer?.(request);
      const roll = Math.random();
      if (given) response.writeHead(given.status, given.headers).end();
      else if (roll < (behaviour.hang ?? 0)) {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
      } else if (roll < (behaviour.hang ?? 0) + (behaviour.fail ?? 0)) response.writeHead(500).end();
      else acknowledge(sponsor, envelope, response);
    });
  });
  const acknowledge = (sponsor: string, envelope: Received['envelope'], response: ServerResponse) => {
    const webhookId = String(response.req.headers['webhook-id']);
    if (fake.acknowledged.has(webhookId)) fake.repeats += 1;
    else fake.acknowledged.set(webhookId, { sponsor, webhookId, type: envelope.type, envelope });
    response.writeHead(204).end();
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  for (const sponsor of sponsors) {
    const file: Sponsor = { ...sponsor, urlEnv: envName(sponsor.id, 'URL'), secretEnv: envName(sponsor.id, 'SECRET') };
    writeFileSync(join(dir, `${sponsor.id}.json`), JSON.stringify(file));
    fake.env[file.urlEnv] = `http://127.0.0.1:${port}/sponsors/${sponsor.id}`;
    fake.env[file.secretEnv] = secrets.get(sponsor.id) ?? '';
  }
  return fake;
}
