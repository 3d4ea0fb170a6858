// The request log's options: lean error records, client addresses truncated, and a last filter on every line that masks
// phone numbers and e-mails.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { LogLevel } from './config.ts';
import { maskJson, maskSecrets } from './redact.ts';

export interface LogStream {
  write(line: string): void;
}

/** A level (JSON lines on stdout), or a level and a stream; false logs nothing. */
export type LogSetting = LogLevel | false | { level: LogLevel; stream: LogStream };

/** Fastify's logger option. Request bodies are never logged; values that do reach a line (a URL, an error message) are masked. */
export function loggerOptions(log: LogSetting): FastifyServerOptions['logger'] {
  if (log === false) return false;
  const { level, stream } = typeof log === 'string' ? { level: log, stream: process.stdout } : log;
  return {
    level,
    stream: maskingStream(stream),
    serializers: { err: serializeError, req: serializeRequest },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  };
}

/** Writes each line with every phone number and e-mail address in its strings masked. */
export function maskingStream(target: LogStream): LogStream {
  return {
    write(line) {
      let masked: string;
      try {
        masked = `${JSON.stringify(maskJson(JSON.parse(line)))}\n`;
      } catch {
        masked = maskSecrets(line);
      }
      target.write(masked);
    },
  };
}

/** A client's address as logged: an IPv4 address's /24 ('203.0.113.0/24'), an IPv6 address's /48 ('2001:db8:1::/48'). */
export function logAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return 'unknown';
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return `${parsed.toByteArray().slice(0, 3).join('.')}.0/24`;
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 3)
    .map((part) => part.toString(16))
    .join(':')}::/48`;
}

/** A request in the log: what was asked, and from where as logAddress truncates it (no port, no full address). */
function serializeRequest(request: FastifyRequest): Record<string, string> {
  return { method: request.method, url: request.url, host: request.host, remoteAddress: logAddress(request.ip) };
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Fields of database errors that can quote the values of a statement. */
const DATA_FIELDS = new Set(['detail', 'params', 'parameters', 'where', 'internalQuery', 'hint', 'queryOptions', 'rawPacket']);

/**
 * type, message, stack and the plain fields of an error (code, constraint, table, ...), without the ones that quote data;
 * a database error's message loses its quoted value (`invalid input syntax for type integer: "..."`).
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: maskSecrets(String(error)), stack: '' };
  const record = error as Error & Record<string, unknown>;
  const fromDb = typeof record.severity === 'string' && typeof record.code === 'string';
  const message = fromDb ? error.message.replace(/: ".*"$/s, ': "[redacted]"') : error.message;
  const out: SerializedError = {
    type: error.constructor.name,
    message,
    stack: error.stack?.replace(error.message, message) ?? '',
  };
  for (const [key, v] of Object.entries(record)) {
    if (DATA_FIELDS.has(key) || key in out || key === 'cause') continue;
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[key] = v;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
