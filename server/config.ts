// Reads the server's environment variables once at start and reports every bad one in a single message.
import { e164FromTyped } from './phone.ts';

export interface Config {
  port: number;
  host: string;
  /** Where PGlite keeps its files; `memory://` keeps the database in memory (tests). */
  dataDir: string;
  /** A real PostgreSQL server; when unset PGlite in dataDir is used. */
  databaseUrl: string | undefined;
  smsProvider: 'console';
  /** E.164 number that skips SMS and verification (spec §5). */
  testPhone: string | undefined;
  /** The web app's host name, for the WebOTP line of the SMS (`@<host> #<code>`) that lets the browser fill the code in. */
  appHost: string;
  /** Key for hashing one-time codes; without it a built-in key is used (a plain salted hash). */
  codeSecret: string | undefined;
  staticDir: string;
  nodeEnv: string;
  logLevel: LogLevel;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const SMS_PROVIDERS = ['console'] as const;
/** Dot-separated labels of letters, digits and inner hyphens: what WebOTP's `@<host>` accepts. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`claimflow: bad configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example.`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Parses the environment; throws one ConfigError naming every missing or bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const value = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = value(name) ?? fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
    return fallback;
  };

  // In the order of .env.example, so the message reads top to bottom like the file.
  const port = integer('PORT', 8080, 0, 65535);
  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/\S+$/.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const smsProvider = oneOf('SMS_PROVIDER', SMS_PROVIDERS, 'console');
  let testPhone = value('TEST_PHONE');
  if (testPhone !== undefined) {
    const e164 = testPhone.startsWith('+') ? e164FromTyped(testPhone) : undefined;
    if (e164) testPhone = e164;
    else problems.push(`TEST_PHONE must be a valid E.164 number such as +12025550123 (got "${testPhone}")`);
  }
  const rawAppHost = value('APP_HOST') ?? 'localhost';
  const appHost = rawAppHost.toLowerCase();
  if (!HOST_NAME.test(appHost)) {
    problems.push(`APP_HOST must be a bare host name such as claims.example.com, without scheme, port or path (got "${rawAppHost}")`);
  }
  const codeSecret = value('CODE_SECRET');
  if (codeSecret !== undefined && codeSecret.length < 32) problems.push('CODE_SECRET must be at least 32 characters');

  const config: Config = {
    port,
    host: value('HOST') ?? '0.0.0.0',
    dataDir: value('DATA_DIR') ?? './data',
    databaseUrl,
    smsProvider,
    testPhone,
    appHost,
    codeSecret,
    staticDir: value('STATIC_DIR') ?? './dist',
    nodeEnv: value('NODE_ENV') ?? 'development',
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
