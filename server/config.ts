/**
 * Configuration from environment variables, parsed once at start. A bad value stops the start with
 * the list of what is wrong (see main.ts).
 */
import { z } from 'zod';
import type { S3StoreOptions } from './lib/storage/s3-store.js';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

/** A yes/no setting: `1`/`true` or `0`/`false`. */
const flag = (byDefault: boolean) =>
  z
    .enum(['0', '1', 'true', 'false'])
    .default(byDefault ? 'true' : 'false')
    .transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl
    .optional()
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Checkouts' own connections (db/client.ts `checkoutDb`): about the database server's cores, plus one. */
  DATABASE_CHECKOUT_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(3),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  /** Longest wait to open one connection to PostgreSQL (a refused or silent server fails within it). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /**
   * Longest wait on PostgreSQL for one step, measured in Node: a free connection of a pool, or a query's
   * answer. Above the statement timeout, so a slow statement still ends as PostgreSQL's own timeout.
   */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(6000),
  /** Redis shared by the shop's processes (rate limits, cache invalidation); unset: one process alone. */
  REDIS_URL: optionalUrl.optional().refine((v) => v === undefined || /^rediss?:\/\//.test(v), 'must start with redis:// or rediss://'),
  /** Names this shop's keys and channels in Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,40}$/)
    .default('flora'),
  /** How long a process reuses a catalogue answer (ms); 0 turns the answer cache off (benchmarks). */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * How long a server-drawn page is kept per address (ms) while the catalogue does not change; 0 draws
   * every visit. Several processes without Redis keep pages no longer than CATALOGUE_CACHE_MS (another
   * process's edit reaches them only by expiry).
   */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /** Server processes `npm start` runs (node:cluster); more than one needs PostgreSQL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
  SMTP_URL: optionalUrl.optional().refine((v) => v === undefined || /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://'),
  MAIL_FROM: z.string().min(3).default('Flora Maroc <shop@flora.ma>'),
  /**
   * How long the customer's mail about a back-office status change waits (ms): a change undone within
   * it (the workshop sheet's Undo) mails nothing. 0 sends at once.
   */
  STATUS_MAIL_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  PUBLIC_URL: z
    .url()
    .default('http://localhost:3000')
    .transform((v) => v.replace(/\/+$/, '')),
  ADMIN_EMAIL: z.email().default('admin@flora.ma'),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters (admins need 12 or more)').optional(),
  SHOP_PHONE: z.string().default('+212537000000'),
  SHOP_WHATSAPP: z
    .string()
    .regex(/^\d{6,15}$/, 'digits only, with the country code (e.g. 212600000000)')
    .default('212600000000'),
  SHOP_EMAIL: z.email().default('contact@flora.ma'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which X-Forwarded-* to believe (client IP for per-IP limits, protocol): a number of proxy hops in
   * front of the shop (`1` for one nginx), or a comma-separated list of proxy addresses/CIDRs
   * (`10.0.0.0/8,127.0.0.1`). Never "trust everyone": then any client could set X-Forwarded-For and
   * escape every per-IP limit. Default: no proxy (`0`/`false`).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('0')
    .refine((v) => v !== 'true', 'use a number of proxy hops (e.g. 1) or a list of proxy addresses, not "true"')
    .transform((v): number | string[] => {
      if (v === 'false' || v === '') return 0;
      if (/^\d+$/.test(v)) return Number(v);
      return v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
    })
    .refine(
      (v) => typeof v === 'number' || v.every((a) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/.test(a)),
      'addresses must be IPs or CIDRs',
    ),
  /**
   * Bearer token a scraper sends to read GET /metrics (Prometheus format). Unset: there is no /metrics
   * (404). Long enough not to be guessed.
   */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** Maximum JSON body in bytes; uploads have their own limit. */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** Where the built web app is (npm run build writes dist/web). */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Turn rate limits off (tests that hammer one endpoint on purpose turn them back on). */
  RATE_LIMIT: flag(true),
  /**
   * What the first start puts in an empty database besides the shop's categories, colours and delivery
   * zones: the demo catalogue, coupons, customers and testimonials (a shop to try), or nothing (a real
   * shop's first start).
   */
  DEMO_DATA: flag(true),
  /**
   * Where pictures live: unset, DATA_DIR/uploads; `s3://bucket` or `s3://bucket/prefix`, an S3-compatible
   * bucket (credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY or the SDK's usual sources).
   */
  STORAGE_URL: z.string().trim().optional(),
  /** The S3 service's address when it is not AWS (MinIO, R2, Scaleway, ...). */
  S3_ENDPOINT: optionalUrl.optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,40}$/, 'a region name such as us-east-1, eu-west-3 or auto')
    .default('us-east-1'),
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name: MinIO and most self-hosted servers. */
  S3_FORCE_PATH_STYLE: flag(false),
  /** The bucket's keys; both unset, the SDK looks further (AWS_PROFILE, an instance role, ...). */
  AWS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /**
   * Card payment through the CMI gateway ("3D Pay Hosting"): on when all three are set, off (the card
   * shown as coming soon) when none is. The store key signs every form and callback: it is never logged.
   */
  CMI_CLIENT_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,32}$/, 'the merchant number CMI gave the shop (letters and digits)')
    .optional(),
  CMI_STORE_KEY: z.string().min(8, 'must be at least 8 characters (the store key from the CMI back office)').optional(),
  CMI_GATEWAY_URL: optionalUrl
    .optional()
    .refine(
      (v) => v === undefined || /^https:\/\//.test(v) || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(v),
      'must be https:// (plain http only on this machine, for the gateway simulator)',
    ),
  /** How long a card order holds its stock while the shopper pays (minutes); then it is cancelled. */
  CARD_PAYMENT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
});

const CMI_SETTINGS = ['CMI_CLIENT_ID', 'CMI_STORE_KEY', 'CMI_GATEWAY_URL'] as const;

/** S3's rule for bucket names: 3-63 lower-case letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET_RE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const STORAGE_PREFIX_RE = /^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*$/;

/** Pictures on this machine's disk, or in the bucket STORAGE_URL names (the S3 store's own options). */
export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3StoreOptions);

/** STORAGE_URL read, or the sentence saying what is wrong with it. */
function parseStorage(url: string | undefined, e: z.infer<typeof envSchema>): StorageConfig | string {
  if (!url) return { kind: 'local' };
  const match = /^s3:\/\/([^/]*)\/?(.*)$/.exec(url);
  if (!match) return 'must be s3://bucket or s3://bucket/prefix (unset keeps pictures in DATA_DIR/uploads)';
  const [, bucket = '', rawPrefix = ''] = match;
  if (bucket === '') return 'names no bucket (s3://bucket or s3://bucket/prefix)';
  if (!BUCKET_RE.test(bucket)) return `"${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots or hyphens)`;
  const prefix = rawPrefix.replace(/\/+$/, '');
  if (prefix !== '' && !STORAGE_PREFIX_RE.test(prefix))
    return `"${prefix}" is not a usable prefix (letters, digits and !_.*'()- between slashes)`;
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY))
    return "needs both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or neither, for the SDK's other sources)";
  const credentials =
    e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
      ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
      : undefined;
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    ...(credentials ? { credentials } : {}),
  };
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  databaseCheckoutPoolSize: number;
  /** PostgreSQL statement timeout of the server's pool (ms, 0 = none). */
  databaseStatementTimeoutMs: number;
  /** Opening one PostgreSQL connection (ms). */
  databaseConnectTimeoutMs: number;
  /** Waiting for a free connection or a query's answer, measured in Node (ms). */
  databaseQueryTimeoutMs: number;
  redisUrl?: string;
  redisPrefix: string;
  webConcurrency: number;
  catalogueCacheMs: number;
  pageCacheMs: number;
  smtpUrl?: string;
  mailFrom: string;
  /** How long a status-change mail waits before it may go (STATUS_MAIL_DELAY_MS). */
  statusMailDelayMs: number;
  publicUrl: string;
  adminEmail: string;
  adminPassword?: string;
  shop: { phone: string; whatsapp: string; email: string };
  logLevel: string;
  /** Hops (0: none) or proxy addresses (see TRUST_PROXY). */
  trustProxy: number | string[];
  bodyLimit: number;
  rateLimit: boolean;
  /** The first start seeds the demo content too (DEMO_DATA). */
  demoData: boolean;
  webDistDir?: string;
  /** Who may read /metrics (Bearer); unset: no /metrics. */
  metricsToken?: string;
  /** Where pictures are kept (STORAGE_URL; lib/storage/). */
  storage: StorageConfig;
  /** Card payment through CMI, when its three settings are set. */
  cardPayment?: { gateway: 'cmi'; clientId: string; storeKey: string; gatewayUrl: string; holdMinutes: number };
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    // PGlite is a database inside one process: a second process cannot open its files.
    throw new ConfigError(['WEB_CONCURRENCY: more than one process needs DATABASE_URL (PostgreSQL)']);
  }
  const storage = parseStorage(e.STORAGE_URL, e);
  if (typeof storage === 'string') throw new ConfigError([`STORAGE_URL: ${storage}`]);
  const cmiSet = CMI_SETTINGS.filter((name) => e[name] !== undefined);
  if (cmiSet.length > 0 && cmiSet.length < CMI_SETTINGS.length) {
    // Half a gateway would show the card and then fail every payment: name what is missing instead.
    throw new ConfigError(
      CMI_SETTINGS.filter((name) => e[name] === undefined).map(
        (name) => `${name}: card payment needs ${CMI_SETTINGS.join(', ')} together (or none of them)`,
      ),
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseCheckoutPoolSize: e.DATABASE_CHECKOUT_POOL_SIZE,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    webConcurrency: e.WEB_CONCURRENCY,
    catalogueCacheMs: e.CATALOGUE_CACHE_MS,
    pageCacheMs: e.WEB_CONCURRENCY > 1 && !e.REDIS_URL ? Math.min(e.PAGE_CACHE_MS, e.CATALOGUE_CACHE_MS) : e.PAGE_CACHE_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    statusMailDelayMs: e.STATUS_MAIL_DELAY_MS,
    publicUrl: e.PUBLIC_URL,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    shop: { phone: e.SHOP_PHONE, whatsapp: e.SHOP_WHATSAPP, email: e.SHOP_EMAIL },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT,
    rateLimit: e.RATE_LIMIT,
    demoData: e.DEMO_DATA,
    webDistDir: e.WEB_DIST_DIR,
    metricsToken: e.METRICS_TOKEN,
    storage,
    cardPayment:
      e.CMI_CLIENT_ID && e.CMI_STORE_KEY && e.CMI_GATEWAY_URL
        ? {
            gateway: 'cmi',
            clientId: e.CMI_CLIENT_ID,
            storeKey: e.CMI_STORE_KEY,
            gatewayUrl: e.CMI_GATEWAY_URL,
            holdMinutes: e.CARD_PAYMENT_HOLD_MINUTES,
          }
        : undefined,
  };
}
