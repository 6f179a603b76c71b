/**
 * Every environment variable the application reads, parsed once with Zod (documented in `.env.example`).
 *
 * `loadConfig(env)` returns a frozen {@link AppConfig} or throws {@link ConfigError} whose message is one line
 * naming the variable, e.g. `Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc")`.
 * `getConfig()` parses `process.env` on first use and caches the result; tests may call `setConfig()`.
 */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SHOP, formatAddress, type ShopInfo } from '~/content/shop';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanFlag = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (['true', '1', 'yes', 'on'].includes(value)) return true;
      if (['false', '0', 'no', 'off'].includes(value)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    });

const httpUrl = z
  .string()
  .trim()
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), 'must be an http(s) URL');

const timeZone = z
  .string()
  .trim()
  .refine((value) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as America/Chicago');

/** schema.org opening hours: "Mo-Fr 08:00-18:00", several separated by ";". */
const OPENING_HOURS = /^(Mo|Tu|We|Th|Fr|Sa|Su)(-(Mo|Tu|We|Th|Fr|Sa|Su))?(,(Mo|Tu|We|Th|Fr|Sa|Su))* \d{2}:\d{2}-\d{2}:\d{2}$/;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(3000),
  // Loopback by default (issue 13): a laptop's quick start serves this machine only, so the demo's fixed passwords are
  // safe; a server others reach sets HOST=0.0.0.0 (or puts a proxy and a public APP_URL in front).
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  BETTER_AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  APP_URL: optionalText.pipe(httpUrl.optional()),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .refine((v) => /^smtps?:\/\//.test(v) && URL.canParse(v), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  /**
   * Seconds a status message waits before it goes (issue 15: several changes within the window send one message with
   * the latest status). Default 120; tests and the browser tests shorten it.
   */
  STATUS_MESSAGE_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  SHOP_TIMEZONE: timeZone.default(DEFAULT_SHOP.timeZone),
  SHOP_NAME: z.string().trim().min(1).default(DEFAULT_SHOP.name),
  SHOP_PHONE: z
    .string()
    .trim()
    .refine((v) => v.replace(/\D/g, '').length >= 10, 'must be a phone number with at least 10 digits')
    .default(DEFAULT_SHOP.phone),
  SHOP_EMAIL: z.email('must be an e-mail address').default(DEFAULT_SHOP.email),
  SHOP_STREET: z.string().trim().default(DEFAULT_SHOP.street),
  SHOP_CITY: z.string().trim().min(1).default(DEFAULT_SHOP.city),
  SHOP_REGION: z.string().trim().min(1).default(DEFAULT_SHOP.region),
  SHOP_POSTAL_CODE: z.string().trim().min(1).default(DEFAULT_SHOP.postalCode),
  SHOP_LATITUDE: z.coerce.number().min(-90).max(90).default(DEFAULT_SHOP.latitude),
  SHOP_LONGITUDE: z.coerce.number().min(-180).max(180).default(DEFAULT_SHOP.longitude),
  SHOP_HOURS: z
    .string()
    .trim()
    .default(DEFAULT_SHOP.openingHours)
    .transform((v) => v.split(';').map((part) => part.trim()).filter(Boolean))
    .refine((parts) => parts.every((p) => OPENING_HOURS.test(p)), 'must look like "Mo-Fr 08:00-18:00; Sa 09:00-13:00"'),
  SHOP_HOURS_NOTE: z.string().trim().default(DEFAULT_SHOP.hoursNote),
  MAP_EMBED_URL: optionalText.pipe(httpUrl.optional()),
  DIRECTIONS_URL: optionalText.pipe(httpUrl.optional()),
  SCHEDULING_URL: optionalText.pipe(httpUrl.optional()),
  SOCIAL_LINKS: z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf('=');
          return { label: pair.slice(0, at).trim(), url: pair.slice(at + 1).trim() };
        }),
    )
    .refine((links) => links.every((l) => l.label && /^https:\/\//.test(l.url)), 'must look like "Facebook=https://…,Google Reviews=https://…"'),
  SEED_DEMO: booleanFlag(true),
  TRUST_PROXY: booleanFlag(false),
  AUTH_RATE_LIMIT: booleanFlag(true),
  REQUIRE_ADMIN_2FA: z.string().trim().toLowerCase().optional(),
  REQUEST_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number from 0 to 1000' })
    .int('must be a whole number from 0 to 1000')
    .min(0, 'must be a whole number from 0 to 1000')
    .max(1000, 'must be a whole number from 0 to 1000')
    .default(16),
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number from 1 to 64' })
    .int('must be a whole number from 1 to 64')
    .min(1, 'must be a whole number from 1 to 64')
    .max(64, 'must be a whole number from 1 to 64')
    .default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // --- File storage (portal issue): local folder by default, or an S3-compatible service. ---
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: optionalText.pipe(httpUrl.optional()),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_BUCKET_PREFIX: z
    .string()
    .trim()
    .default('')
    .refine((v) => /^[a-z0-9.-]{0,40}$/.test(v), 'must be lower-case letters, digits, dots and dashes (at most 40)'),
  // --- Vendor invoices: AI extraction (issue 5). Without GEMINI_API_KEY invoices are read by offline OCR. ---
  GEMINI_API_KEY: optionalText,
  GEMINI_MODEL: z.string().trim().min(1).default('gemini-2.5-flash'),
  GEMINI_BASE_URL: httpUrl.default('https://generativelanguage.googleapis.com'),
  // --- Issue 18: any OpenAI-compatible chat-completions endpoint with image input (Ollama, llama.cpp, vLLM, hosted). ---
  AI_BASE_URL: optionalText.pipe(httpUrl.optional()),
  AI_MODEL: optionalText,
  AI_API_KEY: optionalText,
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(600).default(120),
  // --- Texts (issue 15): files in DATA_DIR/sms by default, or Twilio's REST API. ---
  SMS_PROVIDER: z.enum(['outbox', 'twilio'], { error: 'must be outbox or twilio' }).default('outbox'),
  TWILIO_ACCOUNT_SID: optionalText.pipe(z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hex digits').optional()),
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM_NUMBER: optionalText.pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, 'must be an E.164 number such as +12815550143').optional()),
  TWILIO_MESSAGING_SERVICE_SID: optionalText.pipe(z.string().regex(/^MG[0-9a-fA-F]{32}$/, 'must be MG followed by 32 hex digits').optional()),
  TWILIO_API_BASE: httpUrl.default('https://api.twilio.com'),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path of the data folder (embedded database, files, mail outbox, generated secret). */
  dataDir: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite database in `dataDir/db`. */
  databaseUrl: string | undefined;
  /** Set explicitly, or undefined: then the auth module generates one and keeps it in the data folder. */
  authSecret: string | undefined;
  /** Public origin without trailing slash, e.g. "https://shop.example.com". */
  appUrl: string;
  google: { clientId: string; clientSecret: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** STATUS_MESSAGE_DELAY_SECONDS (see the schema above). */
  statusMessageDelaySeconds: number;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Better Auth's sign-in/sign-up limits (on in production; browser tests that sign in often turn it off). */
  authRateLimit: boolean;
  /**
   * True when only this machine can reach the server: HOST is a loopback address, APP_URL names a loopback host and
   * TRUST_PROXY is off (a proxy or a public APP_URL means others reach it through a loopback listener). Only then does
   * the demo shop keep the README's fixed passwords and let its admin in without two-factor (issue 13).
   */
  loopbackOnly: boolean;
  /**
   * An admin without two-factor is sent to enrol before any admin page. Default: on in production, except for a demo
   * shop (SEED_DEMO) that only this machine can reach ({@link AppConfig.loopbackOnly}).
   */
  requireAdmin2fa: boolean;
  /** GET/HEAD requests one process has in progress at once; the rest wait in arrival order (0: no scheduler). server/app.ts. */
  requestConcurrency: number;
  /** Web server processes (server.js); above 1 only with DATABASE_URL, as the embedded database is single-process. */
  webConcurrency: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  shop: ShopInfo;
  // --- File storage (portal issue) ---
  /** 'local': `dataDir/files`; 's3': the S3-compatible service below (buckets `<prefix><bucket>`). */
  storage: {
    driver: 'local' | 's3';
    s3: {
      /** Custom endpoint (MinIO, R2, s3rver...), path-style; undefined means AWS. */
      endpoint: string | undefined;
      region: string;
      /** Both set, or neither (then the AWS SDK's default credential chain). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      bucketPrefix: string;
    };
  };
  // --- Vendor invoices: AI extraction (issue 5) ---
  /** Gemini settings; `apiKey` undefined means invoices are read by offline OCR. Server-only: never sent to the browser. */
  gemini: { apiKey: string | undefined; model: string; baseUrl: string };
  /**
   * An OpenAI-compatible endpoint (issue 18, docs/invoice-reading.md): used when GEMINI_API_KEY is unset and
   * AI_BASE_URL is set. `baseUrl` without a trailing slash (e.g. http://localhost:11434/v1); `apiKey` optional (sent as
   * a Bearer token); `timeoutMs` per attempt. Server-only.
   */
  ai: { baseUrl: string | undefined; model: string | undefined; apiKey: string | undefined; timeoutMs: number };
  // --- Texts (issue 15; docs/texts.md) ---
  /**
   * 'outbox' (default): each text is written to `dataDir/sms` as a JSON file and nothing leaves the machine (inbound
   * webhooks are refused: there is no token to check them with). 'twilio': Twilio's REST API; `twilio` holds its
   * settings. Server-only: the token never reaches the browser.
   */
  sms: {
    provider: 'outbox' | 'twilio';
    twilio:
      | {
          accountSid: string;
          authToken: string;
          /** The sender: a number (E.164) or a Messaging Service (MG…); exactly one is set. */
          from: { number: string } | { messagingServiceSid: string };
          /** Without trailing slash; https://api.twilio.com, or a stub in tests. */
          apiBase: string;
        }
      | undefined;
  };
}

/**
 * True for a host name or address that only this machine can reach: `localhost` (and `*.localhost`, RFC 6761),
 * 127.0.0.0/8, `::1` (bracketed or not) and IPv4-mapped 127.x. `0.0.0.0`, `::` and anything else are not.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return /^127(\.\d{1,3}){3}$/.test(v4);
}

function parseFlag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(`Invalid configuration: ${name} must be true or false (got "${value}")`);
}

/** Parses an environment (default `process.env`); throws ConfigError with one line naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = env[name];
    const shown = got === undefined ? '' : ` (got "${got.length > 60 ? `${got.slice(0, 60)}…` : got}")`;
    const secret = /SECRET|PASSWORD|TOKEN|DATABASE_URL|SMTP_URL/.test(name);
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${secret ? '' : shown}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together (or neither)',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither)');
  }
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration: WEB_CONCURRENCY ${e.WEB_CONCURRENCY} needs DATABASE_URL (the embedded database can be opened by one process only)`,
    );
  }
  if (e.AI_BASE_URL && !e.AI_MODEL) {
    throw new ConfigError('Invalid configuration: AI_BASE_URL needs AI_MODEL (the model name the server knows, e.g. qwen2.5vl:7b)');
  }
  if (e.SMS_PROVIDER === 'twilio') {
    const missing = [
      ...(e.TWILIO_ACCOUNT_SID ? [] : ['TWILIO_ACCOUNT_SID']),
      ...(e.TWILIO_AUTH_TOKEN ? [] : ['TWILIO_AUTH_TOKEN']),
      ...(e.TWILIO_FROM_NUMBER || e.TWILIO_MESSAGING_SERVICE_SID ? [] : ['TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID']),
    ];
    if (missing.length) throw new ConfigError(`Invalid configuration: SMS_PROVIDER=twilio needs ${missing.join(', ')}`);
    if (e.TWILIO_FROM_NUMBER && e.TWILIO_MESSAGING_SERVICE_SID) {
      throw new ConfigError('Invalid configuration: set TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID, not both');
    }
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const loopbackOnly = isLoopbackHost(e.HOST) && isLoopbackHost(new URL(appUrl).hostname) && !e.TRUST_PROXY;
  const address = { street: e.SHOP_STREET, city: e.SHOP_CITY, region: e.SHOP_REGION, postalCode: e.SHOP_POSTAL_CODE };
  const query = encodeURIComponent(`${e.SHOP_NAME}, ${formatAddress(address)}`);
  const shop: ShopInfo = {
    name: e.SHOP_NAME,
    phone: e.SHOP_PHONE,
    email: e.SHOP_EMAIL,
    address,
    geo: { latitude: e.SHOP_LATITUDE, longitude: e.SHOP_LONGITUDE },
    openingHours: e.SHOP_HOURS,
    hoursNote: e.SHOP_HOURS_NOTE,
    timeZone: e.SHOP_TIMEZONE,
    mapEmbedUrl: e.MAP_EMBED_URL ?? `https://www.google.com/maps?q=${query}&output=embed`,
    directionsUrl: e.DIRECTIONS_URL ?? `https://www.google.com/maps/dir/?api=1&destination=${query}`,
    schedulingUrl: e.SCHEDULING_URL ?? '',
    social: e.SOCIAL_LINKS,
  };
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    authSecret: e.BETTER_AUTH_SECRET,
    appUrl,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `"${e.SHOP_NAME}" <no-reply@${new URL(appUrl).hostname}>`,
    statusMessageDelaySeconds: e.STATUS_MESSAGE_DELAY_SECONDS,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    authRateLimit: e.AUTH_RATE_LIMIT && e.NODE_ENV === 'production',
    loopbackOnly,
    // Default: enforced in production, except for a demo shop (SEED_DEMO) only this machine reaches, whose admin must
    // reach the back office on first run with the README's password. A demo others can reach gets enforcement too
    // (issue 13): its staff enrol two-factor at first sign-in. An explicit value always wins.
    requireAdmin2fa: parseFlag('REQUIRE_ADMIN_2FA', e.REQUIRE_ADMIN_2FA, e.NODE_ENV === 'production' && !(e.SEED_DEMO && loopbackOnly)),
    requestConcurrency: e.REQUEST_CONCURRENCY,
    webConcurrency: e.WEB_CONCURRENCY,
    logLevel: e.LOG_LEVEL,
    shop,
    storage: {
      driver: e.STORAGE_DRIVER,
      s3: {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        credentials:
          e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
        bucketPrefix: e.S3_BUCKET_PREFIX,
      },
    },
    // --- Vendor invoices: AI extraction (issue 5) ---
    gemini: { apiKey: e.GEMINI_API_KEY, model: e.GEMINI_MODEL, baseUrl: e.GEMINI_BASE_URL.replace(/\/+$/, '') },
    ai: { baseUrl: e.AI_BASE_URL?.replace(/\/+$/, ''), model: e.AI_MODEL, apiKey: e.AI_API_KEY, timeoutMs: e.AI_TIMEOUT_SECONDS * 1000 },
    // --- Texts (issue 15) ---
    sms: {
      provider: e.SMS_PROVIDER,
      twilio:
        e.SMS_PROVIDER === 'twilio'
          ? {
              accountSid: e.TWILIO_ACCOUNT_SID!,
              authToken: e.TWILIO_AUTH_TOKEN!,
              from: e.TWILIO_FROM_NUMBER ? { number: e.TWILIO_FROM_NUMBER } : { messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID! },
              apiBase: e.TWILIO_API_BASE.replace(/\/+$/, ''),
            }
          : undefined,
    },
  });
}

let current: AppConfig | undefined;
/** The shop's facts saved at /admin/site (issue 16), set by app/server/site/site-info.server.ts; undefined: SHOP_*. */
let savedShop: ShopInfo | undefined;
let merged: { base: AppConfig; shop: ShopInfo; config: AppConfig } | undefined;

/**
 * The process configuration, parsed from `process.env` on first call. Its `shop` is the facts saved at `/admin/site`
 * once this process has read them (issue 16: one source of the shop's facts); the `SHOP_*` variables are the
 * first-run defaults only.
 */
export function getConfig(): AppConfig {
  current ??= loadConfig();
  if (!savedShop) return current;
  if (merged?.base !== current || merged.shop !== savedShop) {
    merged = { base: current, shop: savedShop, config: Object.freeze({ ...current, shop: savedShop }) };
  }
  return merged.config;
}

/** The shop's facts from the environment (`SHOP_*` and their defaults), whatever was saved at /admin/site. */
export function getConfiguredShop(): ShopInfo {
  current ??= loadConfig();
  return current.shop;
}

/** Makes `getConfig().shop` the saved site facts (undefined: back to the `SHOP_*` defaults). Site module only. */
export function setSavedShop(shop: ShopInfo | undefined): void {
  savedShop = shop;
}

/** Replaces the process configuration (tests, scripts); saved site facts are read again by the site module. */
export function setConfig(config: AppConfig): void {
  current = config;
  savedShop = undefined;
}

/** Hosts the pages may frame: map, scheduling and video embeds (used by the CSP). */
export function embedOrigins(config: AppConfig): string[] {
  const urls = [config.shop.mapEmbedUrl, config.shop.schedulingUrl, 'https://www.youtube-nocookie.com'];
  return [...new Set(urls.filter(Boolean).map((u) => new URL(u).origin))];
}
