/**
 * The backup drill, with real processes: a shop with orders, accounts, pictures and mails waiting to be
 * sent (its SMTP server refuses them for now) is stopped and backed up with `npm run backup`'s script,
 * restored with `npm run restore`'s into a new database and data folder, and started there. The restored
 * shop has the same row counts, serves the same product and every picture byte for byte, and sends the
 * mails that were waiting, and a tracking link mailed before the backup still works there (its key
 * travels in the archive, which is 600). A second restore onto the now full target is refused, and done
 * with --force; an unreadable dump given with --force is refused in one line and leaves the database
 * whole; a manifest naming a file outside the archive and an archive with one damaged picture are
 * refused before anything is written.
 *
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (a fresh database for each side). Runs in
 * its own CI phase (`npm run test:backup`, BACKUP_DRILL=1): it starts four shop processes and would
 * double the time of the API suite it sits in.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { productImages } from '../db/schema.js';
import { processImage } from '../lib/images.js';
import { LocalPictureStore } from '../lib/storage/local-store.js';
import { orderLinkKey, orderTrackingToken, verifyOrderTrackingToken } from '../modules/orders/order-links.js';
import { insertShopFixtures } from '../test/shop-fixtures.js';
import { guestCart, startShopProcess, type ShopProcess } from '../test/server-process.js';
import { countRows, listFiles, sha256File, type Query } from './manifest.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const drill = process.env.BACKUP_DRILL === '1';
const adminUrl = process.env.TEST_DATABASE_URL;

/** The SMTP server of both shops: refuses every mail (451, try later) until `accepting`. */
const smtp = { accepting: false, refused: 0, received: [] as { to: string[]; messageId: string }[], port: 0 };
let smtpServer: SMTPServer | undefined;
const running: ShopProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  if (!drill) return;
  smtpServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (smtp.accepting) return callback();
      smtp.refused++;
      callback(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        smtp.received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtpServer!.listen(0, '127.0.0.1', resolve));
  smtp.port = (smtpServer.server.address() as { port: number }).port;
});

afterAll(async () => {
  for (const s of running) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await Promise.all(running.map((s) => s.exited));
  for (const clean of cleanups.reverse()) await clean();
  await new Promise<void>((resolve) => (smtpServer ? smtpServer.close(() => resolve()) : resolve()));
});

/** A fresh PostgreSQL database, dropped after the file. */
async function freshPostgres(label: string): Promise<string> {
  const name = `flora_backup_${label}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  return Object.assign(new URL(adminUrl!), { pathname: `/${name}` }).toString();
}

function tempDir(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `flora-backup-${label}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const openShopData = (dataDir: string, url: string | undefined, loadDataDir?: Blob) => openDatabase({ url, dataDir, loadDataDir });
const queryOf =
  (database: Database): Query =>
  async (text) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The catalogue of the checkout tests, with two pictures made the way an upload makes them. */
async function prepareSource(dataDir: string, url: string | undefined): Promise<void> {
  const template = inject('pgliteTemplate');
  const database = await openShopData(dataDir, url, !url && template ? new Blob([readFileSync(template)]) : undefined);
  try {
    await database.migrate();
    await insertShopFixtures(database.db);
    for (const [productId, colour] of [
      [1, '#c0392b'],
      [2, '#2e7d32'],
    ] as const) {
      const png = await sharp({ create: { width: 700, height: 520, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const image = await processImage(png, { store: new LocalPictureStore(path.join(dataDir, 'uploads')), prefix: 'products', effort: 1 });
      await database.db
        .insert(productImages)
        .values({ productId, key: image.key, widths: image.widths, width: image.width, height: image.height });
    }
  } finally {
    await database.close();
  }
}

async function countsOf(dataDir: string, url: string | undefined): Promise<Record<string, number>> {
  const database = await openShopData(dataDir, url);
  try {
    return await countRows(queryOf(database), url ? 'postgres' : 'pglite');
  } finally {
    await database.close();
  }
}

/** Runs an ops script as `npm run` would (node with tsx), with the shop's environment. */
function runScript(script: 'backup-cli.ts' | 'restore-cli.ts', args: string[], env: { dataDir: string; url?: string }) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: env.dataDir, NODE_ENV: 'production' };
  if (env.url) childEnv.DATABASE_URL = env.url;
  else delete childEnv.DATABASE_URL;
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join('server', 'ops', script), ...args],
      { cwd: root, env: childEnv },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

async function stop(shop: ShopProcess): Promise<void> {
  shop.child.kill('SIGTERM');
  expect(await shop.exited).toBe(0);
}

async function waitFor(what: string, condition: () => boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Each step's time, printed: the drill's figures on a loaded machine say where its minutes go. */
function stepper(label: string) {
  let last = Date.now();
  return (what: string) => {
    const now = Date.now();
    console.log(`[backup drill ${label}] ${what}: ${((now - last) / 1000).toFixed(1)} s`);
    last = now;
  };
}

/** The archive again, changed by `change` (given the unpacked folder). */
async function changedCopy(archive: string, change: (unpacked: string) => void): Promise<string> {
  const dir = tempDir('changed');
  const unpacked = path.join(dir, 'unpacked');
  mkdirSync(unpacked);
  await tar.x({ file: archive, cwd: unpacked });
  change(unpacked);
  const copy = path.join(dir, 'changed.tar');
  await tar.c({ file: copy, cwd: unpacked }, readdirSync(unpacked));
  return copy;
}

/** The archive again, with one byte of one picture changed. */
const damagedCopy = (archive: string, picture: string) =>
  changedCopy(archive, (unpacked) => {
    const file = path.join(unpacked, 'uploads', picture);
    const bytes = readFileSync(file);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(file, bytes);
  });

/** The manifest of an unpacked archive, changed in place. */
function editManifest(unpacked: string, edit: (manifest: Record<string, { file: string; sha256: string }>) => void): void {
  const file = path.join(unpacked, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file: string; sha256: string }>;
  edit(manifest);
  writeFileSync(file, JSON.stringify(manifest));
}

/** The archive again, its database replaced by bytes no database tool reads (the manifest's checksum follows). */
const unreadableDumpCopy = (archive: string) =>
  changedCopy(archive, (unpacked) => {
    let name = '';
    editManifest(unpacked, (m) => {
      name = m.database!.file;
      m.database!.sha256 = sha256(Buffer.from('not a database dump\n'.repeat(100)));
    });
    writeFileSync(path.join(unpacked, name), 'not a database dump\n'.repeat(100));
  });

/** A refusal as the operator reads it: one line, no stack trace. */
function oneLineRefusal(result: { code: number; output: string }, says: string): void {
  expect(result.code, result.output).toBe(1);
  expect(
    result.output
      .trim()
      .split('\n')
      .filter((l) => !/^(Unpacking|Archive verified|Restoring)/.test(l)),
    result.output,
  ).toHaveLength(1);
  expect(result.output).toContain(says);
  expect(result.output).not.toMatch(/\n\s+at |ENOTEMPTY/);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const drivers = [{ driver: 'pglite' as const }, ...(adminUrl ? [{ driver: 'postgres' as const }] : [])];

describe.runIf(drill)('backup and restore', () => {
  it.each(drivers)(
    '$driver: orders, accounts, pictures and queued mails come back in a new database and folder',
    async ({ driver }) => {
      const step = stepper(driver);
      const source = { dataDir: tempDir('source'), url: driver === 'postgres' ? await freshPostgres('src') : undefined };
      const target = { dataDir: tempDir('target'), url: driver === 'postgres' ? await freshPostgres('dst') : undefined };
      const archive = path.join(tempDir('archive'), 'shop.tar.gz');
      const shopEnv = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
      smtp.accepting = false;
      smtp.received.length = 0;

      // A shop at work: two orders, a customer account, mails its SMTP server refuses for now.
      await prepareSource(source.dataDir, source.url);
      step('source prepared');
      const shop = await startShopProcess({ dataDir: source.dataDir, databaseUrl: source.url, env: shopEnv });
      running.push(shop);
      step('source shop started');
      for (const n of [1, 2]) {
        const { cookie, body } = await guestCart(
          shop.url,
          [
            { productId: 1, quantity: 1 },
            { productId: 2, quantity: 1 },
          ],
          1,
          n,
        );
        const res = await fetch(`${shop.url}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: shop.url, cookie, 'idempotency-key': `drill-${driver}-${n}` },
          body,
        });
        expect(res.status, await res.clone().text()).toBe(201);
      }
      const registered = await fetch(`${shop.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: shop.url },
        body: JSON.stringify({
          name: 'Salma Drill',
          email: 'salma@example.com',
          phone: '0611111111',
          password: 'a long drill password 42',
          password_confirmation: 'a long drill password 42',
        }),
      });
      expect(registered.status, await registered.clone().text()).toBe(201);
      const productPage = await (await fetch(`${shop.url}/api/product/1`, { headers: { 'accept-language': 'fr' } })).text();
      // The mails were tried and refused: they wait in the queue.
      await waitFor('a refused mail', () => smtp.refused > 0);
      await stop(shop);
      step('orders, account and refused mails, shop stopped');

      const before = await countsOf(source.dataDir, source.url);
      expect(before.orders).toBe(2);
      expect(before.users).toBeGreaterThanOrEqual(2);
      expect(before.mails_to_send).toBeGreaterThanOrEqual(3);
      if (driver === 'postgres') expect(before.mail_jobs).toBeGreaterThanOrEqual(before.mails_to_send!);
      const pictures = await listFiles(path.join(source.dataDir, 'uploads'));
      expect(pictures.length).toBeGreaterThanOrEqual(2);

      // A tracking link as mailed to the first guest: signed with the source's key.
      const [firstOrder] = await (async () => {
        const database = await openShopData(source.dataDir, source.url);
        try {
          return (await queryOf(database)(`select id, customer_email from orders order by id limit 1`)) as {
            id: number;
            customer_email: string;
          }[];
        } finally {
          await database.close();
        }
      })();
      orderLinkKey(source.dataDir);
      const trackingToken = orderTrackingToken(source.dataDir, Number(firstOrder!.id), firstOrder!.customer_email, new Date());

      // Backup, then restore into the new database and folder.
      const backup = await runScript('backup-cli.ts', [archive], source);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(`pictures: ${pictures.length}`);
      // Readable by the shop's user only.
      expect(statSync(archive).mode & 0o777).toBe(0o600);
      step('backup');
      const restore = await runScript('restore-cli.ts', [archive], target);
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toContain('match its manifest');
      step('restore');
      // The target is full now: a second restore is refused without --force.
      const again = await runScript('restore-cli.ts', [archive], target);
      expect(again.code).toBe(1);
      expect(again.output).toContain('--force');
      // --force replaces what is there (the restored shop, here, with the same backup).
      const forced = await runScript('restore-cli.ts', [archive, '--force'], target);
      expect(forced.code, forced.output).toBe(0);
      step('refused, then forced restore');
      // An unreadable dump with --force: refused in one line, the database in place whole, no staging folder left.
      const unreadable = await runScript('restore-cli.ts', [await unreadableDumpCopy(archive), '--force'], target);
      oneLineRefusal(unreadable, 'could not be loaded');
      expect(await countsOf(target.dataDir, target.url)).toEqual(before);
      expect(readdirSync(target.dataDir).filter((f) => f.startsWith('.restore-') || f.includes('.replaced-'))).toEqual([]);
      // A manifest whose database file leads out of the archive: refused before anything is read there.
      const traversal = await changedCopy(archive, (unpacked) =>
        editManifest(unpacked, (m) => void (m.database!.file = '../../../etc/passwd')),
      );
      oneLineRefusal(await runScript('restore-cli.ts', [traversal, '--force'], target), 'outside the archive');
      expect(readdirSync(target.dataDir).filter((f) => f.startsWith('.restore-'))).toEqual([]);
      step('unreadable dump and traversal refused');
      // A damaged picture: refused before anything is written.
      const damaged = await damagedCopy(archive, pictures[0]!);
      const spare = { dataDir: tempDir('spare'), url: driver === 'postgres' ? await freshPostgres('spare') : undefined };
      const refused = await runScript('restore-cli.ts', [damaged], spare);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`${pictures[0]} is damaged`);
      expect(await listFiles(spare.dataDir)).toEqual([]);
      if (spare.url) {
        const client = new pg.Client({ connectionString: spare.url });
        await client.connect();
        const { rows } = await client.query<{ n: string }>(
          `select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
        );
        await client.end();
        expect(Number(rows[0]!.n)).toBe(0);
      }
      step('damaged archive refused');

      expect(await countsOf(target.dataDir, target.url)).toEqual(before);
      expect(await listFiles(path.join(target.dataDir, 'uploads'))).toEqual(pictures);
      // The link mailed before the backup works on the restored shop (its key came with the archive).
      expect(statSync(path.join(target.dataDir, 'secrets', 'order-links.key')).mode & 0o777).toBe(0o600);
      expect(verifyOrderTrackingToken(target.dataDir, Number(firstOrder!.id), firstOrder!.customer_email, trackingToken)).toBeInstanceOf(
        Date,
      );

      // The restored shop: same product, same pictures, and the waiting mails go out.
      smtp.accepting = true;
      const restored = await startShopProcess({ dataDir: target.dataDir, databaseUrl: target.url, env: shopEnv });
      running.push(restored);
      step('restored shop started');
      expect(await (await fetch(`${restored.url}/api/product/1`, { headers: { 'accept-language': 'fr' } })).text()).toBe(productPage);
      for (const picture of pictures) {
        const res = await fetch(`${restored.url}/uploads/${picture}`);
        expect(res.status, picture).toBe(200);
        expect(sha256(Buffer.from(await res.arrayBuffer())), picture).toBe(await sha256File(path.join(source.dataDir, 'uploads', picture)));
      }
      step('product and pictures compared');
      await waitFor('the queued mails', () => new Set(smtp.received.map((m) => m.messageId)).size >= before.mails_to_send!);
      expect(smtp.received.flatMap((m) => m.to)).toEqual(
        expect.arrayContaining(['guest1@example.com', 'guest2@example.com', 'salma@example.com']),
      );
      step('queued mails sent');
      await stop(restored);
    },
    900_000,
  );
});
