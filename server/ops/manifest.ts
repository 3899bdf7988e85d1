/**
 * What a backup archive says about itself (manifest.json, its first entry): the shop version that made
 * it, the last migration applied, row counts of the main tables and every picture's sha256. A restore
 * checks the pictures before writing anything and the counts after loading the database, so a damaged
 * or truncated archive is refused instead of becoming a half-restored shop.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const journalFile = path.join(root, 'server', 'db', 'migrations', 'meta', '_journal.json');

export const MANIFEST_FILE = 'manifest.json';
export const UPLOADS_FOLDER = 'uploads';
/** PostgreSQL: pg_dump's custom format (compressed). PGlite: its own data folder dump (a plain tarball). */
export const DATABASE_FILE = { postgres: 'database.pgdump', pglite: 'pglite-datadir.tar' } as const;

/** DATA_DIR's secrets a backup carries: the tracking-link key (links already mailed to guests). */
export const SECRETS_FOLDER = 'secrets';
export const SECRET_FILES = ['order-links.key'] as const;

export const manifestSchema = z.object({
  format: z.literal('flora-maroc-backup'),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  shopVersion: z.string(),
  driver: z.enum(['postgres', 'pglite']),
  database: z.object({
    file: z.string(),
    sha256: z.string(),
    /** drizzle's migration tag (e.g. 0017_product_cards), null on a database never migrated. */
    lastMigration: z.string().nullable(),
    /** PostgreSQL's version string on the server that was dumped (pg_restore must be as new). */
    serverVersion: z.string(),
  }),
  counts: z.record(z.string(), z.number().int().min(0)),
  uploads: z.array(z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string() })),
  /** Files of DATA_DIR/secrets (SECRET_FILES); absent in archives made before they were carried. */
  secrets: z.array(z.object({ path: z.string(), sha256: z.string() })).default([]),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Runs one statement and gives its rows (pg.Client, a pg pool or PGlite, whichever holds the data). */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

export function shopVersion(): string {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The migrations this code knows, oldest first (drizzle's journal: tag and the time it records). */
export function knownMigrations(): { tag: string; when: number }[] {
  return (JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string; when: number }[] }).entries;
}

/**
 * The tag of the last migration applied. drizzle records each applied migration with the journal's
 * `when` as created_at; a time this code does not know means a newer shop made the database.
 */
export async function lastMigration(query: Query): Promise<string | null> {
  const [exists] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists?.present) return null;
  const [row] = await query('select max(created_at)::text as last from drizzle.__drizzle_migrations');
  if (!row?.last) return null;
  const when = Number(row.last);
  return knownMigrations().find((m) => m.when === when)?.tag ?? `unknown migration of ${new Date(when).toISOString()}`;
}

/**
 * Tables whose rows a restore must bring back, counted before and after. Mails still to send are
 * counted apart (the outbox rows not sent nor given up) and, on PostgreSQL, graphile-worker's jobs.
 */
const COUNTED_TABLES = [
  'users',
  'sessions',
  'categories',
  'products',
  'product_images',
  'delivery_zones',
  'coupons',
  'carts',
  'orders',
  'order_items',
  'order_status_history',
  'testimonials',
  'contact_requests',
  'audit_log',
  'mail_outbox',
] as const;

export async function countRows(query: Query, driver: 'postgres' | 'pglite'): Promise<Record<string, number>> {
  const parts = COUNTED_TABLES.map((t) => `(select count(*) from ${t}) as ${t}`);
  parts.push(`(select count(*) from mail_outbox where sent_at is null and failed_at is null) as mails_to_send`);
  if (driver === 'postgres') {
    const [worker] = await query(`select to_regclass('graphile_worker._private_jobs') is not null as present`);
    if (worker?.present) parts.push('(select count(*) from graphile_worker._private_jobs) as mail_jobs');
  }
  const [row] = await query(`select ${parts.join(', ')}`);
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** Every regular file under `dir`, as paths relative to it with forward slashes, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Differences between two sets of counts, one line each ("orders: 12 in the backup, 11 now"). */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  return Object.entries(expected)
    .filter(([k, v]) => actual[k] !== v)
    .map(([k, v]) => `${k}: ${v} in the backup, ${actual[k] ?? 'missing'} restored`);
}
