/**
 * kill -9 during a checkout storm, on PostgreSQL (needs TEST_DATABASE_URL; skipped without it): the
 * real server process takes 200 guests checking out at once and is killed mid-storm; restarted, the
 * database holds no half order (every order has its lines, both addresses and its history) and, for
 * every product, stock + units in non-cancelled orders equals the starting stock. The guests whose
 * answer was lost retry with their idempotency key: each gets their order (placed now, or the one the
 * killed process had committed), never a second one. Every committed order's mails are sent within a
 * minute of the restart, each once (the mails the killed process had taken are freed at the restart, not
 * 4 hours later; only a mail the kill caught between its sending and its record may be sent twice).
 * Prints the figures.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { cartItems, carts, products } from './db/schema.js';
import { address, insertShopFixtures } from './test/shop-fixtures.js';
import { createTestDatabase, onPostgres } from './test/helpers.js';
import { startShopProcess, type ShopProcess } from './test/server-process.js';

const GUESTS = 200;
const START_STOCK = { 1: 150, 2: 150 } as Record<number, number>;
/** 180 (rose bouquet, 10% off) + 99.90 (plant) + 40 delivery to Rabat. */
const TOTAL = 319.9;
/** The kill comes when this many orders are committed. */
const KILL_AFTER_ORDERS = 75;

let database: Database | undefined;
const servers: ShopProcess[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-crash-'));
const keepLogs = process.env.KEEP_CRASH_LOGS === '1';

afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  await database?.close();
  if (keepLogs) console.log(`server logs in ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
});

const rows = async <T>(db: Database['db'], query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as { rows: T[] };

describe.runIf(onPostgres)('kill -9 during a checkout storm (PostgreSQL)', () => {
  it('no half order, stock balanced for every product, retries get their own order', async () => {
    database = await createTestDatabase();
    const db = database.db;
    await insertShopFixtures(db);
    for (const [id, stock] of Object.entries(START_STOCK))
      await db
        .update(products)
        .set({ stock })
        .where(inArray(products.id, [Number(id)]));
    const cartIds = Array.from({ length: GUESTS }, () => crypto.randomUUID());
    await db.insert(carts).values(cartIds.map((id) => ({ id, deliveryZoneId: 1 })));
    await db
      .insert(cartItems)
      .values(cartIds.flatMap((cartId) => [1, 2].map((productId) => ({ cartId, productId, colorId: null, quantity: 1 }))));
    const [{ name }] = (await rows<{ name: string }>(db, sql`select current_database() as name`)).rows as [{ name: string }];
    const databaseUrl = Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString();

    const first = await startShopProcess({ dataDir, databaseUrl });
    servers.push(first);
    const checkout = (url: string, cartId: string, n: number) =>
      fetch(`${url}/api/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, cookie: `cart_id=${cartId}`, 'idempotency-key': cartId },
        body: JSON.stringify({
          address,
          customer: { name: `Guest ${n}`, email: `storm${n}@example.com`, phone: '0600000000' },
          delivery_zone_id: 1,
          payment_method: 'cash_on_delivery',
          accept_terms: true,
          total_amount: TOTAL,
        }),
      });

    // The storm; the process is killed once a few orders are committed (watched in the database).
    const byStatus = new Map<string, number>();
    const count = (k: string) => byStatus.set(k, (byStatus.get(k) ?? 0) + 1);
    const lost: number[] = [];
    const storm = Promise.all(
      cartIds.map(async (cartId, n) => {
        try {
          const res = await checkout(first.url, cartId, n);
          await res.text();
          count(String(res.status));
          // Busy (a statement timed out on the hot rows, nothing written): the guest tries again later.
          if (res.status === 503) lost.push(n);
        } catch {
          count('no answer');
          lost.push(n);
        }
      }),
    );
    let committed = 0;
    while (committed < KILL_AFTER_ORDERS) {
      committed = (await rows<{ n: number }>(db, sql`select count(*)::int as n from orders`)).rows[0]!.n;
      if (committed < KILL_AFTER_ORDERS) await new Promise((r) => setImmediate(r));
    }
    first.child.kill('SIGKILL');
    const killedAt = committed;
    await storm;
    expect(await first.exited).toBe('SIGKILL');
    expect(byStatus.get('500') ?? 0, 'no 500 in the storm (a busy database is 503)').toBe(0);
    expect(lost.length, `the kill came after every answer: ${JSON.stringify([...byStatus])}`).toBeGreaterThan(0);

    const checkBalance = async () => {
      const half = await rows<{ id: number; items: number; addresses: number; history: number }>(
        db,
        sql`select o.id,
              (select count(*) from order_items i where i.order_id = o.id)::int as items,
              (select count(*) from order_addresses a where a.order_id = o.id)::int as addresses,
              (select count(*) from order_status_history h where h.order_id = o.id)::int as history
            from orders o`,
      );
      const broken = half.rows.filter((o) => o.items !== 2 || o.addresses !== 2 || o.history < 1);
      const balance = await rows<{ id: number; stock: number; ordered: number }>(
        db,
        sql`select p.id, p.stock, coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
              where i.product_id = p.id and o.order_status <> 'cancelled'), 0)::int as ordered
            from products p where p.id in (1, 2) order by p.id`,
      );
      return { orders: half.rows.length, broken, balance: balance.rows };
    };

    const afterCrash = await checkBalance();
    expect(afterCrash.broken).toEqual([]);
    for (const p of afterCrash.balance) expect(p.stock + p.ordered, `product ${p.id}`).toBe(START_STOCK[p.id]);

    // Restart on the same database; the guests without an answer try again with the same key.
    const second = await startShopProcess({ dataDir, databaseUrl });
    servers.push(second);
    const retries = new Map<string, number>();
    await Promise.all(
      lost.map(async (n) => {
        // A guest told "busy" (503) tries again, up to five times.
        for (let attempt = 1; ; attempt++) {
          const res = await checkout(second.url, cartIds[n]!, n);
          await res.text();
          retries.set(String(res.status), (retries.get(String(res.status)) ?? 0) + 1);
          if (res.status !== 503 || attempt === 5) break;
        }
      }),
    );
    expect(retries.get('500') ?? 0, 'no 500 after the restart').toBe(0);
    const afterRetry = await checkBalance();
    expect(afterRetry.broken).toEqual([]);
    for (const p of afterRetry.balance) expect(p.stock + p.ordered, `product ${p.id}`).toBe(START_STOCK[p.id]);
    const [{ dup }] = (
      await rows<{ dup: number }>(
        db,
        sql`select count(*)::int as dup from (select idempotency_key from orders group by idempotency_key having count(*) > 1) d`,
      )
    ).rows as [{ dup: number }];
    expect(dup).toBe(0);
    expect(afterRetry.orders).toBeLessThanOrEqual(Math.min(...Object.values(START_STOCK)));

    // Mails: every order has its confirmation queued, and every queued mail is sent within a minute of
    // the restart, each once. Without SMTP_URL the shop writes each mail to DATA_DIR/mail (lib/mail.ts).
    const [{ unqueued }] = (
      await rows<{ unqueued: number }>(
        db,
        sql`select count(*)::int as unqueued from orders o
        where not exists (select 1 from mail_outbox m where m.dedupe_key = 'order:' || o.id || ':confirmation')`,
      )
    ).rows as [{ unqueued: number }];
    expect(unqueued, 'orders without a confirmation mail queued').toBe(0);
    const mailsFrom = Date.now();
    for (;;) {
      const [{ pending }] = (
        await rows<{ pending: number }>(db, sql`select count(*)::int as pending from mail_outbox where sent_at is null`)
      ).rows as [{ pending: number }];
      if (pending === 0) break;
      expect(Date.now() - mailsFrom, `${pending} mails still unsent a minute after the restart`).toBeLessThan(60_000);
      await new Promise((r) => setTimeout(r, 250));
    }
    const mailsMs = Date.now() - mailsFrom;
    const outbox = (await rows<{ id: number }>(db, sql`select id from mail_outbox order by id`)).rows;
    const written = new Map<string, number>();
    const mailDir = path.join(dataDir, 'mail');
    for (const file of readdirSync(mailDir)) {
      const id = /^Message-ID:\s*(<[^>]+>)/im.exec(readFileSync(path.join(mailDir, file), 'utf8'))?.[1] ?? '?';
      written.set(id, (written.get(id) ?? 0) + 1);
    }
    const sentTimes = outbox.map((m) => written.get(`<outbox-${m.id}@flora-maroc>`) ?? 0);
    expect(sentTimes.filter((n) => n === 0).length, 'mails never sent').toBe(0);
    // At most the two mails being sent at the kill (mail-queue.ts concurrency) may go out twice.
    const twice = sentTimes.filter((n) => n > 1).length;
    expect(twice).toBeLessThanOrEqual(2);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const fmt = (m: Map<string, number>) =>
      [...m]
        .sort()
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');
    console.log(
      [
        `kill -9 storm: ${GUESTS} checkouts sent, killed when ${killedAt} orders were committed`,
        `answers by status: ${fmt(byStatus)}`,
        `orders after the crash: ${afterCrash.orders} (half orders: ${afterCrash.broken.length})`,
        `stock balance after the crash: ${afterCrash.balance.map((p) => `product ${p.id}: ${p.stock} left + ${p.ordered} ordered = ${p.stock + p.ordered} (start ${START_STOCK[p.id]})`).join('; ')}`,
        `${lost.length} guests without an order answer retry after the restart: ${fmt(retries)}; orders now ${afterRetry.orders}, duplicates 0`,
        `stock balance after the retries: ${afterRetry.balance.map((p) => `product ${p.id}: ${p.stock} + ${p.ordered} = ${p.stock + p.ordered}`).join('; ')}`,
        `mails: ${outbox.length} queued, all sent ${mailsMs} ms after the retries (${twice} sent twice)`,
      ].join('\n'),
    );
  }, 400_000);
});
