// A fake of Twilio's Messages API on 127.0.0.1: records every message POSTed, answers as told, and lists the messages
// it took for a phone (newest first, in pages), as Twilio's GET Messages.json does.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TwilioConfig } from '../../server/config.ts';

export const FAKE_TWILIO_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const FAKE_TWILIO_TOKEN = 'a1b2c3d4'.repeat(4);
export const FAKE_TWILIO_FROM = '+12025550100';

export interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/** What the fake answers a POST: a status and JSON body, or no answer at all. */
export type Answer = { status: number; body: unknown } | 'hang';

export interface TakenMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  /** When the fake took it (ms since the epoch). */
  at: number;
}

export interface FakeTwilio {
  base: string;
  /** The provider's settings that reach this fake. */
  config: TwilioConfig;
  /** Every POST, as received. */
  received: Received[];
  /** The messages it took (POSTs answered 2xx), oldest first. */
  messages: TakenMessage[];
  answer: Answer;
  /**
   * Called with each message once it is taken and before it is answered: what it resolves to is answered after it
   * (a delay, or a kill of the sender meanwhile).
   */
  onMessage: ((message: TakenMessage) => Promise<void> | void) | undefined;
  close(): Promise<void>;
}

const OK: Answer = { status: 201, body: { sid: 'SM1', status: 'queued' } };

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const received: Received[] = [];
  const messages: TakenMessage[] = [];
  const fake: Pick<FakeTwilio, 'received' | 'messages' | 'answer' | 'onMessage'> = { received, messages, answer: OK, onMessage: undefined };

  const list = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const to = url.searchParams.get('To');
    const size = Number(url.searchParams.get('PageSize') ?? 50);
    const pageNo = Number(url.searchParams.get('Page') ?? 0);
    const mine = messages.filter((m) => m.to === to).reverse();
    const slice = mine.slice(pageNo * size, (pageNo + 1) * size);
    url.searchParams.set('Page', String(pageNo + 1));
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        messages: slice.map((m) => ({
          sid: m.sid,
          to: m.to,
          from: m.from,
          body: m.body,
          status: 'sent',
          date_created: new Date(m.at).toUTCString().replace('GMT', '+0000'),
        })),
        next_page_uri: (pageNo + 1) * size < mine.length ? `${url.pathname}${url.search}` : null,
      }),
    );
  };

  const server: Server = createServer((req, res) => {
    if (req.method === 'GET') return list(req, res);
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      received.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, contentType: req.headers['content-type'], form });
      const answer = fake.answer;
      if (answer === 'hang') return;
      if (answer.status >= 300) return void res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      const message = { sid: `SM${messages.length + 1}`, to: form.To ?? '', from: form.From ?? '', body: form.Body ?? '', at: Date.now() };
      messages.push(message);
      void Promise.resolve(fake.onMessage?.(message)).then(() => {
        if (!res.destroyed) res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    base,
    config: { accountSid: FAKE_TWILIO_SID, authToken: FAKE_TWILIO_TOKEN, from: FAKE_TWILIO_FROM, apiBase: base },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** The environment that points a server or worker process at the fake. */
export function fakeTwilioEnv(fake: FakeTwilio): Record<string, string> {
  return {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO_TOKEN,
    TWILIO_FROM: FAKE_TWILIO_FROM,
    TWILIO_API_BASE: fake.base,
  };
}
