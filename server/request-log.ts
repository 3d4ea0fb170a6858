// The request log: a line when a request comes in and one when it is answered (Fastify's own, with the client's address
// truncated by logging.ts), except for requests the rate limits refuse, which are summed up instead: one line per
// address and limiter per minute, so a flood from one address writes a line a minute, not two a request.
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { logAddress } from './logging.ts';

/** The limiter (api or web) that refused a request, set by security.ts's rate-limit hook. */
export const refusedBy = new WeakMap<FastifyRequest, string>();

const SUMMARY_MS = 60_000;
/** Addresses summed up apart in a minute; more (a spread-out flood) are summed up together, so memory stays bounded. */
const MAX_ADDRESSES = 10_000;

interface Refused {
  limiter: string;
  address: string;
  count: number;
  since: number;
}

/** Fastify's logController (buildApp's option), then attach(app) once the rate limits are registered. */
export class RequestLog extends LogController {
  private refused = new Map<string, Refused>();
  private timer: NodeJS.Timeout | undefined;
  private log: FastifyBaseLogger | undefined;

  /** Logs the incoming line after the rate limits (an onRequest hook after theirs), and the summaries on close. */
  attach(app: FastifyInstance): void {
    this.log = app.log;
    app.addHook('onRequest', (request, reply, done) => {
      super.incomingRequest(request, reply);
      done();
    });
    app.addHook('onClose', (_app, done) => {
      this.summarize();
      done();
    });
  }

  override incomingRequest(): void {
    // Before any hook: attach's hook logs it once the rate limits have let the request through.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const limiter = refusedBy.get(request);
    if (limiter === undefined) super.requestCompleted(error, request, reply);
    else this.count(limiter, request.ip);
  }

  private count(limiter: string, ip: string): void {
    const own = logAddress(ip);
    const address = this.refused.size < MAX_ADDRESSES || this.refused.has(`${limiter} ${own}`) ? own : 'others';
    const entry = this.refused.get(`${limiter} ${address}`);
    if (entry) entry.count += 1;
    else this.refused.set(`${limiter} ${address}`, { limiter, address, count: 1, since: Date.now() });
    this.timer ??= setTimeout(() => this.summarize(), SUMMARY_MS).unref();
  }

  private summarize(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const { limiter, address, count, since } of this.refused.values()) {
      this.log?.warn({ limiter, address, refused: count, since: new Date(since).toISOString() }, 'rate limited');
    }
    this.refused = new Map();
  }
}
