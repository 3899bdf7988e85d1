/**
 * `npm run restore -- <file> [--force]`: a backup (backup.ts) back into the shop's DATABASE_URL or
 * DATA_DIR/pglite, and its pictures through the shop's picture store: DATA_DIR/uploads, or the bucket
 * of STORAGE_URL (a backup of either kind restores into either).
 *
 * The order protects what is there: the target must be empty (an empty database, no pictures), unless
 * --force says to replace it; the archive is unpacked and every checksum verified BEFORE anything is
 * written or wiped; the database is loaded beside the old one and its counts compared with the
 * manifest's, and only a database that loaded whole takes the old one's place:
 * - PGlite: loaded into a new folder, then the folders are swapped (two renames);
 * - PostgreSQL with --force: loaded into a new database next to DATABASE_URL's (the user needs
 *   CREATEDB), then the two are renamed in one transaction and the old one dropped; into an empty
 *   database, loaded in place in one transaction (pg_restore --single-transaction).
 * A dump that does not load leaves the old database whole. The archive's tracking-link key comes back
 * with the database (links already mailed keep working). Every refusal is a RestoreError of one line
 * or a short list. The shop must be stopped while it runs.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
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
  SECRET_FILES,
  SECRETS_FOLDER,
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

export async function restoreShop(
  config: RestoreConfig,
  file: string,
  options: RestoreOptions = {},
): Promise<{ manifest: Manifest; counts: Record<string, number> }> {
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
    throw new RestoreError(
      `The target is not empty (${occupied.join('; ')}). Restore into an empty database and data folder, or add --force to replace them.`,
    );
  }

  mkdirSync(dataDir, { recursive: true });
  // Unpacked inside DATA_DIR, on the local pictures' file system: they are then moved, not copied.
  const staging = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    // 2. Unpack and verify everything before writing anything.
    log('Unpacking and verifying the archive...');
    await tar.x({ file: archive, cwd: staging, strict: true }).catch((err: Error) => {
      throw new RestoreError(`${archive} is not a readable shop backup (${firstLine(err.message)}).`);
    });
    const manifest = readManifest(staging);
    const driver = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.driver !== driver) {
      throw new RestoreError(
        `This backup holds a ${manifest.driver} database and the target is ${driver}: restore it with the same kind of database (see docs/DEPLOY.md to move between them).`,
      );
    }
    if (manifest.database.lastMigration && !knownMigrations().some((m) => m.tag === manifest.database.lastMigration)) {
      throw new RestoreError(
        `The backup was made by a newer shop (version ${manifest.shopVersion}, migration ${manifest.database.lastMigration}): restore it with that version or a later one.`,
      );
    }
    const databaseFile = insideArchive(staging, manifest.database.file);
    if (!existsSync(databaseFile) || (await sha256File(databaseFile)) !== manifest.database.sha256) {
      throw new RestoreError(
        `The archive's database (${manifest.database.file}) is missing or damaged (its checksum differs from the manifest's).`,
      );
    }
    await verifyPictures(path.join(staging, UPLOADS_FOLDER), manifest);
    const secrets = await verifySecrets(staging, manifest);
    log(
      `Archive verified: ${manifest.uploads.length} pictures, database of shop ${manifest.shopVersion} (${manifest.database.lastMigration ?? 'no migration'}).`,
    );

    // 3. The database: loaded beside the old one, checked, and only then put in its place.
    const matchesManifest = (counts: Record<string, number>) => {
      const differences = countDifferences(manifest.counts, counts);
      if (differences.length > 0)
        throw new RestoreError(
          `The restored database differs from the backup's manifest (the old one is kept):\n  ${differences.join('\n  ')}`,
        );
    };
    let counts: Record<string, number>;
    if (config.databaseUrl) {
      log('Restoring the PostgreSQL database (pg_restore)...');
      counts = options.force
        ? await replacePostgres(config.databaseUrl, databaseFile, matchesManifest)
        : await restorePostgres(config.databaseUrl, databaseFile, matchesManifest);
    } else {
      log('Restoring the PGlite database...');
      counts = await replacePglite(staging, pgliteDir, databaseFile, matchesManifest);
    }

    // 4. The secrets (the tracking-link key), then the pictures: what the store held goes (--force),
    // the archive's are written through the store.
    await putSecrets(staging, dataDir, secrets);
    log(`Restoring ${manifest.uploads.length} pictures into ${pictures.location}...`);
    await emptyStore(pictures);
    await putPictures(pictures, path.join(staging, UPLOADS_FOLDER), manifest);
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

const firstLine = (text: string) =>
  text
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';

/** A file the manifest names, inside the unpacked archive: a name that leads out of it is refused. */
function insideArchive(staging: string, name: string): string {
  const file = path.resolve(staging, name);
  const relative = path.relative(staging, file);
  if (name === '' || path.isAbsolute(name) || relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new RestoreError(
      `This archive's ${MANIFEST_FILE} names a file outside the archive (${JSON.stringify(name.slice(0, 100))}): refused.`,
    );
  }
  return file;
}

/** The archive's secrets (the tracking-link key), each with its checksum. */
async function verifySecrets(staging: string, manifest: Manifest): Promise<{ file: string; name: string }[]> {
  const out: { file: string; name: string }[] = [];
  for (const secret of manifest.secrets) {
    if (!(SECRET_FILES as readonly string[]).includes(secret.path))
      throw new RestoreError(
        `This archive's ${MANIFEST_FILE} names an unknown secret (${JSON.stringify(secret.path.slice(0, 100))}): refused.`,
      );
    const file = insideArchive(staging, `${SECRETS_FOLDER}/${secret.path}`);
    if (!existsSync(file) || (await sha256File(file)) !== secret.sha256)
      throw new RestoreError(
        `The archive's ${SECRETS_FOLDER}/${secret.path} is missing or damaged (its checksum differs from the manifest's).`,
      );
    out.push({ file, name: secret.path });
  }
  return out;
}

/** Into DATA_DIR/secrets (folder 700, files 600 from their first byte), replacing what was there. */
async function putSecrets(staging: string, dataDir: string, secrets: { file: string; name: string }[]): Promise<void> {
  if (secrets.length === 0) return;
  const dir = path.join(dataDir, SECRETS_FOLDER);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  for (const { file, name } of secrets) {
    const next = path.join(staging, `.${name}.next`);
    await writeFile(next, await readFile(file), { mode: 0o600, flag: 'wx' });
    // The staging folder is in DATA_DIR: a rename, so the file is 600 wherever it lands.
    await rename(next, path.join(dir, name));
  }
}

function readManifest(staging: string): Manifest {
  const file = path.join(staging, MANIFEST_FILE);
  if (!existsSync(file)) throw new RestoreError(`This archive is not a shop backup (no ${MANIFEST_FILE}).`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new RestoreError(`This archive's ${MANIFEST_FILE} is not readable JSON.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new RestoreError(`This archive's ${MANIFEST_FILE} is not one this shop reads: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

/** Exactly the manifest's pictures, each with its checksum: nothing missing, damaged or added. */
async function verifyPictures(dir: string, manifest: Manifest): Promise<void> {
  const present = new Set(await listFiles(dir));
  const problems: string[] = [];
  for (const picture of manifest.uploads) {
    if (!isPictureKey(picture.path)) problems.push(`${picture.path} is not a picture's name`);
    else if (!present.delete(picture.path)) problems.push(`${picture.path} is missing`);
    else if ((await sha256File(path.join(dir, picture.path))) !== picture.sha256)
      problems.push(`${picture.path} is damaged (checksum differs)`);
  }
  for (const extra of present) problems.push(`${extra} is not in the manifest`);
  if (problems.length > 0) {
    throw new RestoreError(
      `The archive's pictures do not match its manifest (${problems.length} problems):\n  ${problems.slice(0, 20).join('\n  ')}`,
    );
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

/**
 * --force on PostgreSQL: the dump is loaded into a new database beside DATABASE_URL's and checked; then,
 * in one transaction on the server's maintenance database, DATABASE_URL's database is renamed away and
 * the new one takes its name; the old one is dropped last. A dump that does not load, or loads other
 * counts, leaves DATABASE_URL's database as it was (the new one is dropped).
 */
async function replacePostgres(
  url: string,
  dump: string,
  check: (counts: Record<string, number>) => void,
): Promise<Record<string, number>> {
  const name = libpqDatabase(url);
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  const staged = `${name.slice(0, 40)}_restore_${suffix}`;
  const old = `${name.slice(0, 40)}_replaced_${suffix}`;
  const maintenance = Object.assign(new URL(url), { pathname: '/postgres' }).toString();
  const ident = (n: string) => `"${n.replace(/"/g, '""')}"`;
  await withClient(maintenance, (query) => query(`create database ${ident(staged)}`)).catch((err: Error) => {
    throw new RestoreError(
      `A restore with --force loads the backup into a new database first, and ${new URL(url).username || 'this user'} cannot create one (${firstLine(err.message)}). Grant CREATEDB, or restore into an empty database without --force.`,
    );
  });
  let swapped = false;
  try {
    const stagedUrl = Object.assign(new URL(url), { pathname: `/${encodeURIComponent(staged)}` }).toString();
    const counts = await restorePostgres(stagedUrl, dump, check);
    await withClient(maintenance, async (query) => {
      await query('begin');
      try {
        await query(`alter database ${ident(name)} rename to ${ident(old)}`);
        await query(`alter database ${ident(staged)} rename to ${ident(name)}`);
        await query('commit');
      } catch (err) {
        await query('rollback');
        throw new RestoreError(
          `The restored database could not take the place of ${name} (${firstLine((err as Error).message)}); ${name} is as it was. Stop every process using it and try again.`,
        );
      }
    });
    swapped = true;
    await withClient(maintenance, (query) => query(`drop database if exists ${ident(old)} with (force)`));
    return counts;
  } finally {
    if (!swapped)
      await withClient(maintenance, (query) => query(`drop database if exists ${ident(staged)} with (force)`)).catch(() => undefined);
  }
}

async function restorePostgres(
  url: string,
  dump: string,
  check: (counts: Record<string, number>) => void,
): Promise<Record<string, number>> {
  // Objects belong to the user of DATABASE_URL, whoever owned them where the backup was made (another
  // server, another user name); all or nothing.
  await runPgTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${libpqDatabase(url)}`, dump],
    url,
  ).catch((err: Error) => {
    if (!(err instanceof RestoreError) && err.message.startsWith('pg_restore failed')) {
      const reason =
        err.message
          .split('\n')
          .slice(1)
          .find((l) => /error/i.test(l)) ?? firstLine(err.message);
      throw new RestoreError(`The archive's database could not be loaded (${reason.trim().slice(0, 300)}); nothing was replaced.`);
    }
    throw err;
  });
  return withClient(url, async (query) => {
    // Jobs a worker of the old shop held at backup time would stay locked for hours (graphile-worker
    // frees a lock only after 4 h); no worker of this database holds them, so they are freed now.
    const [worker] = await query(`select to_regclass('graphile_worker._private_jobs') is not null as present`);
    if (worker?.present) {
      await query('update graphile_worker._private_jobs set locked_at = null, locked_by = null where locked_at is not null');
      const [queues] = await query(`select to_regclass('graphile_worker._private_job_queues') is not null as present`);
      if (queues?.present)
        await query('update graphile_worker._private_job_queues set locked_at = null, locked_by = null where locked_at is not null');
    }
    const counts = await countRows(query, 'postgres');
    check(counts);
    return counts;
  });
}

/** pg_restore's --dbname: the database name alone (host, user and password come from libpq's environment). */
function libpqDatabase(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/**
 * PGlite: the dump is loaded into a new folder (in the staging folder, on DATA_DIR's file system) and
 * checked; then the old folder is renamed away, the new one takes its name, and the old one goes.
 */
async function replacePglite(
  staging: string,
  pgliteDir: string,
  dump: string,
  check: (counts: Record<string, number>) => void,
): Promise<Record<string, number>> {
  const loadInto = path.join(staging, 'database');
  let counts: Record<string, number>;
  // PGlite reads a damaged dump in a stream whose error no caller can catch (the process dies): the
  // dump is read as a tarball first, and must hold a data folder.
  const entries: string[] = [];
  await tar.t({ file: dump, strict: true, onReadEntry: (entry) => void entries.push(entry.path) }).catch((err: Error) => {
    throw new RestoreError(`The archive's database could not be loaded (${firstLine(err.message)}); nothing was replaced.`);
  });
  if (!entries.some((name) => name.endsWith('PG_VERSION'))) {
    throw new RestoreError(`The archive's database could not be loaded (it holds no PGlite data folder); nothing was replaced.`);
  }
  try {
    const database = await openDatabase({ dataDir: loadInto, loadDataDir: new Blob([readFileSync(dump)]) });
    try {
      const query: Query = async (text) =>
        ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
      counts = await countRows(query, 'pglite');
    } finally {
      await database.close();
    }
  } catch (err) {
    if (err instanceof RestoreError) throw err;
    throw new RestoreError(
      `The archive's database could not be loaded (${firstLine(String((err as Error)?.message ?? err))}); nothing was replaced.`,
    );
  }
  check(counts);
  const old = `${pgliteDir}.replaced-${process.pid}`;
  const hadOne = existsSync(pgliteDir);
  if (hadOne) await rename(pgliteDir, old);
  await rename(path.join(loadInto, 'pglite'), pgliteDir);
  if (hadOne) await rm(old, { recursive: true, force: true });
  return counts;
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
