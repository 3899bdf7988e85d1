/**
 * The read model's seams: an admin write through the API reaches every cache layer (answers, totals,
 * seek anchors), and seek anchors shared between processes (Redis) come back exact, to the
 * microsecond of a timestamp, so another process pages from them as the one that read them.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductsQuery } from '../../../../shared/schemas/catalogue.js';
import type { Database } from '../../../db/client.js';
import { categories, colors, products } from '../../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { userWithSession, type TestUser } from '../../../test/users.js';
import { shareListState } from './cache.js';
import { catalogueReads, parseJson } from './catalogue-reads.js';
import { ANCHOR_STRIDE, MIN_ANCHOR_STRIDE, strideOf } from './seek-paging.js';

let ctx: TestContext;
let admin: TestUser;
const COUNT = 260;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await userWithSession(ctx.db, 'admin');
  await ctx.db.insert(categories).values([{ id: 1, name: 'Bouquets', description: 'Bouquets frais', sortOrder: 1 }]);
  // Orders that tie often (popularity), prices in no order, and creation times apart by microseconds.
  await ctx.db.execute(sql`
    insert into products (name, description, price_cents, stock, category_id, tags, sort_order, popularity, created_at)
    select 'Bouquet ' || g, '', 1000 + (g * 37) % 5000, 5, 1, '', (g * 7) % ${COUNT}, g % 13,
           timestamptz '2025-01-01 00:00:00+00' + g * interval '1 second' + ((g * 7919) % 1000000) * interval '1 microsecond'
    from generate_series(1, ${COUNT}) g`);
});
afterAll(async () => {
  await ctx?.close();
});

const ORDERS: Record<string, string> = {
  '': 'sort_order, id',
  popular: 'popularity desc, id desc',
  price_asc: 'final_price_cents, id',
  price_desc: 'final_price_cents desc, id desc',
  newest: 'created_at desc, id desc',
};

/** What OFFSET gives for a page of category 1 in an order (the truth a seek must match). */
async function offsetPage(sort: string, page: number, perPage: number): Promise<number[]> {
  const found = (await ctx.db.execute(
    `select id from products where category_id = 1 and archived_at is null order by ${ORDERS[sort]} limit ${perPage} offset ${(page - 1) * perPage}`,
  )) as unknown as { rows: { id: number }[] };
  return found.rows.map((r) => Number(r.id));
}

const query = (sort: string, page: number, perPage: number): ProductsQuery =>
  ({ category_id: 1, page, per_page: perPage, ...(sort ? { sort } : {}) }) as ProductsQuery;

async function pageIds(db: Database['db'], sort: string, page: number, perPage: number): Promise<number[]> {
  const answer = parseJson(await catalogueReads(db).listProducts('fr', query(sort, page, perPage)));
  return answer.data.map((p) => p.id);
}

/** Runs `read` counting the statements that compute seek anchors (on PGlite through `db.execute`, on PostgreSQL on the pool). */
async function countingAnchorReads(db: Database['db'], read: () => Promise<void>): Promise<number> {
  let anchorReads = 0;
  const seen = (text: string) => void (text.includes('row_number() over') && text.includes(' % ') && anchorReads++);
  const client = (db as unknown as { $client: unknown }).$client;
  const pool = client instanceof pg.Pool ? client : null;
  const execute = db.execute;
  const poolQuery = pool?.query;
  db.execute = ((q: Parameters<typeof execute>[0]) => {
    seen(typeof q === 'string' ? q : new PgDialect().sqlToQuery(q as SQL).sql);
    return execute.call(db, q);
  }) as typeof db.execute;
  if (pool && poolQuery) {
    pool.query = ((config: { text?: string }, ...rest: unknown[]) => {
      if (typeof config === 'object' && config.text) seen(config.text);
      return (poolQuery as (...a: unknown[]) => unknown).call(pool, config, ...rest);
    }) as typeof pool.query;
  }
  try {
    await read();
  } finally {
    delete (db as { execute?: unknown }).execute;
    if (pool && poolQuery) pool.query = poolQuery;
  }
  return anchorReads;
}

describe('seek anchors shared between processes', () => {
  it('are written once per filter and order, and another process pages from them exactly', async () => {
    const store = new Map<string, string>();
    const shared = { get: async (k: string) => store.get(k) ?? null, set: (k: string, v: string) => void store.set(k, v) };
    // Two processes on one database: the caches are per database handle, so another handle stands for another process.
    const first = Object.create(ctx.db) as Database['db'];
    const second = Object.create(ctx.db) as Database['db'];
    shareListState(first, shared, '3', '5');
    shareListState(second, shared, '3', '5');
    const perPage = 40;
    const deepPages = [Math.floor(ANCHOR_STRIDE / perPage) + 1, Math.ceil(COUNT / perPage)];

    for (const sort of Object.keys(ORDERS)) {
      for (const page of deepPages)
        expect(await pageIds(first, sort, page, perPage), `${sort} page ${page}`).toEqual(await offsetPage(sort, page, perPage));
    }
    const anchorKeys = [...store.keys()].filter((k) => k.includes(':a:'));
    expect(anchorKeys).toHaveLength(Object.keys(ORDERS).length);
    // "Popular" anchors also carry the generation orders move; the others only the catalogue's.
    expect(anchorKeys.filter((k) => k.startsWith('list:3.5:a:'))).toEqual([`list:3.5:a:${JSON.stringify(['c', 1])}|popular`]);
    const newest = JSON.parse(store.get(`list:3:a:${JSON.stringify(['c', 1])}|newest`)!) as { key: string; id: number }[];
    expect(newest).toHaveLength(Math.floor((COUNT - 1) / ANCHOR_STRIDE));
    // Finer than a millisecond (a JavaScript Date would round it): kept as PostgreSQL's own text.
    expect(newest[0].key).toMatch(/:\d\d\.\d{4,6}\+/);

    // The other process reads every anchor from the store (no anchor statement) and gets the same pages.
    const reads = await countingAnchorReads(second, async () => {
      for (const sort of Object.keys(ORDERS)) {
        for (const page of deepPages)
          expect(await pageIds(second, sort, page, perPage), `${sort} page ${page}`).toEqual(await offsetPage(sort, page, perPage));
      }
    });
    expect(reads).toBe(0);
  });
});

describe('a price range', () => {
  it('pages by seek exactly as OFFSET in every order, with its own total and anchors, combined with the category', async () => {
    const store = new Map<string, string>();
    const db = Object.create(ctx.db) as Database['db'];
    shareListState(db, { get: async (k: string) => store.get(k) ?? null, set: (k: string, v: string) => void store.set(k, v) }, '7', '1');
    // 20 MAD inclusive to 45.50 MAD exclusive, on the discounted price (no discounts here: the price).
    const range = 'final_price_cents >= 2000 and final_price_cents < 4550';
    const truth = async (sort: string, page: number, perPage: number) => {
      const found = (await ctx.db.execute(
        `select id from products where category_id = 1 and archived_at is null and ${range} order by ${ORDERS[sort]} limit ${perPage} offset ${(page - 1) * perPage}`,
      )) as unknown as { rows: { id: number }[] };
      return found.rows.map((r) => Number(r.id));
    };
    const counted = (await ctx.db.execute(
      `select count(*)::int as n from products where category_id = 1 and archived_at is null and ${range}`,
    )) as unknown as { rows: { n: number }[] };
    const total = Number(counted.rows[0]!.n);
    expect(total).toBeGreaterThan(ANCHOR_STRIDE);
    const perPage = 30;
    const lastPage = Math.ceil(total / perPage);
    for (const sort of Object.keys(ORDERS)) {
      for (const page of [1, Math.floor(ANCHOR_STRIDE / perPage) + 1, lastPage]) {
        const q = { category_id: 1, min_price: 20, max_price: 45.5, page, per_page: perPage, ...(sort ? { sort } : {}) } as ProductsQuery;
        const answer = parseJson(await catalogueReads(db).listProducts('fr', q));
        expect(
          answer.data.map((p) => p.id),
          `${sort} page ${page}`,
        ).toEqual(await truth(sort, page, perPage));
        expect(answer.meta).toMatchObject({ total, last_page: lastPage });
        for (const p of answer.data) expect(p.final_price >= 20 && p.final_price < 45.5).toBe(true);
      }
    }
    // The range is part of the filter's key: its anchors are its own, not the category's.
    const keys = [...store.keys()].filter((k) => k.includes(':a:'));
    expect(keys).toHaveLength(Object.keys(ORDERS).length);
    for (const k of keys) expect(k).toContain(JSON.stringify(['c', 1, 'min', 2000, 'max', 4550]));
  });
});

describe('a sparse filter', () => {
  it('keeps its anchors closer together, by its share of the shop, and pages exactly as OFFSET', async () => {
    expect(strideOf(25_000, 100_000)).toBe(ANCHOR_STRIDE);
    expect(strideOf(7_500, 100_000)).toBe(30);
    expect(strideOf(500, 100_000)).toBe(MIN_ANCHOR_STRIDE);
    expect(strideOf(0, 0)).toBe(ANCHOR_STRIDE);

    // A shop of its own: 2,000 products, one in ten of them red (10 %: a stride of 40).
    const shop = await createTestApp();
    try {
      await shop.db.insert(categories).values([{ id: 1, name: 'Bouquets', description: '', sortOrder: 1 }]);
      const [red] = await shop.db.insert(colors).values({ name: 'Rouge', hexCode: '#c00', slug: 'rouge' }).returning({ id: colors.id });
      await shop.db.execute(sql`
        insert into products (name, description, price_cents, stock, category_id, tags, sort_order, popularity, created_at)
        select 'Bouquet ' || g, '', 1000 + (g * 37) % 5000, 5, 1, '', (g * 7) % 2000, g % 13,
               timestamptz '2025-01-01 00:00:00+00' + g * interval '1 second'
        from generate_series(1, 2000) g`);
      await shop.db.execute(sql`insert into product_colors (product_id, color_id) select id, ${red!.id} from products where id % 10 = 0`);
      const store = new Map<string, string>();
      const db = Object.create(shop.db) as Database['db'];
      shareListState(db, { get: async (k: string) => store.get(k) ?? null, set: (k: string, v: string) => void store.set(k, v) }, '1', '1');
      const perPage = 15;
      const truth = async (sort: string, page: number) => {
        const found = (await shop.db.execute(
          `select p.id from products p join product_colors pc on pc.product_id = p.id and pc.color_id = ${red!.id}
           order by ${ORDERS[sort]!.replace(/(\w+)( desc)?(,|$)/g, 'p.$1$2$3')} limit ${perPage} offset ${(page - 1) * perPage}`,
        )) as unknown as { rows: { id: number }[] };
        return found.rows.map((r) => Number(r.id));
      };
      for (const sort of Object.keys(ORDERS)) {
        // Before the first anchor, from the first, across two anchors, and the last (short) page.
        for (const page of [3, 4, 7, 14]) {
          const q = { color_id: red!.id, page, per_page: perPage, ...(sort ? { sort } : {}) } as ProductsQuery;
          const answer = parseJson(await catalogueReads(db).listProducts('fr', q));
          expect(
            answer.data.map((p) => p.id),
            `${sort} page ${page}`,
          ).toEqual(await truth(sort, page));
          expect(answer.meta.total).toBe(200);
        }
      }
      // Every 40th red product is an anchor, kept under a key that names the stride.
      const keys = [...store.keys()].filter((k) => k.includes(':a:'));
      expect(keys).toHaveLength(Object.keys(ORDERS).length);
      for (const k of keys) {
        expect(k).toMatch(/\|40$/);
        expect(JSON.parse(store.get(k)!)).toHaveLength(Math.floor((200 - 1) / 40));
      }
    } finally {
      await shop.close();
    }
  });
});

describe('an admin write through the API', () => {
  it('reaches every cache layer: answers, totals and seek anchors', async () => {
    const reads = catalogueReads(ctx.db);
    reads.invalidate();
    const version = reads.version();
    const total = async () => parseJson(await reads.listProducts('fr', query('', 1, 20))).meta.total;
    const deep = () => pageIds(ctx.db, '', 3, 50);
    expect(await total()).toBe(COUNT);
    expect(await deep()).toEqual(await offsetPage('', 3, 50));
    const [someone] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.sortOrder, 150)).limit(1);

    // Written without telling the read model (as a script would): a first product, which moves every page.
    await ctx.db
      .insert(products)
      .values({ name: 'Bouquet premier', description: '', priceCents: 4000, stock: 1, categoryId: 1, sortOrder: -1 });
    await ctx.db.update(products).set({ stock: 42 }).where(eq(products.id, someone.id));
    // The kept total (10 minutes) and the kept anchors still describe the catalogue of before.
    expect(await total()).toBe(COUNT);
    expect(await deep()).not.toEqual(await offsetPage('', 3, 50));

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/reorder/swap',
      payload: { id: someone.id, target_sort_order: 1 },
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(reads.version()).toBeGreaterThan(version);
    expect(await total()).toBe(COUNT + 1);
    expect(await deep()).toEqual(await offsetPage('', 3, 50));
    const first = parseJson(await reads.listProducts('fr', query('', 1, 20))).data;
    expect(first.map((p) => p.id)).toEqual(await offsetPage('', 1, 20));
    expect(first.find((p) => p.id === someone.id)).toMatchObject({ stock: 42 });
    expect(parseJson(await reads.product('fr', someone.id)).stock).toBe(42);
  });
});
