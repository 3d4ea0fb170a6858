// Builds the Fastify instance: the lead API under /api and, when built, the web app with its SPA fallback.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { FALLBACK, queryLanguage } from '../engine/languages.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { registerLoadShedding } from './load-shedding.ts';
import { limitPolicies } from './limits/policies.ts';
import { loggerOptions, type LogSetting } from './logging.ts';
import { meteredSms } from './metrics/metered-sms.ts';
import { Metrics } from './metrics/metrics.ts';
import { observeRequests } from './metrics/request-metrics.ts';
import { sitePages } from './pages.ts';
import { RequestLog } from './request-log.ts';
import { accidentRoutes } from './routes/accident.ts';
import { depthCheckedJsonParser, refuseDeepBodies } from './routes/body-depth.ts';
import { certificateRoutes } from './routes/certificates.ts';
import { eventRoutes } from './routes/events.ts';
import { flowVersionRoutes } from './routes/flow-versions.ts';
import { healthRoutes } from './routes/health.ts';
import { leadRoutes } from './routes/leads.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { placeRoutes } from './routes/places.ts';
import { privacyRoutes } from './routes/privacy.ts';
import { reportPdfRoutes } from './routes/report-pdf.ts';
import { reportProofRoutes } from './routes/report-proof.ts';
import { reportReadRoutes } from './routes/report-read.ts';
import { reportRoutes } from './routes/reports.ts';
import type { RouteDeps } from './routes/deps.ts';
import { legalRoutes } from './routes/legal.ts';
import { legalFacts } from './legal/legal-facts.ts';
import { expandedFlows } from './flow-files.ts';
import { smsRoutes } from './routes/sms.ts';
import { userRoutes } from './routes/user.ts';
import { isApiPath, RateLimitedError, registerRequestLimits, registerSecurity, securityHeaders } from './security.ts';
import type { SmsProvider } from './sms/sms-provider.ts';
import { schemaValidatorCompiler, validationErrorBody } from './validation.ts';

/** clock, limits, flows, sponsors and jobs (optional; tests set them) go to the routes as they are. */
export interface AppDeps extends Pick<RouteDeps, 'clock' | 'limits' | 'flows' | 'sponsors' | 'jobs'> {
  config: Config;
  db: Db;
  sms: SmsProvider;
  /** The request log (pino): a level (to stdout), or a level and a stream; false or unset logs nothing. */
  log?: LogSetting;
  /** Start-up work that goes on once the app listens (serve.ts: the job queue's start): not load to shed. */
  starting?: Promise<unknown>;
  /** The process's metrics, which its job queue counts in too (serve.ts); unset: the app's own. */
  metrics?: Metrics;
}

/** The largest request body accepted (the API's JSON bodies are a few KB); more gets 413. */
export const BODY_LIMIT = 32 * 1024;

export async function buildApp({
  config,
  db,
  sms: provider,
  log = false,
  starting,
  metrics = new Metrics(db),
  ...routeOptions
}: AppDeps): Promise<FastifyInstance> {
  // The routes send one-time codes; alert texts go from the job queue (jobs.ts).
  const sms = meteredSms(provider, 'code', metrics);
  const setSecurityHeaders = securityHeaders(config);
  const requestLog = new RequestLog();
  // Routes' request and reply types come from their JSON Schemas (RoutePlugin in routes/deps.ts).
  const app = Fastify({
    logger: loggerOptions(log),
    // Requests the rate limits refuse are summed up per address and minute instead of logged one by one.
    logController: requestLog,
    bodyLimit: BODY_LIMIT,
    // A number of hops as Fastify does it, in the form its types accept.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // A whole request (headers and body) must arrive within this, so slow clients cannot hold connections open.
    requestTimeout: 30_000,
    // A URL Fastify cannot decode skips every hook: the same headers and a short body, without the URL echoed.
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(request.raw, reply.raw);
      // Typed loosely by Fastify for this hook-less path; the answer is the same as any 4xx of errorHandler.
      void (reply as FastifyReply).code(error.statusCode ?? 400).send({ error: 'bad_request', message: 'malformed URL' });
    },
  }).withTypeProvider<JsonSchemaToTsProvider>();
  app.setValidatorCompiler(schemaValidatorCompiler());
  app.setErrorHandler(errorHandler);
  await registerSecurity(app, config, setSecurityHeaders);
  await registerLoadShedding(app, config, db, starting);
  registerRequestLimits(app, db, limitPolicies(config, routeOptions.limits), routeOptions.clock ?? (() => Date.now()));
  requestLog.attach(app);
  observeRequests(app, metrics);
  // Unsigned: the verification cookie's value is a random id, checked against its stored hash.
  await app.register(fastifyCookie);
  // JSON nested too deep is refused on its text, before JSON.parse and every walk over the body, on every route; the
  // rest is parsed by Fastify's own parser with its defaults (a __proto__ or constructor.prototype key refused).
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    depthCheckedJsonParser(app.getDefaultJsonParser('error', 'error')),
  );
  app.addHook('preValidation', refuseDeepBodies);

  // Outside /api, where load balancers look for them.
  await app.register(healthRoutes, { config, db, sms, ...routeOptions });
  await app.register(metricsRoutes, { config, db, sms, metrics });
  await app.register(userRoutes, { prefix: '/api', config, db, sms, ...routeOptions });
  await app.register(leadRoutes, { prefix: '/api', config, db, sms, metrics, ...routeOptions });
  await app.register(accidentRoutes, { prefix: '/api', config, db, sms });
  await app.register(placeRoutes, { prefix: '/api', config, db, sms });
  await app.register(reportReadRoutes, { prefix: '/api', config, db, sms, ...routeOptions });
  await app.register(reportProofRoutes, { prefix: '/api', config, db, sms, ...routeOptions });
  // Outside /api: a browser navigates to it; a route of its own wins over the web app's fallback.
  await app.register(reportPdfRoutes, { config, db, sms, ...routeOptions });
  // Outside /api too: the certificate's URL goes to sponsors with the lead, and its keys are at a well-known place.
  await app.register(certificateRoutes, { config, db, sms });
  await app.register(reportRoutes, { prefix: '/api', config, db, sms, metrics, ...routeOptions });
  await app.register(smsRoutes, { prefix: '/api', config, db, sms });
  await app.register(privacyRoutes, { prefix: '/api', config, db, sms, ...routeOptions });
  await app.register(eventRoutes, { prefix: '/api', config, db, sms, ...routeOptions });
  await app.register(flowVersionRoutes, { prefix: '/api', config, db, sms });
  // What the legal pages state: served as GET /api/legal, and drawn into the text pages.
  const legal = legalFacts(config, routeOptions.flows ?? expandedFlows(config.flowsDir), routeOptions.sponsors ?? []);
  await app.register(legalRoutes, { prefix: '/api', facts: legal });

  const staticRoot = resolve(config.staticDir);
  const hasApp = existsSync(resolve(staticRoot, 'index.html'));
  const pages = sitePages({ config, db, staticRoot, legal });
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      // The build writes .br and .gz copies of its text files (vite.config.ts): sent as they are to clients that take them.
      preCompressed: true,
      cacheControl: false,
      // Built assets carry a content hash in their names; everything else must be revalidated.
      setHeaders: (res, path) => {
        const hashed = path.startsWith(resolve(staticRoot, 'assets'));
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Files and pages are sent brotli, gzip or plain by Accept-Encoding (preCompressed): caches keep one copy per encoding.
  app.addHook('onSend', async (request, reply) => {
    if (!isApiPath(request.url)) reply.header('vary', [reply.getHeader('vary'), 'Accept-Encoding'].filter(Boolean).join(', '));
  });

  // The manifest names the app in the visitor's language (a link in each page's head: pages.ts).
  app.get('/manifest.webmanifest', (request, reply) =>
    reply
      .type('application/manifest+json')
      .header('cache-control', 'public, max-age=3600')
      .send(pages.manifest(queryLanguage(request.url.split('?')[1] ?? '') ?? FALLBACK)),
  );
  // "/" is a page like the others, with its head, not the build's index.html as it is.
  if (hasApp) app.get('/', (request, reply) => pages.send(request, reply));
  app.setNotFoundHandler((request, reply) => {
    if (hasApp && wantsPage(request)) return pages.send(request, reply);
    return reply.code(404).send({ error: 'not_found' });
  });
  return app;
}

function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** A browser navigation to a client-side route: GET or HEAD, outside /api, asking for HTML. */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** Error bodies are short JSON: never a stack, a query or a database message. */
function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation) {
    return reply.code(400).send(validationErrorBody(error.validation, error.validationContext ?? 'body'));
  }
  if (error instanceof RateLimitedError) {
    return reply.code(429).header('retry-after', String(error.retryAfter)).send({ error: 'rate_limited', retryAfter: error.retryAfter });
  }
  const status = error.statusCode ?? 500;
  if (status === 413) {
    const limit = request.routeOptions.bodyLimit ?? BODY_LIMIT;
    return reply.code(413).send({ error: 'payload_too_large', message: `request body is larger than ${limit} bytes` });
  }
  if (status === 400 && error.code?.startsWith('FST_ERR_CTP_')) {
    return reply.code(400).send({ error: 'validation', field: 'body', message: 'body must be a JSON object' });
  }
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ error: 'bad_request', message: error.message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ error: 'internal' });
}
