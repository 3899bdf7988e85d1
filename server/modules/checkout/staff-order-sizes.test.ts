/**
 * Staff orders and sizes: the phone order's quote and placing price a line at its size's price (a
 * product with sizes needs one), "repeat this order" carries each line's size, and changing an order's
 * lines keeps each line's size and prices a line added or moved to a size at that size's price.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money.js';
import { orderItems, productSizes, products } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { address, insertShopFixtures } from '../../test/shop-fixtures.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';

let ctx: TestContext;
let admin: TestUser;
let classique: number;
let prestige: number;
let keys = 0;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
  // Product 1 (10 % off) in two sizes: Classique 200 (180 after the discount), Prestige 400 (360).
  const sizes = await ctx.db
    .insert(productSizes)
    .values([
      { productId: 1, names: { fr: 'Classique', en: 'Classic', ar: 'كلاسيكي' }, priceCents: toCents(200), sortOrder: 0 },
      { productId: 1, names: { fr: 'Prestige', en: 'Prestige', ar: 'فاخر' }, priceCents: toCents(400), sortOrder: 1 },
    ])
    .returning();
  classique = sizes[0]!.id;
  prestige = sizes[1]!.id;
  await ctx.db.update(products).set({ stock: 20 }).where(eq(products.id, 1));
});
afterAll(() => ctx.close());

function place(items: object[], total: number) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/orders',
    headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'fr', 'idempotency-key': `sizes-staff-${process.pid}-${++keys}` },
    payload: {
      source: 'phone',
      items,
      customer: { name: 'Khadija Bennani', phone: '0661122334', email: null },
      address: { ...address, full_name: 'Khadija Bennani', phone: '0661122334' },
      delivery_zone_id: 1,
      payment_method: 'cash_on_delivery',
      total_amount: total,
    },
  });
}

describe('staff orders in a size', () => {
  it('the quote prices a line at its size and names it; no size for a product with sizes is a 422 on the line', async () => {
    const res = await as(admin, 'fr')('GET', `/api/admin/orders/quote?lines=1s${prestige}x2,1-2s${classique}x1&delivery_zone_id=1`);
    expect(res.statusCode).toBe(200);
    const quote = res.json();
    expect(quote.lines[0]).toMatchObject({ product_id: 1, size_id: prestige, size: 'Prestige', unit_price: 360, line_total: 720 });
    expect(quote.lines[0].name).toMatch(/ — Prestige$/);
    expect(quote.lines[1]).toMatchObject({ size_id: classique, size: 'Classique', unit_price: 180 });
    // 720 + 180, delivered free in Rabat (over 500)
    expect(quote).toMatchObject({ subtotal: 900, shipping_cost: 0, total_amount: 900 });
    const none = await as(admin, 'fr')('GET', '/api/admin/orders/quote?lines=1x1');
    expect(none.statusCode).toBe(422);
    expect(none.json().errors['items.0.size_id']).toEqual(['Choisissez une taille pour ce produit.']);
    const other = await as(admin, 'fr')('GET', `/api/admin/orders/quote?lines=2s${prestige}x1`);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors['items.0.size_id']).toBeDefined();
  });

  it('places an order in a size at the size’s price, and the line keeps it', async () => {
    const res = await place([{ product_id: 1, size_id: prestige, quantity: 1 }], 400);
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    expect(order.total_amount).toBe(400);
    const [line] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ sizeId: prestige, sizeName: 'Prestige', unitPriceCents: toCents(360) });
  });

  it('repeat this order carries each line’s size and the product’s sizes', async () => {
    const placed = await place([{ product_id: 1, size_id: prestige, quantity: 2 }], 720);
    expect(placed.statusCode).toBe(201);
    const res = await as(admin, 'en')('GET', `/api/admin/orders/${placed.json().order.id}/repeat`);
    expect(res.statusCode).toBe(200);
    const [item] = res.json().items;
    expect(item).toMatchObject({ product_id: 1, size_id: prestige, quantity: 2 });
    expect(item.sizes).toEqual([
      { id: classique, name: 'Classic' },
      { id: prestige, name: 'Prestige' },
    ]);
  });
});

describe('changing an order’s lines in a size', () => {
  it('keeps a line’s size when its quantity changes, and prices an added or resized line at its size', async () => {
    const placed = await place([{ product_id: 1, size_id: classique, quantity: 1 }], 220);
    expect(placed.statusCode).toBe(201);
    const id = placed.json().order.id as number;
    const [line] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, id));
    // The line sent without its size keeps it (2 × 180); a Prestige line added (360).
    const edit = await as(admin, 'en')('PUT', `/api/admin/orders/${id}/items`, {
      version: 1,
      items: [
        { id: line!.id, product_id: 1, quantity: 2 },
        { product_id: 1, size_id: prestige, quantity: 1 },
      ],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ subtotal: 720, total_amount: 760 });
    const now = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.id);
    expect(now.map((l) => [l.sizeId, l.sizeName, l.quantity, l.unitPriceCents])).toEqual([
      [classique, 'Classique', 2, toCents(180)],
      [prestige, 'Prestige', 1, toCents(360)],
    ]);
    expect(now[1]!.sizeNames).toEqual({ fr: 'Prestige', en: 'Prestige', ar: 'فاخر' });

    // The Classique line moved to Prestige merges with it, at the Prestige price.
    const moved = await as(admin, 'en')('PUT', `/api/admin/orders/${id}/items`, {
      version: 2,
      items: [
        { id: now[0]!.id, product_id: 1, size_id: prestige, quantity: 2 },
        { id: now[1]!.id, product_id: 1, quantity: 1 },
      ],
    });
    expect(moved.statusCode).toBe(200);
    const after = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, id));
    expect(after.map((l) => [l.sizeId, l.quantity, l.unitPriceCents])).toEqual([[prestige, 3, toCents(360)]]);
    expect(moved.json().data).toMatchObject({ subtotal: 1080 });
  });

  it('an added line of a product with sizes needs one', async () => {
    const placed = await place([{ product_id: 1, size_id: classique, quantity: 1 }], 220);
    const id = placed.json().order.id as number;
    const [line] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, id));
    const res = await as(admin, 'fr')('PUT', `/api/admin/orders/${id}/items`, {
      items: [
        { id: line!.id, product_id: 1, quantity: 1 },
        { product_id: 1, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['items.1.size_id']).toEqual(['Choisissez une taille pour ce produit.']);
  });
});
