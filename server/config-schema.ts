// The server's environment variables as a JSON Schema (env-schema reads them with it), in the order of .env.example.
// A problem's message is `NAME must be <description>`: descriptions say what a good value is. writeOnly marks secrets,
// never echoed; `parse` names a reader of config-values.ts that checks a value and puts it in its canonical form.

/** Dot-separated labels of letters, digits and inner hyphens: what WebOTP's `@<host>` accepts. */
const HOST_NAME = '^(?=.{1,253}$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$';

export const ENV_SCHEMA = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    HOST: { type: 'string', default: '0.0.0.0' },
    // npm run worker's port for its probes and metrics (server/jobs/worker-monitor.ts); unset, it listens on none.
    WORKER_PORT: { type: 'integer', minimum: 0, maximum: 65535 },
    DATA_DIR: { type: 'string', default: './data' },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://\\S+$', writeOnly: true, description: 'a postgres:// or postgresql:// URL' },
    SMS_PROVIDER: { enum: ['console', 'twilio'], default: 'console' },
    // Checked only with SMS_PROVIDER=twilio (below), so stray ones do no harm with the console provider.
    TWILIO_ACCOUNT_SID: { type: 'string', description: 'the account SID: AC and 32 hex digits' },
    TWILIO_AUTH_TOKEN: { type: 'string', writeOnly: true, description: "the account's auth token" },
    TWILIO_FROM: { type: 'string', description: 'the sending number in E.164, such as +12025550100' },
    TWILIO_API_BASE: { type: 'string', default: 'https://api.twilio.com', description: 'an http(s) URL such as https://api.twilio.com' },
    TEST_PHONE: { type: 'string', parse: 'phone', description: 'a valid E.164 number such as +12025550123' },
    APP_HOST: {
      type: 'string',
      pattern: HOST_NAME,
      default: 'localhost',
      description: 'a bare host name such as claims.example.com, without scheme, port or path',
    },
    PUBLIC_URL: { type: 'string', parse: 'origin', description: 'an http(s) origin such as https://claims.example.com, without a path' },
    CODE_SECRET: { type: 'string', minLength: 32, writeOnly: true, description: 'at least 32 characters' },
    HASH_KEYS: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}:\\S{32,}$' },
      writeOnly: true,
      default: [],
      description: 'id:secret pairs, the current key first, comma-separated (ids of 1 to 64 letters, digits or ._-, secrets of at least 32 characters)',
    },
    CORS_ORIGINS: {
      type: 'array',
      items: { type: 'string', parse: 'origin' },
      default: [],
      description: 'origins such as https://partner.example.com, comma-separated',
    },
    FRAME_ANCESTORS: {
      type: 'array',
      items: { type: 'string', parse: 'frameSource' },
      // 'none' alone, in any case and with or without quotes, as the items may still be written.
      not: { minItems: 2, contains: { type: 'string', pattern: "^'?[Nn][Oo][Nn][Ee]'?$" } },
      default: ["'self'"],
      description: "'self', 'none' (alone) or origins such as https://partner.example.com",
    },
    MAP_TILE_ORIGINS: {
      type: 'array',
      items: { type: 'string', parse: 'sourceOrigin' },
      default: ['https://tile.openstreetmap.org'],
      description: 'origins such as https://tile.openstreetmap.org',
    },
    GOOGLE_MAPS: { enum: ['on', 'off'], default: 'off' },
    RATE_LIMIT_API_PER_MINUTE: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 120 },
    RATE_LIMIT_STATIC_PER_MINUTE: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1000 },
    TRUST_PROXY: {
      type: 'string',
      parse: 'trustProxy',
      default: 'false',
      description: 'true, false, a number of hops, or proxy addresses/CIDRs',
    },
    REPORT_INGEST_KEYS: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Za-z0-9._~+/=-]{32,256}$' },
      writeOnly: true,
      default: [],
      description: 'keys of 32 to 256 letters, digits or ._~+/=- , comma-separated',
    },
    DEMO_REPORTS: { enum: ['on', 'off'], default: 'on' },
    ANALYTICS_KEYS: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Za-z0-9._~+/=-]{32,256}$' },
      writeOnly: true,
      default: [],
      description: 'keys of 32 to 256 letters, digits or ._~+/=- , comma-separated',
    },
    METRICS_TOKEN: {
      type: 'string',
      pattern: '^[A-Za-z0-9._~+/=-]{32,256}$',
      writeOnly: true,
      description: 'a token of 32 to 256 letters, digits or ._~+/=-',
    },
    ALERT_DAYS: { type: 'integer', minimum: 1, maximum: 365, default: 30 },
    // Unset: SMS_COUNTRIES (config.ts), so a phone that was texted its code is texted its alerts.
    ALERT_COUNTRIES: {
      type: 'array',
      items: { type: 'string', parse: 'country' },
      minItems: 1,
      description: 'two-letter country codes such as US,CA',
    },
    SMS_COUNTRIES: {
      type: 'array',
      items: { type: 'string', parse: 'country' },
      minItems: 1,
      default: ['US', 'PR', 'GU', 'VI', 'AS', 'MP'],
      description: 'two-letter country codes such as US,PR,GU,VI,AS,MP',
    },
    // Codes one country is sent in the last hour and day before each further one needs a proof of work (limits/policies.ts).
    SMS_HOURLY_BUDGET: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 500 },
    SMS_DAILY_BUDGET: { type: 'integer', minimum: 1, maximum: 10_000_000, default: 5000 },
    TCPA_CONSENTS_PER_PHONE: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 5 },
    BUSINESS_SIGNUP_URL: { type: 'string', parse: 'httpUrl', description: 'an http(s) URL such as https://business.example.com/signup' },
    CERTIFICATE_SIGNING_KEY: {
      type: 'string',
      parse: 'ed25519PrivateKey',
      writeOnly: true,
      description: 'an Ed25519 private key: PKCS#8 PEM, or its DER in base64',
    },
    CERTIFICATE_KEY_ID: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$', description: '1 to 64 letters, digits or ._-' },
    CERTIFICATE_PREVIOUS_KEYS: {
      type: 'array',
      items: { type: 'string', parse: 'publishedKey' },
      default: [],
      description: "keyId:x pairs as /.well-known/claimflow-keys lists them (x: the JWK's base64url public key), comma-separated",
    },
    SPONSORS_DIR: { type: 'string', default: './sponsors' },
    WEBHOOK_ALLOWED_HOSTS: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Za-z0-9.:_-]{1,253}$' },
      default: [],
      description: 'host names or addresses whose private, loopback or link-local addresses webhooks may reach, comma-separated',
    },
    WEBHOOK_RETRY_SCHEDULE: {
      type: 'array',
      items: { type: 'integer', minimum: 0, maximum: 604_800 },
      minItems: 1,
      maxItems: 100,
      default: [0, 5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400],
      description: 'seconds before each attempt (the first is usually 0), comma-separated',
    },
    WEBHOOK_TIMEOUT_SECONDS: { type: 'integer', minimum: 1, maximum: 60, default: 15 },
    // The operator (issue 34): who runs this site, as the footer, the legal pages, the SMS help reply and the report PDF
    // name it. The first five go together (`dependencies` below); unset, the site runs as a labelled demo operator.
    OPERATOR_NAME: { type: 'string', maxLength: 100, description: 'the name the site is run under, at most 100 characters' },
    OPERATOR_LEGAL_ENTITY: { type: 'string', maxLength: 200, description: 'the legal name of the business, at most 200 characters' },
    OPERATOR_ADDRESS: { type: 'string', maxLength: 300, description: 'a postal address on one line, at most 300 characters' },
    OPERATOR_PHONE: { type: 'string', parse: 'phone', description: 'a support phone number in E.164, such as +12025550123' },
    OPERATOR_EMAIL: {
      type: 'string',
      pattern: '^[^\\s@]{1,64}@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+$',
      description: 'a support e-mail address such as help@claims.example.com',
    },
    OPERATOR_ATTORNEY_STATES: {
      type: 'array',
      items: { type: 'string', parse: 'usState' },
      default: [],
      description: 'two-letter codes of the US states and territories the site advertises attorney services in, such as TX,OK',
    },
    OPERATOR_ADVERTISING_DISCLAIMER: {
      type: 'string',
      maxLength: 1000,
      description: "the attorney-advertising disclaimer the operator's states ask for, at most 1000 characters",
    },
    // Retention (issue 23): the code limits count back 30 days, and the law asks 5 years of consent evidence.
    CODE_RETENTION_DAYS: { type: 'integer', minimum: 30, maximum: 3650, default: 30 },
    LEAD_RETENTION_DAYS: { type: 'integer', minimum: 1, maximum: 36_500, default: 1095 },
    CONSENT_RETENTION_YEARS: { type: 'integer', minimum: 5, maximum: 100, default: 5 },
    // Funnel step events (no personal data): a year and a month, so a year's funnel report and the month a year before it.
    EVENT_RETENTION_DAYS: { type: 'integer', minimum: 7, maximum: 36_500, default: 400 },
    // Police reports (issue 37): their months (by the accident's day) kept besides this one, the older dropped; 0 keeps all.
    REPORT_RETENTION_MONTHS: { type: 'integer', minimum: 0, maximum: 1200, default: 0 },
    // Load shedding (issue 32): 503 with Retry-After rather than answers too late (server/load-shedding.ts). The event
    // loop's mean delay (0: not looked at) and the database's waiting queue; the optional routes (PDF, search, events) go
    // first, past the share of the event loop's time in use (0 to 1; 0: not looked at) or a shorter queue.
    SHED_EVENT_LOOP_DELAY_MS: { type: 'integer', minimum: 0, maximum: 60_000, default: 500 },
    SHED_DB_WAITING: { type: 'integer', minimum: 1, maximum: 100_000, default: 50 },
    SHED_OPTIONAL_EVENT_LOOP_UTILIZATION: { type: 'number', minimum: 0, maximum: 1, default: 0.3 },
    SHED_OPTIONAL_DB_WAITING: { type: 'integer', minimum: 1, maximum: 100_000, default: 10 },
    SHED_RETRY_AFTER_SECONDS: { type: 'integer', minimum: 1, maximum: 3600, default: 5 },
    PDF_CONCURRENCY: { type: 'integer', minimum: 1, maximum: 64, default: 2 },
    PDF_QUEUE: { type: 'integer', minimum: 0, maximum: 1000, default: 8 },
    PDF_CACHE_MB: { type: 'integer', minimum: 0, maximum: 4096, default: 32 },
    // The funnels and their copy; the build reads the same two (server/flow-files.ts).
    FLOWS_DIR: { type: 'string', default: './flows' },
    LOCALES_DIR: { type: 'string', default: './locales' },
    STATIC_DIR: { type: 'string', default: './dist' },
    NODE_ENV: { type: 'string', default: 'development' },
    LOG_LEVEL: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info' },
  },
  // The operator's name, legal entity, address, phone and e-mail: all five or none (the demo operator).
  dependencies: {
    OPERATOR_NAME: ['OPERATOR_LEGAL_ENTITY', 'OPERATOR_ADDRESS', 'OPERATOR_PHONE', 'OPERATOR_EMAIL'],
    OPERATOR_LEGAL_ENTITY: ['OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_PHONE', 'OPERATOR_EMAIL'],
    OPERATOR_ADDRESS: ['OPERATOR_NAME', 'OPERATOR_LEGAL_ENTITY', 'OPERATOR_PHONE', 'OPERATOR_EMAIL'],
    OPERATOR_PHONE: ['OPERATOR_NAME', 'OPERATOR_LEGAL_ENTITY', 'OPERATOR_ADDRESS', 'OPERATOR_EMAIL'],
    OPERATOR_EMAIL: ['OPERATOR_NAME', 'OPERATOR_LEGAL_ENTITY', 'OPERATOR_ADDRESS', 'OPERATOR_PHONE'],
  },
  // required: `if` is checked before defaults are filled in.
  if: { required: ['SMS_PROVIDER'], properties: { SMS_PROVIDER: { const: 'twilio' } } },
  then: {
    required: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
    properties: {
      TWILIO_ACCOUNT_SID: { type: 'string', pattern: '^AC[0-9a-fA-F]{32}$' },
      TWILIO_AUTH_TOKEN: { type: 'string', pattern: '^\\S{16,}$' },
      TWILIO_FROM: { type: 'string', pattern: '^\\+[1-9]\\d{6,14}$' },
      TWILIO_API_BASE: { type: 'string', parse: 'apiBase' },
    },
  },
} as const;
