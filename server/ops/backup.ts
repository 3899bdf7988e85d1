/**
 * `npm run backup -- <file>`: the whole shop in ONE archive (a tar, gzipped when the name ends in .gz
 * or .tgz): manifest.json, the database, and the pictures, read through the shop's picture store:
 * DATA_DIR/uploads, or the bucket of STORAGE_URL (each object downloaded into the archive).
 *
 * - PostgreSQL (DATABASE_URL): pg_dump's custom format of the whole database, graphile-worker's schema
 *   (the mails waiting to be sent) included. The shop may keep running: the counts of the manifest are
 *   read in a transaction whose snapshot pg_dump reuses (--snapshot), so they describe exactly the dump.
 * - PGlite (DATA_DIR/pglite): the shop must be stopped, since an embedded database belongs to the one
 *   process that opened it; its own data folder dump is stored.
 *
 * The pictures are read after the database, so every picture the dumped rows name is in the archive (a
 * picture uploaded meanwhile is one more file, harmless).
 */
import { createWriteStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { copyFile, link, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import type { Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { openPictureStore } from '../lib/storage/open.js';
import type { PictureStore } from '../lib/storage/picture-store.js';
import {
  countRows,
  DATABASE_FILE,
  lastMigration,
  MANIFEST_FILE,
  SECRET_FILES,
  SECRETS_FOLDER,
  sha256File,
  shopVersion,
  UPLOADS_FOLDER,
  type Manifest,
  type Query,
} from './manifest.js';
import { runPgTool } from './pg-tools.js';

export class BackupError extends Error {}

export interface BackupResult {
  file: string;
  manifest: Manifest;
  bytes: number;
}

type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'storage'>;

export async function backupShop(config: BackupConfig, file: string, log: (msg: string) => void = () => {}): Promise<BackupResult> {
  const target = path.resolve(file);
  if (!existsSync(path.dirname(target))) throw new BackupError(`The folder of ${target} does not exist.`);
  const dataDir = path.resolve(config.dataDir);
  mkdirSync(dataDir, { recursive: true });
  // Checked first: an unreachable bucket ends the backup before the database dump.
  const pictures = await openPictureStore(config);
  // The staging folder lives in DATA_DIR, on the local pictures' file system: they are hard-linked into
  // it, not copied, so a large picture library costs no extra space while the archive is written.
  const staging = await mkdtemp(path.join(dataDir, '.backup-'));
  try {
    const database = config.databaseUrl ? await dumpPostgres(config.databaseUrl, staging, log) : await dumpPglite(dataDir, staging, log);
    const uploads = await stageUploads(pictures, path.join(staging, UPLOADS_FOLDER));
    log(`${uploads.length} pictures from ${pictures.location}.`);
    const secrets = await stageSecrets(dataDir, path.join(staging, SECRETS_FOLDER));
    const manifest: Manifest = {
      format: 'flora-maroc-backup',
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      shopVersion: shopVersion(),
      driver: config.databaseUrl ? 'postgres' : 'pglite',
      database: {
        file: database.file,
        sha256: await sha256File(path.join(staging, database.file)),
        lastMigration: database.lastMigration,
        serverVersion: database.serverVersion,
      },
      counts: database.counts,
      uploads,
      secrets,
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    // Written next to the target, then renamed: a failed backup never leaves a truncated archive
    // under the name a timer or an operator will trust.
    const partial = `${target}.partial`;
    // Password hashes, sessions, customers' addresses and the link key: readable by the shop's user
    // only, from the archive's first byte (created 600, never chmod-ed after it was written).
    await rm(partial, { force: true });
    await pipeline(
      tar.c({ cwd: staging, gzip: /\.(tgz|gz)$/.test(target), portable: true }, [
        MANIFEST_FILE,
        database.file,
        ...(uploads.length > 0 ? [UPLOADS_FOLDER] : []),
        ...(secrets.length > 0 ? [SECRETS_FOLDER] : []),
      ]),
      createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    );
    await rename(partial, target);
    return { file: target, manifest, bytes: statSync(target).size };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await pictures.close();
  }
}

interface DatabaseDump {
  file: string;
  lastMigration: string | null;
  serverVersion: string;
  counts: Record<string, number>;
}

async function dumpPostgres(url: string, staging: string, log: (msg: string) => void): Promise<DatabaseDump> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query: Query = async (text) => (await client.query(text)).rows as Record<string, unknown>[];
    // One snapshot for the counts and the dump: what the manifest counts is what the archive holds.
    await client.query('begin isolation level repeatable read read only');
    const [snapshot] = await query('select pg_export_snapshot() as id, version() as version');
    const counts = await countRows(query, 'postgres');
    const migration = await lastMigration(query);
    const file = DATABASE_FILE.postgres;
    log('Dumping the PostgreSQL database (pg_dump)...');
    // The transaction stays open until pg_dump has read the snapshot (it needs the exporting session alive).
    await runPgTool('pg_dump', ['--format=custom', `--snapshot=${String(snapshot!.id)}`, `--file=${path.join(staging, file)}`], url);
    await client.query('commit');
    return { file, lastMigration: migration, serverVersion: String(snapshot!.version), counts };
  } finally {
    await client.end();
  }
}

async function dumpPglite(dataDir: string, staging: string, log: (msg: string) => void): Promise<DatabaseDump> {
  const folder = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(folder, 'PG_VERSION')))
    throw new BackupError(`No shop database in ${folder} (DATA_DIR=${dataDir}); nothing to back up.`);
  // PGlite writes postmaster.pid while a process has the database open and removes it on a clean close.
  if (existsSync(path.join(folder, 'postmaster.pid'))) {
    throw new BackupError(
      `The shop's embedded database (${folder}) is open: stop the shop first (a PGlite database belongs to the one process that opened it). ` +
        'If the shop crashed, start and stop it once to close the database cleanly.',
    );
  }
  log('Dumping the PGlite database...');
  const database = await openDatabase({ dataDir });
  try {
    const query: Query = async (text) =>
      ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
    const counts = await countRows(query, 'pglite');
    const migration = await lastMigration(query);
    const [version] = await query('select version() as version');
    const blob = await database.dumpDataDir!();
    const file = DATABASE_FILE.pglite;
    writeFileSync(path.join(staging, file), Buffer.from(await blob.arrayBuffer()));
    return { file, lastMigration: migration, serverVersion: String(version!.version), counts };
  } finally {
    await database.close();
  }
}

/** DATA_DIR's secrets (SECRET_FILES) that exist, copied into the staging folder and hashed. */
async function stageSecrets(dataDir: string, to: string): Promise<Manifest['secrets']> {
  const out: Manifest['secrets'] = [];
  for (const name of SECRET_FILES) {
    const source = path.join(dataDir, SECRETS_FOLDER, name);
    if (!existsSync(source)) continue;
    mkdirSync(to, { recursive: true, mode: 0o700 });
    await copyFile(source, path.join(to, name));
    out.push({ path: name, sha256: await sha256File(path.join(to, name)) });
  }
  return out;
}

/**
 * Every picture of the store into the staging folder, hashed: a local file is linked (or copied across
 * file systems), an object of a bucket downloaded. A picture deleted between the listing and its
 * reading is left out (its rows were deleted too, after the dump's snapshot or before).
 */
async function stageUploads(store: PictureStore, to: string): Promise<Manifest['uploads']> {
  const keys: string[] = [];
  for await (const { key } of store.list()) keys.push(key);
  keys.sort();
  const out: Manifest['uploads'] = [];
  for (const key of keys) {
    const dest = path.join(to, ...key.split('/'));
    mkdirSync(path.dirname(dest), { recursive: true });
    if (store.localFile) {
      const source = store.localFile(key);
      if (!existsSync(source)) continue;
      await link(source, dest).catch(() => copyFile(source, dest));
    } else {
      const picture = await store.get(key);
      if (!picture) continue;
      await pipeline(picture.body, createWriteStream(dest));
    }
    out.push({ path: key, size: statSync(dest).size, sha256: await sha256File(dest) });
  }
  return out;
}
