/**
 * Ready cards (cards.ts): a list reads the stored card, and a stored card is never shown once
 * what it says has changed, whoever changed it (a product save, a rename of its category, subcategory
 * or colour in any language, a colour hidden), while stock and prices are always live.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productPageSchema, type Product } from '../../../../shared/schemas/catalogue.js';
import { categoryTranslations, colors, productCards, products, subcategories } from '../../../db/schema.js';
import { sqlRows } from '../../../db/sql-rows.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { insertShopFixtures } from '../../../test/shop-fixtures.js';
import { CARD_FORMAT } from './cards.js';
import { invalidateCatalogueCache } from './cache.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  await ctx.db.insert(subcategories).values({ id: 7, categoryId: 1, name: 'Roses' });
  await ctx.db.update(products).set({ subcategoryId: 7 }).where(eq(products.id, 1));
});
afterAll(() => ctx.close());
// Each read below must come from the database, not from this process's card cache.
beforeEach(() => invalidateCatalogueCache(ctx.db));

async function product(id: number, lang: 'fr' | 'en' | 'ar' = 'fr'): Promise<Product> {
  invalidateCatalogueCache(ctx.db);
  const res = await ctx.app.inject({ method: 'GET', url: `/api/product/${id}`, headers: { 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Product>();
}

const stored = (id: number, locale: string) =>
  ctx.db
    .select()
    .from(productCards)
    .where(and(eq(productCards.productId, id), eq(productCards.locale, locale)));

/** Rewrites the stored card's name, as only a read of the stored card would show it. */
const markStored = (id: number, locale: string, name: string) =>
  ctx.db.execute(sql`update product_cards set card = jsonb_set(card::jsonb, '{name}', to_jsonb(${name}::text))::text
                     where product_id = ${id} and locale = ${locale}`);

describe('ready product cards', () => {
  it('stores a card per product and language on first read, and reads it back from there', async () => {
    expect(await stored(1, 'ar')).toHaveLength(0);
    const first = await product(1, 'ar');
    expect(first.name).toBe('باقة ورد');
    const [row] = await stored(1, 'ar');
    expect(row).toMatchObject({ format: CARD_FORMAT });
    // Prices and stock are not in the stored card: they are read live.
    expect(JSON.parse(row!.card)).not.toHaveProperty('stock');
    expect(JSON.parse(row!.card)).not.toHaveProperty('final_price');

    await markStored(1, 'ar', 'from the stored card');
    expect((await product(1, 'ar')).name).toBe('from the stored card');
    // Other languages have their own card.
    expect((await product(1, 'en')).name).toBe('Rose bouquet');
  });

  it('shows live stock and prices, which orders and price edits move without touching the card', async () => {
    await product(2);
    await markStored(2, 'fr', 'kept card');
    // As an order does: stock and popularity only.
    await ctx.db.execute(sql`update products set stock = stock - 3, popularity = popularity + 3 where id = 2`);
    await ctx.db.execute(sql`update products set price_cents = 12000, discount = 25 where id = 2`);
    const p = await product(2);
    expect(p).toMatchObject({ name: 'kept card', stock: 17, inStock: true, price: 120, discount: 25, final_price: 90, bestSeller: true });
  });

  it('drops the stored card when the product is saved (its updated_at moves)', async () => {
    await product(4);
    await markStored(4, 'fr', 'stale');
    expect((await product(4)).name).toBe('stale');
    await ctx.db.update(products).set({ name: 'Très grand bouquet', updatedAt: new Date() }).where(eq(products.id, 4));
    expect((await product(4)).name).toBe('Très grand bouquet');
  });

  it('drops every stored card when a category, subcategory or colour name changes, in any language', async () => {
    const check = async (change: () => Promise<unknown>, see: (p: Product) => unknown, expected: unknown) => {
      await product(1, 'ar');
      await markStored(1, 'ar', 'stale');
      expect((await product(1, 'ar')).name).toBe('stale');
      await change();
      const after = await product(1, 'ar');
      expect(after.name).toBe('باقة ورد');
      expect(see(after)).toEqual(expected);
    };
    await check(
      () => ctx.db.update(categoryTranslations).set({ name: 'باقات الورد' }).where(eq(categoryTranslations.categoryId, 1)),
      (p) => p.category.name,
      'باقات الورد',
    );
    await check(
      () => ctx.db.update(subcategories).set({ name: 'Roses rouges' }).where(eq(subcategories.id, 7)),
      (p) => p.subcategory?.name,
      'Roses rouges',
    );
    await check(
      () => ctx.db.update(colors).set({ hexCode: '#AA0000' }).where(eq(colors.id, 1)),
      (p) => p.colors.map((c) => c.hex_code),
      ['#FFFFFF', '#AA0000'],
    );
    await check(
      () => ctx.db.update(colors).set({ isActive: false }).where(eq(colors.id, 2)),
      (p) => p.colors.map((c) => c.name),
      ['أحمر'],
    );
  });

  it('ignores a stored card of another format or another generation', async () => {
    await product(3);
    await markStored(3, 'fr', 'old shape');
    await ctx.db
      .update(productCards)
      .set({ format: CARD_FORMAT + 1 })
      .where(eq(productCards.productId, 3));
    expect((await product(3)).name).toBe('Orchidée');
    const [{ n }] = await sqlRows<{ n: string }>(ctx.db, sql`select n::text as n from card_generation`);
    await markStored(3, 'fr', 'old generation');
    await ctx.db
      .update(productCards)
      .set({ generation: Number(n) - 1 })
      .where(eq(productCards.productId, 3));
    expect((await product(3)).name).toBe('Orchidée');
  });

  it('a list is built from the stored cards too, in the list’s order', async () => {
    await ctx.db.delete(productCards);
    invalidateCatalogueCache(ctx.db);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/products?per_page=10' });
    const first = res.json<{ data: Product[] }>().data;
    expect(first.length).toBeGreaterThan(0);
    const rows = await ctx.db.select({ id: productCards.productId }).from(productCards).where(eq(productCards.locale, 'fr'));
    expect(rows.map((r) => r.id).sort()).toEqual(first.map((p) => p.id).sort());
    await markStored(first[0]!.id, 'fr', 'stored');
    invalidateCatalogueCache(ctx.db);
    const again = (await ctx.app.inject({ method: 'GET', url: '/api/products?per_page=10' })).json<{ data: Product[] }>().data;
    expect(again.map((p) => p.id)).toEqual(first.map((p) => p.id));
    expect(again[0]!.name).toBe('stored');
  });

  it('sends the stored text with the live fields appended: valid JSON, the same product in a list and alone', async () => {
    await markStored(2, 'fr', 'appended');
    invalidateCatalogueCache(ctx.db);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/products?per_page=10' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = productPageSchema.parse(res.json());
    const [live] = await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, 2));
    expect(page.data.find((p) => p.id === 2)).toMatchObject({ name: 'appended', stock: live!.stock, inStock: live!.stock > 0 });
    for (const p of page.data) expect(p).toEqual(await product(p.id));
  });
});
