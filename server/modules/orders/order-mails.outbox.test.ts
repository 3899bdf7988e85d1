/**
 * Mails are never lost: a real SMTP server (smtp-server) started here refuses every mail while an order
 * is placed; the order succeeds at once; when the server takes mail again the confirmation arrives,
 * exactly once. Runs on PGlite (in-process loop) and, with TEST_DATABASE_URL, on PostgreSQL
 * (graphile-worker).
 */
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { cartItems, carts, mailOutbox, orders } from '../../db/schema.js';
import { createMailer } from '../../lib/mail.js';
import { createTestDatabase, onPostgres } from '../../test/helpers.js';
import { address, insertShopFixtures, ORIGIN } from '../../test/shop-fixtures.js';

interface Received {
  to: string[];
  raw: string;
}

const received: Received[] = [];
let refusing = true;
let refusals = 0;
let smtp: SMTPServer;
let app: App;
let database: Database;
let dataDir: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusing) return callback();
      refusals++;
      // A temporary failure, as a real server under maintenance answers.
      return callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-outbox-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'silent',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
  });
  database = await createTestDatabase();
  await insertShopFixtures(database.db);
  const silent = { info() {}, warn() {}, error() {} };
  app = await buildApp(config, database, { mailer: createMailer(config, silent), serveWeb: false, mailRetryMs: 300 });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

describe(`mail outbox on ${onPostgres ? 'PostgreSQL (graphile-worker)' : 'PGlite (in-process loop)'}`, () => {
  it('an order placed while SMTP refuses gets its confirmation exactly once when SMTP is back', async () => {
    expect(app.mailQueue.driver).toBe(onPostgres ? 'graphile-worker' : 'in-process');
    const cartId = crypto.randomUUID();
    await database.db.insert(carts).values({ id: cartId, deliveryZoneId: 2 });
    await database.db.insert(cartItems).values({ cartId, productId: 2, colorId: null, quantity: 1 });
    const email = 'outbox.buyer@example.com';
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { 'accept-language': 'en', origin: ORIGIN, cookie: `cart_id=${cartId}`, 'idempotency-key': `outbox-${cartId}` },
      payload: {
        address,
        customer: { name: 'Buyer', email, phone: '0600000000' },
        delivery_zone_id: 2,
        payment_method: 'cash_on_delivery',
        accept_terms: true,
        total_amount: 149.9,
      },
    });
    // The order does not wait for (nor fail with) the mail.
    expect(res.statusCode).toBe(201);
    const orderId = res.json().order.id as number;
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toBeDefined();

    // The confirmation is in the outbox, refused at least once, not lost.
    const key = `order:${orderId}:confirmation`;
    expect(await until(async () => refusals > 0, 15_000)).toBe(true);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key));
    expect(row!.sentAt).toBeNull();
    expect(received.filter((m) => m.to.includes(email))).toHaveLength(0);

    refusing = false;
    expect(await until(() => received.some((m) => m.to.includes(email)), 20_000)).toBe(true);
    // Give the queue time to (wrongly) send it again: a later retry must find it sent.
    await new Promise((r) => setTimeout(r, onPostgres ? 4_000 : 1_500));
    const mails = received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain(`Message-ID: <outbox-${row!.id}@flora-maroc>`);
    const [sent] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key));
    expect(sent!.sentAt).not.toBeNull();
    expect(sent!.attempts).toBeGreaterThanOrEqual(2);
    const [left] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.sentAt} is null and ${mailOutbox.dedupeKey} = ${key}`);
    expect(Number(left!.n)).toBe(0);
    console.log(`outbox: order #${orderId} refused ${refusals} time(s), delivered once after ${sent!.attempts} attempts`);
  }, 60_000);

  it('a rolled-back transaction queues nothing', async () => {
    const { queueMail } = await import('../../lib/mail-queue.js');
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    await expect(
      database.db.transaction(async (tx) => {
        await queueMail(tx, { to: 'nobody@example.com', subject: 'never', text: 'never', html: '<p>never</p>' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });
});
