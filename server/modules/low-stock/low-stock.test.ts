/** Low stock: the list at or under the threshold, and the daily mail only when the list changed. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productTranslations } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { mailLowStockIfChanged } from './low-stock.service.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);
const deps = () => ({ db: ctx.db, mailer: ctx.mail, log: ctx.app.log, publicUrl: 'https://flora.test' });

beforeAll(async () => {
  ctx = await createTestApp();
  // Stocks: 1 -> 5, 2 -> 20, 3 -> 0, 4 -> 3.
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
});
afterAll(() => ctx?.close());

describe('low stock', () => {
  it('lists products at or under the threshold (5 by default), fewest first; the threshold can change', async () => {
    const res = await as(admin, 'fr')('GET', '/api/admin/low-stock');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      threshold: 5,
      data: [
        { id: 3, name: 'Orchidée', stock: 0 },
        { id: 4, name: 'Grand bouquet', stock: 3 },
        { id: 1, name: 'Bouquet de roses', stock: 5 },
      ],
    });
    // A deleted product kept for its orders (archived, stock 0) is not low on stock.
    await ctx.db.insert(products).values({ id: 90, name: 'Archivé', priceCents: 1000, stock: 0, categoryId: 1, archivedAt: new Date() });
    const changed = await as(admin)('PUT', '/api/admin/low-stock/threshold', { threshold: 3 });
    expect(changed.json().data.map((p: { id: number }) => p.id)).toEqual([3, 4]);
    expect((await as(admin)('PUT', '/api/admin/low-stock/threshold', { threshold: -1 })).statusCode).toBe(422);
  });

  it('names each product in the language of the admin reading the list', async () => {
    await ctx.db.insert(productTranslations).values({ productId: 3, locale: 'ar', name: 'أوركيد' });
    const ar = await as(admin, 'ar')('GET', '/api/admin/low-stock');
    expect(ar.json().data.find((p: { id: number }) => p.id === 3)).toMatchObject({ name: 'أوركيد' });
    const en = await as(admin, 'en')('GET', '/api/admin/low-stock');
    expect(en.json().data.find((p: { id: number }) => p.id === 3)).toMatchObject({ name: 'Orchid' });
    await ctx.db.delete(productTranslations).where(and(eq(productTranslations.productId, 3), eq(productTranslations.locale, 'ar')));
  });

  it('mails the admins when the list changed, at most once a day', async () => {
    await ctx.clearMail();
    const now = Date.now();
    expect(await mailLowStockIfChanged(deps(), new Date(now))).toBe(1);
    expect(ctx.mail.sent[0]).toMatchObject({ to: admin.email, subject: 'Stock bas : 2 produit(s)' });
    expect(ctx.mail.sent[0]!.text).toContain('Orchidée\u00a0: 0');
    // Same list: nothing, even a day later.
    expect(await mailLowStockIfChanged(deps(), new Date(now + 25 * 3600_000))).toBe(0);
    // Changed list, but within the day: nothing yet; the next day: mailed.
    await ctx.db.update(products).set({ stock: 1 }).where(eq(products.id, 2));
    expect(await mailLowStockIfChanged(deps(), new Date(now + 3600_000))).toBe(0);
    expect(await mailLowStockIfChanged(deps(), new Date(now + 25 * 3600_000))).toBe(1);
    expect(ctx.mail.sent).toHaveLength(2);
  });
});
