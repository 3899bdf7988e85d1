/**
 * Test fixtures: a fresh database per test file (in-memory PGlite, or a brand-new PostgreSQL database
 * when TEST_DATABASE_URL is set) and an app built on it with mail captured in memory.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { memoryMailer } from '../lib/mail.js';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The migrations seed the shop's three default delivery slots; a test database starts from a shop
 * without slots (a checkout then needs none), and the slot tests add their own.
 */
export async function withoutDefaultSlots(database: Database): Promise<void> {
  await database.db.execute(sql`delete from delivery_slots`);
}

export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // A copy of the template migrated once for the whole run (global-setup.ts), inside its folder (in
    // memory where the template is), removed when the database closes or else with the template.
    const template = inject('pgliteTemplate');
    if (template) {
      const folder = mkdtempSync(path.join(template, 'copy-'));
      cpSync(path.join(template, 'pglite'), path.join(folder, 'pglite'), { recursive: true });
      const database = await openDatabase({ dataDir: folder });
      return {
        ...database,
        async close() {
          await database.close();
          rmSync(folder, { recursive: true, force: true });
        },
      };
    }
    const database = await openDatabase({});
    await database.migrate();
    await withoutDefaultSlots(database);
    return database;
  }
  const name = `flora_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // More checkouts at once than the shop's default lane (3): the race tests race harder. A query may
  // take a minute, not the shop's few seconds: a test's bulk seed (thousands of orders through the
  // rollup triggers) shares a busy machine with the other test files; the shop's own limit is
  // proven by the outage tests, on their own connections.
  const database = await openDatabase({ url: url.toString(), poolSize: 20, checkoutPoolSize: 10, queryTimeoutMs: 60_000 });
  await database.migrate();
  await withoutDefaultSlots(database);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestContext {
  app: App;
  database: Database;
  db: Database['db'];
  config: Config;
  mail: ReturnType<typeof memoryMailer>;
  dataDir: string;
  /**
   * Waits for the mails earlier requests queued, then empties the captured list. Emptying it alone
   * is not enough: a mail still in the queue (a previous test's, sent a moment later on a busy
   * machine) would land in the emptied list and be counted as the next test's.
   */
  clearMail(): Promise<void>;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-test-'));
  // Status mails go at once unless a test asks for the undo delay (STATUS_MAIL_DELAY_MS).
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'silent',
    STATUS_MAIL_DELAY_MS: '0',
    ...env,
  });
  const database = await createTestDatabase();
  const mail = memoryMailer();
  const app = await buildApp(config, database, { mailer: mail, serveWeb: false });
  await app.ready();
  const ctx: TestContext = {
    app,
    database,
    db: database.db,
    config,
    mail,
    dataDir,
    async clearMail() {
      await ctx.app.mailQueue.settled();
      mail.sent.length = 0;
    },
    async close() {
      // The app the test holds now (a test may swap in its own): its mail queue holds pool clients
      // until it is closed, and the pool cannot end before.
      await ctx.app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ctx;
}
