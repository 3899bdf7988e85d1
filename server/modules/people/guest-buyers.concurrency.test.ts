/**
 * Guest buyers under concurrency (PostgreSQL only: PGlite runs one query at a time). A person's first
 * orders may arrive together (a double submit from two tabs, a family ordering from one phone); each
 * order's trigger makes or finds the person in its own transaction. However they interleave, the
 * result is the one the bulk rebuild finds from the orders alone.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project server server/modules/people/guest-buyers.concurrency.test.ts
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { sqlRows } from '../../db/sql-rows.js';
import { createTestApp, onPostgres, type TestContext } from '../../test/helpers.js';

let ctx: TestContext;

describe.skipIf(!onPostgres)('guest buyers under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  /** A guest order, in a transaction of its own that holds its locks a moment (so the others overlap it). */
  const guestOrder = (name: string, email: string, phone: string) =>
    ctx.db.transaction(async (tx) => {
      const at = new Date();
      await tx.insert(orders).values({
        customerName: name,
        customerEmail: email,
        customerPhone: phone,
        deliveryCity: 'Rabat',
        subtotalCents: 10000,
        totalCents: 10000,
        paymentMethod: 'cash_on_delivery',
        createdAt: at,
        updatedAt: at,
      });
      await tx.execute(sql`select pg_sleep(0.02)`);
    });

  type Person = { orders_count: number; keys: string };
  /** Every guest person with their order count and keys, in a stable order. */
  const people = () =>
    sqlRows<Person>(
      ctx.db,
      sql`select b.orders_count, string_agg(k.key, ',' order by k.key) as keys
          from guest_buyers b join guest_buyer_keys k on k.buyer_id = b.id
          group by b.id order by keys`,
    );

  it('first orders of one new person at once: one person counting every order, as the bulk rebuild finds', async () => {
    await Promise.all(Array.from({ length: 12 }, () => guestOrder('Salma Idrissi', 'salma@example.com', '0612345678')));
    // Orders that each bring a new e-mail with a shared phone, at once: the phone joins them all.
    await Promise.all(Array.from({ length: 8 }, (_, i) => guestOrder('Karim Alaoui', `karim.${i}@example.com`, '+212 6 99 00 11 22')));

    const live = await people();
    expect(live).toContainEqual({ orders_count: 12, keys: 'e:salma@example.com,p:612345678' });
    const karim = live.find((p) => p.keys.includes('karim'));
    expect(karim?.orders_count).toBe(8);
    expect(karim?.keys.split(',')).toHaveLength(9);
    expect(live).toHaveLength(2);

    await ctx.db.execute(sql`select flora_rebuild_guest_buyers()`);
    expect(await people()).toEqual(live);
  });
});
