// Builds the Fastify instance: the lead API under /api and, when built, the web app with its SPA fallback.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config, LogLevel } from './config.ts';
import type { Db } from './db/db.ts';
import { leadRoutes } from './routes/leads.ts';
import { userRoutes } from './routes/user.ts';
import type { SmsProvider } from './sms/sms-provider.ts';
import { schemaValidatorCompiler, validationErrorBody } from './validation.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  sms: SmsProvider;
  /** The request log (pino): a level (to stdout), or a level and a stream; false or unset logs nothing. */
  log?: LogLevel | false | { level: LogLevel; stream: { write(line: string): void } };
}

export async function buildApp({ config, db, sms, log = false }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: log === false ? false : {
      ...(typeof log === 'string' ? { level: log } : log),
      // Request bodies are never logged; these cover headers and database errors that may quote values.
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'err.detail', 'err.parameters'], censor: '[redacted]' },
    },
    bodyLimit: 64 * 1024,
  });
  app.setValidatorCompiler(schemaValidatorCompiler());
  app.setErrorHandler(errorHandler);
  // Unsigned: the verification cookie's value is a random id, checked against its stored hash.
  await app.register(fastifyCookie);

  await app.register(userRoutes, { prefix: '/api', config, db, sms });
  await app.register(leadRoutes, { prefix: '/api', config, db, sms });

  const staticRoot = resolve(config.staticDir);
  const hasApp = existsSync(resolve(staticRoot, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      cacheControl: false,
      // Built assets carry a content hash in their names; everything else must be revalidated.
      setHeaders: (res, path) => {
        const hashed = path.startsWith(resolve(staticRoot, 'assets'));
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasApp && wantsPage(request)) {
      return reply.code(200).header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: 'not_found' });
  });
  return app;
}

/** A browser navigation to a client-side route: GET or HEAD, outside /api, asking for HTML. */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation) {
    return reply.code(400).send(validationErrorBody(error.validation, error.validationContext ?? 'body'));
  }
  const status = error.statusCode ?? 500;
  if (status === 400 && error.code?.startsWith('FST_ERR_CTP_')) {
    return reply.code(400).send({ error: 'validation', field: 'body', message: 'body must be a JSON object' });
  }
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ error: 'bad_request', message: error.message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ error: 'internal' });
}
