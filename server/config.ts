// Reads the server's environment variables once at start and reports every bad one in a single message.
import {
  parseCorsOrigins,
  parseCountries,
  parseFrameAncestors,
  parseIngestKeys,
  parsePublicUrl,
  parseSignupUrl,
  parseTileOrigins,
  parseTrustProxy,
  type Parsed,
} from './config-values.ts';
import { e164FromTyped } from './phone.ts';

export interface Config {
  port: number;
  host: string;
  /** Where PGlite keeps its files; `memory://` keeps the database in memory (tests). */
  dataDir: string;
  /** A real PostgreSQL server; when unset PGlite in dataDir is used. */
  databaseUrl: string | undefined;
  smsProvider: 'console' | 'twilio';
  /** Twilio's account and sender; set exactly when smsProvider is twilio. */
  twilio: TwilioConfig | undefined;
  /** E.164 number that skips SMS and verification (spec §5). */
  testPhone: string | undefined;
  /** The web app's host name, for the WebOTP line of the SMS (`@<host> #<code>`) that lets the browser fill the code in. */
  appHost: string;
  /**
   * The site's address as people reach it (PUBLIC_URL, an origin without a trailing slash): the links in alert texts,
   * the URL Twilio signs. Default: the server's own origin, http://localhost:<port> (serve.ts fills in a PORT=0 port).
   */
  publicUrl: string;
  /** Key for hashing one-time codes; without it a built-in key is used (a plain salted hash). */
  codeSecret: string | undefined;
  staticDir: string;
  nodeEnv: string;
  logLevel: LogLevel;
  /** Origins whose pages may call the API with credentials (CORS); empty: same origin only. */
  corsOrigins: string[];
  /** CSP frame-ancestors sources: who may frame the app (the /accidents-near-me/embed page on partner sites). */
  frameAncestors: string[];
  /** Where the map's tiles come from (CSP img-src). */
  mapTileOrigins: string[];
  /** The web app was built with a Google Maps key: the CSP lets Google's map scripts and requests through. */
  googleMaps: boolean;
  /** Requests per minute per client address: the API, and everything else (the web app's files and pages). */
  rateLimit: { apiPerMinute: number; staticPerMinute: number };
  /** Fastify's trustProxy: which hops' X-Forwarded-* headers name the client (its address for rate limits, https). */
  trustProxy: boolean | number | string;
  /** Bearer keys a feed may POST /api/reports with, besides the hashed ones of report_ingest_keys. */
  reportIngestKeys: string[];
  /** Seed synthetic demo reports on a start with no reports at all. */
  demoReports: boolean;
  /** How many days a report alert stays open (ALERT_DAYS). */
  alertDays: number;
  /** ISO 3166 codes of the countries whose phones may get alert texts (ALERT_COUNTRIES; SMS pumping). */
  alertCountries: string[];
  /** The business service's sign-up page, where a commercial user's 'blacklisted' answer sends them (spec §8). */
  businessSignupUrl: string | undefined;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sending number, E.164. */
  from: string;
  /** https://api.twilio.com, or a stand-in for tests. */
  apiBase: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const SMS_PROVIDERS = ['console', 'twilio'] as const;
const TWILIO_ACCOUNT_SID = /^AC[0-9a-f]{32}$/i;
const E164 = /^\+[1-9]\d{6,14}$/;
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
  const parsed = <T>(name: string, parse: (raw: string) => Parsed<T>, fallback: T): T => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const result = parse(raw);
    if (result.ok) return result.value;
    problems.push(result.problem);
    return fallback;
  };

  // In the order of .env.example, so the message reads top to bottom like the file.
  const port = integer('PORT', 8080, 0, 65535);
  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/\S+$/.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const smsProvider = oneOf('SMS_PROVIDER', SMS_PROVIDERS, 'console');
  const twilio = smsProvider === 'twilio' ? twilioConfig(value, problems) : undefined;
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
  const publicUrl = parsed('PUBLIC_URL', parsePublicUrl, ownOrigin(port));
  const codeSecret = value('CODE_SECRET');
  if (codeSecret !== undefined && codeSecret.length < 32) problems.push('CODE_SECRET must be at least 32 characters');

  const corsOrigins = parsed('CORS_ORIGINS', parseCorsOrigins, []);
  const frameAncestors = parsed('FRAME_ANCESTORS', parseFrameAncestors, ["'self'"]);
  const mapTileOrigins = parsed('MAP_TILE_ORIGINS', parseTileOrigins, ['https://tile.openstreetmap.org']);
  const googleMaps = oneOf('GOOGLE_MAPS', ['on', 'off'] as const, 'off') === 'on';
  const rateLimit = {
    apiPerMinute: integer('RATE_LIMIT_API_PER_MINUTE', 120, 1, 1_000_000),
    staticPerMinute: integer('RATE_LIMIT_STATIC_PER_MINUTE', 1000, 1, 1_000_000),
  };
  const trustProxy = parsed('TRUST_PROXY', parseTrustProxy, false);
  const reportIngestKeys = parsed('REPORT_INGEST_KEYS', parseIngestKeys, []);
  const demoReports = oneOf('DEMO_REPORTS', ['on', 'off'] as const, 'on') === 'on';
  const alertDays = integer('ALERT_DAYS', 30, 1, 365);
  const alertCountries = parsed('ALERT_COUNTRIES', parseCountries, ['US']);
  const businessSignupUrl = parsed<string | undefined>('BUSINESS_SIGNUP_URL', parseSignupUrl, undefined);

  const config: Config = {
    port,
    host: value('HOST') ?? '0.0.0.0',
    dataDir: value('DATA_DIR') ?? './data',
    databaseUrl,
    smsProvider,
    twilio,
    testPhone,
    appHost,
    publicUrl,
    codeSecret,
    staticDir: value('STATIC_DIR') ?? './dist',
    nodeEnv: value('NODE_ENV') ?? 'development',
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    corsOrigins,
    frameAncestors,
    mapTileOrigins,
    googleMaps,
    rateLimit,
    trustProxy,
    reportIngestKeys,
    demoReports,
    alertDays,
    alertCountries,
    businessSignupUrl,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** The server's own origin when it listens on port (localhost: it may listen on every interface). */
export function ownOrigin(port: number): string {
  return `http://localhost:${port}`;
}

/** The TWILIO_* variables; every missing or bad one is added to problems. */
function twilioConfig(value: (name: string) => string | undefined, problems: string[]): TwilioConfig | undefined {
  const required = (name: string, ok: (v: string) => boolean, what: string): string => {
    const v = value(name);
    if (v === undefined) problems.push(`${name} is required when SMS_PROVIDER=twilio (${what})`);
    else if (!ok(v)) problems.push(`${name} must be ${what}`);
    return v ?? '';
  };
  const accountSid = required('TWILIO_ACCOUNT_SID', (v) => TWILIO_ACCOUNT_SID.test(v), 'the account SID: AC and 32 hex digits');
  // The token is a secret: never echoed back.
  const authToken = required('TWILIO_AUTH_TOKEN', (v) => /^\S{16,}$/.test(v), 'the account\'s auth token');
  const from = required('TWILIO_FROM', (v) => E164.test(v), 'the sending number in E.164, such as +12025550100');
  const rawBase = value('TWILIO_API_BASE') ?? 'https://api.twilio.com';
  const apiBase = /^https?:\/\/[^\s?#]+$/i.test(rawBase) && URL.canParse(rawBase) ? rawBase.replace(/\/+$/, '') : undefined;
  if (apiBase === undefined) problems.push(`TWILIO_API_BASE must be an http(s) URL such as https://api.twilio.com (got "${rawBase}")`);
  return { accountSid, authToken, from, apiBase: apiBase ?? '' };
}
