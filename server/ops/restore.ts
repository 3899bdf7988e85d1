/**
 * `npm run restore -- <file> [--force]`: a backup (backup.ts) back into the shop's DATABASE_URL or
 * DATA_DIR/pglite, and its pictures through the shop's picture store: DATA_DIR/uploads, or the bucket
 * of STORAGE_URL (a backup of either kind restores into either).
 *
 * The order protects what is there: the target must be empty (an empty database, no pictures), unless
 * --force says to replace it; the archive is unpacked and every checksum verified BEFORE anything is
 * written or wiped; the database is loaded in one transaction (pg_restore --single-transaction); the
 * restored counts are compared with the manifest's. The shop must be stopped while it runs.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import type { Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { openPictureStore } from '../lib/storage/open.js';
import { contentTypeOf, isPictureKey, type PictureStore } from '../lib/storage/picture-store.js';
import {
  countDifferences,
  countRows,
  knownMigrations,
  listFiles,
  MANIFEST_FILE,
  manifestSchema,
  sha256File,
  UPLOADS_FOLDER,
  type Manifest,
  type Query,
} from './manifest.js';
import { runPgTool } from './pg-tools.js';

export class RestoreError extends Error {}

export interface RestoreOptions {
  /** Replace a database or pictures that are already there. */
  force?: boolean;
  log?: (msg: string) => void;
}

type RestoreConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'storage'>;

export async function restoreShop(config: RestoreConfig, file: string, options: RestoreOptions = {}): Promise<{ manifest: Manifest; counts: Record<string, number> }> {
  const log = options.log ?? (() => {});
  const archive = path.resolve(file);
  if (!existsSync(archive)) throw new RestoreError(`${archive} does not exist.`);
  const dataDir = path.resolve(config.dataDir);
  const pgliteDir = path.join(dataDir, 'pglite');
  const pictures = await openPictureStore(config);
  try {
    return await restoreInto(pictures, config, dataDir, pgliteDir, archive, options, log);
  } finally {
    await pictures.close();
  }
}

async function restoreInto(
  pictures: PictureStore,
  config: RestoreConfig,
  dataDir: string,
  pgliteDir: string,
  archive: string,
  options: RestoreOptions,
  log: (msg: string) => void,
): Promise<{ manifest: Manifest; counts: Record<string, number> }> {

  // 1. Is the target empty? Refused before the (possibly long) unpacking.
  const occupied: string[] = [];
  if (config.databaseUrl) {
    if (await postgresHasTables(config.databaseUrl)) occupied.push('the database of DATABASE_URL has tables');
  } else if (existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
    // PGlite writes it while a process has the database open: that shop must be stopped first.
    throw new RestoreError(`The shop's embedded database (${pgliteDir}) is open: stop the shop before restoring.`);
  } else if ((await listFiles(pgliteDir)).length > 0) {
    occupied.push(`${pgliteDir} holds a database`);
  }
  if (await hasAny(pictures)) occupied.push(`${pictures.location} holds pictures`);
  if (occupied.length > 0 && !options.force) {
    throw new RestoreError(`The target is not empty (${occupied.join('; ')}). Restore into an empty database and data folder, or add --force to replace them.`);
  }

  mkdirSync(dataDir, { recursive: true });
  // Unpacked inside DATA_DIR, on the local pictures' file system: they are then moved, not copied.
  const staging = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    // 2. Unpack and verify everything before writing anything.
    log('Unpacking and verifying the archive...');
    await tar.x({ file: archive, cwd: staging, strict: true });
    const manifest = readManifest(staging);
    const driver = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.driver !== driver) {
      throw new RestoreError(`This backup holds a ${manifest.driver} database and the target is ${driver}: restore it with the same kind of database (see docs/DEPLOY.md to move between them).`);
    }
    if (manifest.database.lastMigration && !knownMigrations().some((m) => m.tag === manifest.database.lastMigration)) {
      throw new RestoreError(`The backup was made by a newer shop (version ${manifest.shopVersion}, migration ${manifest.database.lastMigration}): restore it with that version or a later one.`);
    }
    const databaseFile = path.join(staging, manifest.database.file);
    if (!existsSync(databaseFile) || (await sha256File(databaseFile)) !== manifest.database.sha256) {
      throw new RestoreError(`The archive's database (${manifest.database.file}) is missing or damaged (its checksum differs from the manifest's).`);
    }
    await verifyPictures(path.join(staging, UPLOADS_FOLDER), manifest);
    log(`Archive verified: ${manifest.uploads.length} pictures, database of shop ${manifest.shopVersion} (${manifest.database.lastMigration ?? 'no migration'}).`);

    // 3. The database.
    let counts: Record<string, number>;
    if (config.databaseUrl) {
      if (options.force) await emptyPostgres(config.databaseUrl);
      log('Restoring the PostgreSQL database (pg_restore)...');
      counts = await restorePostgres(config.databaseUrl, databaseFile);
    } else {
      await rm(pgliteDir, { recursive: true, force: true });
      log('Restoring the PGlite database...');
      counts = await restorePglite(dataDir, databaseFile);
    }

    // 4. The pictures: what the store held goes (--force), the archive's are written through the store.
    log(`Restoring ${manifest.uploads.length} pictures into ${pictures.location}...`);
    await emptyStore(pictures);
    await putPictures(pictures, path.join(staging, UPLOADS_FOLDER), manifest);

    // 5. What was restored is what was backed up.
    const differences = countDifferences(manifest.counts, counts);
    if (differences.length > 0) throw new RestoreError(`The restored database differs from the backup's manifest:\n  ${differences.join('\n  ')}`);
    return { manifest, counts };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function hasAny(store: PictureStore): Promise<boolean> {
  for await (const _picture of store.list()) return true;
  return false;
}

async function emptyStore(store: PictureStore): Promise<void> {
  const keys: string[] = [];
  for await (const { key } of store.list()) keys.push(key);
  for (let i = 0; i < keys.length; i += 16) await Promise.all(keys.slice(i, i + 16).map((key) => store.delete(key)));
}

/** A local store gets each file moved into place (a rename on one file system); a bucket, uploads. */
async function putPictures(store: PictureStore, dir: string, manifest: Manifest): Promise<void> {
  const pending = [...manifest.uploads];
  while (pending.length > 0) {
    await Promise.all(
      pending.splice(0, 8).map(async ({ path: key }) => {
        const file = path.join(dir, ...key.split('/'));
        if (store.localFile) {
          const dest = store.localFile(key);
          await mkdir(path.dirname(dest), { recursive: true });
          await rename(file, dest).catch(() => copyFile(file, dest));
        } else {
          await store.put(key, await readFile(file), contentTypeOf(key));
        }
      }),
    );
  }
}

function readManifest(staging: string): Manifest {
  const file = path.join(staging, MANIFEST_FILE);
  if (!existsSync(file)) throw new RestoreError(`This archive is not a shop backup (no ${MANIFEST_FILE}).`);
  const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new RestoreError(`This archive's ${MANIFEST_FILE} is not one this shop reads: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

/** Exactly the manifest's pictures, each with its checksum: nothing missing, damaged or added. */
async function verifyPictures(dir: string, manifest: Manifest): Promise<void> {
  const present = new Set(await listFiles(dir));
  const problems: string[] = [];
  for (const picture of manifest.uploads) {
    if (!isPictureKey(picture.path)) problems.push(`${picture.path} is not a picture's name`);
    else if (!present.delete(picture.path)) problems.push(`${picture.path} is missing`);
    else if ((await sha256File(path.join(dir, picture.path))) !== picture.sha256) problems.push(`${picture.path} is damaged (checksum differs)`);
  }
  for (const extra of present) problems.push(`${extra} is not in the manifest`);
  if (problems.length > 0) {
    throw new RestoreError(`The archive's pictures do not match its manifest (${problems.length} problems):\n  ${problems.slice(0, 20).join('\n  ')}`);
  }
}

/** Tables anywhere but PostgreSQL's own schemas (the shop's, drizzle's journal, graphile-worker's). */
async function postgresHasTables(url: string): Promise<boolean> {
  return withClient(url, async (query) => {
    const [row] = await query(
      `select exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%') as present`,
    );
    return Boolean(row?.present);
  });
}

/** --force on PostgreSQL: the shop's schemas go, public comes back empty and owned by the restoring user. */
async function emptyPostgres(url: string): Promise<void> {
  await withClient(url, async (query) => {
    await query('drop schema if exists drizzle, graphile_worker cascade');
    await query('drop schema if exists public cascade');
    await query('create schema public');
  });
}

async function restorePostgres(url: string, dump: string): Promise<Record<string, number>> {
  // Objects belong to the user of DATABASE_URL, whoever owned them where the backup was made (another
  // server, another user name); all or nothing.
  await runPgTool('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${libpqDatabase(url)}`, dump], url);
  return withClient(url, async (query) => {
    // Jobs a worker of the old shop held at backup time would stay locked for hours (graphile-worker
    // frees a lock only after 4 h); no worker of this database holds them, so they are freed now.
    const [worker] = await query(`select to_regclass('graphile_worker._private_jobs') is not null as present`);
    if (worker?.present) {
      await query('update graphile_worker._private_jobs set locked_at = null, locked_by = null where locked_at is not null');
      const [queues] = await query(`select to_regclass('graphile_worker._private_job_queues') is not null as present`);
      if (queues?.present) await query('update graphile_worker._private_job_queues set locked_at = null, locked_by = null where locked_at is not null');
    }
    return countRows(query, 'postgres');
  });
}

/** pg_restore's --dbname: the database name alone (host, user and password come from libpq's environment). */
function libpqDatabase(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

async function restorePglite(dataDir: string, dump: string): Promise<Record<string, number>> {
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(dump)]) });
  try {
    const query: Query = async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
    return await countRows(query, 'pglite');
  } finally {
    await database.close();
  }
}

async function withClient<T>(url: string, fn: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
  } finally {
    await client.end();
  }
}
