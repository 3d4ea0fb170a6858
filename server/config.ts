// Reads the server's environment variables once at start (env-schema, with the schema of config-schema.ts) and reports
// every bad one in a single message.
import { resolve } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import envSchema from 'env-schema';
import type { FromSchema } from 'json-schema-to-ts';
import { ENV_SCHEMA } from './config-schema.ts';
import { READERS, type ReaderName } from './config-values.ts';
import type { HashKey } from './privacy/keyed-hash.ts';

export interface Config {
  port: number;
  host: string;
  /** npm run worker's port for its probes and metrics (WORKER_PORT); undefined: none. */
  workerPort: number | undefined;
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
  /**
   * Keys of the HMAC that keeps a phone after its erasure (HASH_KEYS, server/privacy/keyed-hash.ts): the current one
   * first, then older ones still matched. None: a key made in the database (development).
   */
  hashKeys: HashKey[];
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
  /** Bearer keys that may read the funnel report (GET /api/analytics/funnel: the studio); none: nobody may. */
  analyticsKeys: string[];
  /** The bearer token GET /metrics answers to; unset: no /metrics. */
  metricsToken: string | undefined;
  /** How many days a report alert stays open (ALERT_DAYS). */
  alertDays: number;
  /** ISO 3166 codes of the countries whose phones may get alert texts (ALERT_COUNTRIES, else SMS_COUNTRIES; SMS pumping). */
  alertCountries: string[];
  /** ISO 3166 codes of the countries whose mobile numbers may be sent one-time codes (SMS_COUNTRIES; SMS pumping). */
  smsCountries: string[];
  /** One-time codes the whole service may send in a clock hour and in the last 24 (SMS_HOURLY_BUDGET, SMS_DAILY_BUDGET). */
  smsBudget: { hourly: number; daily: number };
  /** TCPA consent records /user/tcpa keeps per phone in 24 hours (TCPA_CONSENTS_PER_PHONE). */
  tcpaConsentsPerPhone: number;
  /** The business service's sign-up page, where a commercial user's 'blacklisted' answer sends them (spec §8). */
  businessSignupUrl: string | undefined;
  /** The Ed25519 key that signs consent certificates (PKCS#8 PEM); unset: one generated in dataDir on first start. */
  certificateSigningKey: string | undefined;
  /** Its id in certificates and /.well-known/claimflow-keys; unset: its RFC 7638 thumbprint. */
  certificateKeyId: string | undefined;
  /** Keys that signed certificates before a rotation, still listed for buyers: keyId:x (x of the public JWK). */
  certificatePreviousKeys: string[];
  /** Where the sponsor files are (SPONSORS_DIR, default ./sponsors). */
  sponsorsDir: string;
  /** Where the funnels and their copy are (FLOWS_DIR, LOCALES_DIR; default ./flows, ./locales), as absolute paths. */
  flowsDir: string;
  localesDir: string;
  /** Hosts whose private, loopback or link-local addresses webhooks may reach (SSRF guard's exceptions). */
  webhookAllowedHosts: string[];
  /** Seconds before each delivery attempt: the first attempt, then each retry (Standard Webhooks' schedule by default). */
  webhookRetrySchedule: number[];
  /** How long a sponsor's endpoint has to answer. */
  webhookTimeoutSeconds: number;
  /**
   * How long personal data is kept (server/retention/): SMS code rows and code-limit counts (days, at least the limits'
   * 30), leads' personal columns (days, then anonymised), consent evidence (years, at least 5), funnel step events (days).
   */
  retention: { codeDays: number; leadDays: number; consentYears: number; eventDays: number };
  /** Months of police reports kept before this one, by the accident's day (0: all; server/reports/report-partitions.ts). */
  reportRetentionMonths: number;
  /** Who runs the site (OPERATOR_*): the footer, the legal pages, the SMS help reply and the report PDF name it. */
  operator: Operator;
  /**
   * When requests are refused (503 with Retry-After) rather than answered late (server/load-shedding.ts): every route
   * past eventLoopDelayMs (the event loop's mean delay; 0: not looked at) or dbWaiting (statements waiting for a connection), the
   * optional ones (PDF, search, events) past optionalEventLoopUtilization (the share of the loop's time in use, 0 to 1; 0:
   * not looked at) or optionalDbWaiting.
   */
  shedding: { eventLoopDelayMs: number; dbWaiting: number; optionalEventLoopUtilization: number; optionalDbWaiting: number; retryAfterSeconds: number };
  /** PDFs rendered at once, waiting for a turn (more get 503), and the megabytes of rendered PDFs kept (0: none). */
  pdf: { concurrency: number; queue: number; cacheMb: number };
}

export interface Operator {
  /** No OPERATOR_* set: the demo operator, which every place that names it labels as not a real company. */
  demo: boolean;
  name: string;
  legalEntity: string;
  /** A postal address on one line. */
  address: string;
  /** The support phone, E.164. */
  phone: string;
  email: string;
  /** Two-letter codes of the states and territories it advertises attorney services in. */
  attorneyStates: string[];
  /** Its own attorney-advertising disclaimer; unset: the app's (locales/<lang>/privacy.json: legal). */
  advertisingDisclaimer: string | undefined;
}

/** Who runs `npm start` when no OPERATOR_* is set: named as a demo wherever it is shown (555-01xx is fictional). */
export const DEMO_OPERATOR: Operator = {
  demo: true,
  name: 'ClaimFlow demo',
  legalEntity: 'ClaimFlow demo operator (not a real company)',
  address: '1 Example Way, Demo City, TX 00000',
  phone: '+12025550100',
  email: 'help@claimflow.example',
  attorneyStates: [],
  advertisingDisclaimer: undefined,
};

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sending number, E.164. */
  from: string;
  /** https://api.twilio.com, or a stand-in for tests. */
  apiBase: string;
}

export type LogLevel = (typeof ENV_SCHEMA.properties.LOG_LEVEL.enum)[number];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`claimflow: bad configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example.`);
    this.name = 'ConfigError';
  }
}

/** The variables as the schema gives them: defaults filled in, numbers read, lists split. */
type Env = FromSchema<typeof ENV_SCHEMA>;
type Name = keyof typeof ENV_SCHEMA.properties;
const NAMES = Object.keys(ENV_SCHEMA.properties) as Name[];
const schemaOf = (name: Name): Record<string, unknown> => ENV_SCHEMA.properties[name];

/** env-schema's own options (every error, defaults, numbers from strings), and the readers of config-values.ts as `parse`. */
const ajv = new Ajv({ allErrors: true, removeAdditional: true, useDefaults: true, coerceTypes: true, allowUnionTypes: true });
ajv.addKeyword({
  keyword: 'parse',
  type: 'string',
  schemaType: 'string',
  modifying: true,
  compile: (reader: ReaderName) => (data: string, cxt) => {
    const value = READERS[reader](data);
    if (value !== undefined && cxt) (cxt.parentData as Record<string | number, unknown>)[cxt.parentDataProperty] = value;
    return value !== undefined;
  },
});

/** Parses the environment; throws one ConfigError naming every missing or bad variable. */
export function loadConfig(input: Record<string, string | undefined> = process.env): Config {
  const given = givenVariables(input);
  let env: Env;
  try {
    env = envSchema<Env>({ schema: ENV_SCHEMA, data: structuredClone(given), env: false, ajv });
  } catch (error) {
    const errors = (error as { errors?: ErrorObject[] }).errors;
    if (errors === undefined) throw error;
    throw new ConfigError(problemsOf(errors, input, given));
  }
  const hashKeys = env.HASH_KEYS.map(hashKeyOf);
  const twice = hashKeys.find((key, i) => hashKeys.findIndex((other) => other.id === key.id) !== i);
  if (twice) throw new ConfigError([`HASH_KEYS must name each key once (key id ${twice.id} twice)`]);
  return {
    port: env.PORT,
    host: env.HOST,
    workerPort: env.WORKER_PORT,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    smsProvider: env.SMS_PROVIDER,
    // The schema requires the first three with the twilio provider.
    twilio:
      env.SMS_PROVIDER === 'twilio'
        ? { accountSid: env.TWILIO_ACCOUNT_SID ?? '', authToken: env.TWILIO_AUTH_TOKEN ?? '', from: env.TWILIO_FROM ?? '', apiBase: env.TWILIO_API_BASE }
        : undefined,
    testPhone: env.TEST_PHONE,
    appHost: env.APP_HOST.toLowerCase(),
    publicUrl: env.PUBLIC_URL ?? ownOrigin(env.PORT),
    codeSecret: env.CODE_SECRET,
    hashKeys,
    staticDir: env.STATIC_DIR,
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    corsOrigins: unique(env.CORS_ORIGINS),
    frameAncestors: unique(env.FRAME_ANCESTORS),
    mapTileOrigins: unique(env.MAP_TILE_ORIGINS),
    googleMaps: env.GOOGLE_MAPS === 'on',
    rateLimit: { apiPerMinute: env.RATE_LIMIT_API_PER_MINUTE, staticPerMinute: env.RATE_LIMIT_STATIC_PER_MINUTE },
    // Typed as the string it was: its reader has made it Fastify's boolean, hop count or list.
    trustProxy: env.TRUST_PROXY,
    reportIngestKeys: unique(env.REPORT_INGEST_KEYS),
    demoReports: env.DEMO_REPORTS === 'on',
    analyticsKeys: unique(env.ANALYTICS_KEYS),
    metricsToken: env.METRICS_TOKEN,
    alertDays: env.ALERT_DAYS,
    alertCountries: unique(env.ALERT_COUNTRIES ?? env.SMS_COUNTRIES),
    smsCountries: unique(env.SMS_COUNTRIES),
    smsBudget: { hourly: env.SMS_HOURLY_BUDGET, daily: env.SMS_DAILY_BUDGET },
    tcpaConsentsPerPhone: env.TCPA_CONSENTS_PER_PHONE,
    businessSignupUrl: env.BUSINESS_SIGNUP_URL,
    certificateSigningKey: env.CERTIFICATE_SIGNING_KEY,
    certificateKeyId: env.CERTIFICATE_KEY_ID,
    certificatePreviousKeys: unique(env.CERTIFICATE_PREVIOUS_KEYS),
    sponsorsDir: env.SPONSORS_DIR,
    flowsDir: resolve(env.FLOWS_DIR),
    localesDir: resolve(env.LOCALES_DIR),
    webhookAllowedHosts: unique(env.WEBHOOK_ALLOWED_HOSTS.map((host) => host.toLowerCase())),
    webhookRetrySchedule: env.WEBHOOK_RETRY_SCHEDULE,
    webhookTimeoutSeconds: env.WEBHOOK_TIMEOUT_SECONDS,
    retention: {
      codeDays: env.CODE_RETENTION_DAYS,
      leadDays: env.LEAD_RETENTION_DAYS,
      consentYears: env.CONSENT_RETENTION_YEARS,
      eventDays: env.EVENT_RETENTION_DAYS,
    },
    reportRetentionMonths: env.REPORT_RETENTION_MONTHS,
    // The schema's dependencies set the first five together.
    operator:
      env.OPERATOR_NAME === undefined
        ? { ...DEMO_OPERATOR, attorneyStates: unique(env.OPERATOR_ATTORNEY_STATES), advertisingDisclaimer: env.OPERATOR_ADVERTISING_DISCLAIMER }
        : {
            demo: false,
            name: env.OPERATOR_NAME,
            legalEntity: env.OPERATOR_LEGAL_ENTITY ?? '',
            address: env.OPERATOR_ADDRESS ?? '',
            phone: env.OPERATOR_PHONE ?? '',
            email: env.OPERATOR_EMAIL ?? '',
            attorneyStates: unique(env.OPERATOR_ATTORNEY_STATES),
            advertisingDisclaimer: env.OPERATOR_ADVERTISING_DISCLAIMER,
          },
    shedding: {
      eventLoopDelayMs: env.SHED_EVENT_LOOP_DELAY_MS,
      dbWaiting: env.SHED_DB_WAITING,
      optionalEventLoopUtilization: env.SHED_OPTIONAL_EVENT_LOOP_UTILIZATION,
      optionalDbWaiting: env.SHED_OPTIONAL_DB_WAITING,
      retryAfterSeconds: env.SHED_RETRY_AFTER_SECONDS,
    },
    pdf: { concurrency: env.PDF_CONCURRENCY, queue: env.PDF_QUEUE, cacheMb: env.PDF_CACHE_MB },
  };
}

/** The server's own origin when it listens on port (localhost: it may listen on every interface). */
export function ownOrigin(port: number): string {
  return `http://localhost:${port}`;
}

/** The variables that are set, trimmed; lists split into their items (separated by commas and/or whitespace). */
function givenVariables(input: Record<string, string | undefined>): Partial<Record<Name, string | string[]>> {
  const given: Partial<Record<Name, string | string[]>> = {};
  for (const name of NAMES) {
    const value = input[name]?.trim();
    if (value) given[name] = schemaOf(name).type === 'array' ? value.split(/[\s,]+/).filter((item) => item !== '') : value;
  }
  return given;
}

/** One problem per bad variable, in the schema's order (that of .env.example); secrets are never echoed. */
function problemsOf(errors: ErrorObject[], input: Record<string, string | undefined>, given: Partial<Record<Name, string | string[]>>): string[] {
  const badItems = new Map<Name, Set<number>>();
  /** Why a missing variable is needed: the twilio provider, or the operator setting it goes with. */
  const neededWith = new Map<Name, string>();
  for (const error of errors) {
    const [, path, item] = error.instancePath.split('/');
    const params = error.params as { missingProperty?: string; property?: string };
    const name = (path ?? params.missingProperty) as Name | undefined;
    if (name === undefined) continue; // the `if` of SMS_PROVIDER=twilio: its `then` says what is missing
    if (path === undefined && !neededWith.has(name))
      neededWith.set(name, error.keyword === 'dependencies' ? `${params.property ?? ''} is set` : 'SMS_PROVIDER=twilio');
    const items = badItems.get(name) ?? new Set<number>();
    if (item !== undefined) items.add(Number(item));
    badItems.set(name, items);
  }
  return NAMES.flatMap((name) => {
    const items = badItems.get(name);
    if (items === undefined) return [];
    const schema = schemaOf(name);
    const expected = expectedOf(schema);
    const value = given[name];
    // Only the TWILIO_* variables (with the twilio provider) and the operator's (with another of theirs) can be missing.
    if (value === undefined) return [`${name} is required when ${neededWith.get(name) ?? ''} (${expected})`];
    const secret = schema.writeOnly === true;
    const list = [...items].map((i) => (secret ? `key ${i + 1}` : `"${value[i] ?? ''}"`));
    const detail = list.length > 0 ? ` (bad: ${list.join(', ')})` : secret ? '' : ` (got "${input[name]?.trim() ?? ''}")`;
    return [`${name} must be ${expected}${detail}`];
  });
}

/** What a good value is: the description, else what an enum or an integer's range says. */
function expectedOf(schema: Record<string, unknown>): string {
  if (typeof schema.description === 'string') return schema.description;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`;
  return `an integer from ${String(schema.minimum)} to ${String(schema.maximum)}`;
}

/** 'id:secret' (the schema's pattern): the secret's UTF-8 bytes are the key, as written (base64 is not decoded). */
function hashKeyOf(item: string): HashKey {
  const at = item.indexOf(':');
  return { id: item.slice(0, at), secret: Buffer.from(item.slice(at + 1), 'utf8') };
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
