/**
 * The workshop's day beyond the sheet: what to make (the day's lines added up per product, colour and size,
 * custom bouquets' stems counted, equal to the sheet's lines), the bench's in-preparation / ready mark
 * (apart from the status, audited), and the gift cards as a PDF read back as drawn (line breaks kept,
 * Arabic right to left, the sender or "anonymous", no price).
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visualLines } from '../../../shared/pdf/read-back.js';
import { auditLog, orderItems, orders, productSizes, products } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertOrder, type OrderSeed } from './order-fixtures.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);
const day = '2031-06-11';
let ids: Record<'plain' | 'custom' | 'arabic' | 'cancelled' | 'otherDay' | 'noCard', number>;

type Line = {
  product: number | null;
  name: string;
  names?: { fr: string; en: string; ar: string };
  color?: [number, string, string];
  /** The size's id and its French and Arabic names. */
  size?: [number, string, string];
  qty: number;
};

/** An order of `day` with its lines, colours and names as the checkout keeps them. */
async function placed(seed: OrderSeed, lines: Line[], extra: Partial<typeof orders.$inferInsert> = {}) {
  const id = await insertOrder(ctx.db, { deliveryDate: day, ...seed });
  await ctx.db
    .update(orders)
    .set({ deliveryZoneId: 1, ...extra })
    .where(eq(orders.id, id));
  await ctx.db.insert(orderItems).values(
    lines.map((l) => ({
      orderId: id,
      productId: l.product,
      productName: l.name,
      productNames: l.names ?? null,
      colorId: l.color?.[0] ?? null,
      colorName: l.color?.[1] ?? null,
      colorNames: l.color ? { fr: l.color[1], en: l.color[1], ar: l.color[2] } : null,
      colorHex: l.color ? '#C0392B' : null,
      sizeId: l.size?.[0] ?? null,
      sizeName: l.size?.[1] ?? null,
      sizeNames: l.size ? { fr: l.size[1], en: l.size[1], ar: l.size[2] } : null,
      quantity: l.qty,
      originalUnitPriceCents: 1000,
      unitPriceCents: 1000,
    })),
  );
  return id;
}

const rose = { fr: 'Rose', en: 'Rose', ar: 'وردة' };
const red: [number, string, string] = [1, 'Rouge', 'أحمر'];
const white: [number, string, string] = [2, 'Blanc', 'أبيض'];

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
  ids = {
    plain: await placed(
      { name: 'Sara Bennani' },
      [
        { product: 1, name: 'Bouquet de roses', color: red, qty: 2 },
        { product: 2, name: 'Plante verte', qty: 1 },
      ],
      { recipientName: 'Leila', giftMessage: 'Joyeux anniversaire Maman\nGros bisous\n\nSara' },
    ),
    // A custom bouquet: its stems are lines of single-stem products, counted with the rest.
    custom: await placed(
      { customized: true, name: 'Omar' },
      [
        { product: 3, name: 'Rose', names: rose, color: red, qty: 12 },
        { product: 3, name: 'Rose', names: rose, color: white, qty: 5 },
        { product: 1, name: 'Bouquet de roses', color: red, qty: 1 },
      ],
      { recipientName: 'Nadia', anonymousSender: true, giftMessage: 'Tu es unique.' },
    ),
    arabic: await placed({ language: 'ar', name: 'ليلى بنعلي' }, [{ product: 3, name: 'وردة', names: rose, color: red, qty: 3 }], {
      recipientName: 'سلمى',
      giftMessage: 'كل عام وأنت بخير\nمع كل حبي',
    }),
    cancelled: await placed({ status: 'cancelled' }, [{ product: 1, name: 'Bouquet de roses', color: red, qty: 50 }], {
      giftMessage: 'Annulée',
    }),
    otherDay: await placed({ deliveryDate: '2031-06-12' }, [{ product: 1, name: 'Bouquet de roses', color: red, qty: 40 }], {
      giftMessage: 'Demain',
    }),
    noCard: await placed({}, [{ product: 4, name: 'Grand bouquet', qty: 1 }]),
  };
});
afterAll(async () => {
  await ctx.close();
});

type Production = {
  day: string;
  lines: {
    product_id: number | null;
    name: string;
    size: string | null;
    is_extra: boolean;
    color: string | null;
    quantity: number;
    custom_quantity: number;
    orders: number;
  }[];
  total_quantity: number;
  marks: { none: number; in_preparation: number; ready: number };
};
const production = async (lang = 'fr') => {
  const res = await as(admin, lang)('GET', `/api/admin/orders/workshop/production?day=${day}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Production;
};

describe('GET /api/admin/orders/workshop/production', () => {
  it('adds the day’s lines up per product and colour, custom bouquets’ stems included, cancelled orders and other days left out', async () => {
    const p = await production();
    expect(p.day).toBe(day);
    expect(p.lines.map((l) => [l.product_id, l.name, l.color, l.quantity, l.custom_quantity, l.orders])).toEqual([
      [3, 'Rose', 'Rouge', 15, 12, 2],
      [3, 'Rose', 'Blanc', 5, 5, 1],
      [1, 'Bouquet de roses', 'Rouge', 3, 1, 2],
      [4, 'Grand bouquet', null, 1, 0, 1],
      [2, 'Plante verte', null, 1, 0, 1],
    ]);
    expect(p.total_quantity).toBe(25);
  });

  it('adds up one slot’s orders alone with ?slot=, the marks too', async () => {
    await ctx.db.update(orders).set({ deliverySlot: '0900-1200', deliverySlotStarts: '09:00' }).where(eq(orders.id, ids.plain));
    try {
      const res = await as(admin, 'fr')('GET', `/api/admin/orders/workshop/production?day=${day}&slot=0900-1200`);
      expect(res.statusCode).toBe(200);
      const p = res.json() as Production;
      expect(p.lines.map((l) => [l.name, l.color, l.quantity])).toEqual([
        ['Bouquet de roses', 'Rouge', 2],
        ['Plante verte', null, 1],
      ]);
      expect(p.total_quantity).toBe(3);
      expect(p.marks.none + p.marks.in_preparation + p.marks.ready).toBe(1);
      const empty = (await as(admin, 'fr')('GET', `/api/admin/orders/workshop/production?day=${day}&slot=1500-2000`)).json() as Production;
      expect(empty.lines).toEqual([]);
    } finally {
      await ctx.db.update(orders).set({ deliverySlot: null, deliverySlotStarts: null }).where(eq(orders.id, ids.plain));
    }
  });

  it('equals the day’s sheet, line for line', async () => {
    const sheet = (await (await as(admin, 'fr')('GET', `/api/admin/orders/workshop?day=${day}`)).json()) as {
      zones: { orders: { items: { name: string; color: string | null; quantity: number }[] }[] }[];
    };
    const fromSheet = new Map<string, number>();
    for (const item of sheet.zones.flatMap((z) => z.orders.flatMap((o) => o.items))) {
      const key = `${item.name}|${item.color ?? ''}`;
      fromSheet.set(key, (fromSheet.get(key) ?? 0) + item.quantity);
    }
    const p = await production();
    expect(new Map(p.lines.map((l) => [`${l.name}|${l.color ?? ''}`, l.quantity]))).toEqual(fromSheet);
  });

  it('names products and colours in the reader’s language', async () => {
    const p = await production('ar');
    expect(p.lines[0]).toMatchObject({ name: 'وردة', color: 'أحمر' });
  });
});

describe('production totals per size', () => {
  const sizesDay = '2031-06-20';
  const get = async (lang = 'fr') => {
    const res = await as(admin, lang)('GET', `/api/admin/orders/workshop/production?day=${sizesDay}`);
    expect(res.statusCode).toBe(200);
    return res.json() as Production;
  };

  beforeAll(async () => {
    // Product 1 in two of its sizes, and a vase (an extra): three different things to make.
    const [classique, prestige] = await ctx.db
      .insert(productSizes)
      .values([
        { productId: 1, names: { fr: 'Classique', en: 'Classic', ar: 'كلاسيكي' }, priceCents: 20000, sortOrder: 0 },
        { productId: 1, names: { fr: 'Prestige', en: 'Prestige', ar: 'فاخر' }, priceCents: 40000, sortOrder: 1 },
      ])
      .returning();
    await ctx.db.insert(products).values({ id: 70, name: 'Vase', priceCents: 8000, stock: 10, categoryId: 1, isExtra: true });
    const c: [number, string, string] = [classique!.id, 'Classique', 'كلاسيكي'];
    const p: [number, string, string] = [prestige!.id, 'Prestige', 'فاخر'];
    await placed({ deliveryDate: sizesDay }, [
      { product: 1, name: 'Bouquet de roses', color: red, size: p, qty: 1 },
      { product: 70, name: 'Vase', qty: 1 },
    ]);
    await placed({ deliveryDate: sizesDay }, [
      { product: 1, name: 'Bouquet de roses', color: red, size: c, qty: 2 },
      { product: 1, name: 'Bouquet de roses', color: red, size: p, qty: 1 },
    ]);
    await placed({ deliveryDate: sizesDay, language: 'ar' }, [
      { product: 1, name: 'Bouquet de roses', color: red, size: c, qty: 1 },
      { product: 70, name: 'Vase', qty: 2 },
    ]);
  });

  it('splits a product by size, the extras as lines of their own', async () => {
    const p = await get();
    expect(p.lines.map((l) => [l.product_id, l.name, l.size, l.color, l.is_extra, l.quantity, l.orders])).toEqual([
      [1, 'Bouquet de roses — Classique', 'Classique', 'Rouge', false, 3, 2],
      [70, 'Vase', null, null, true, 3, 2],
      [1, 'Bouquet de roses — Prestige', 'Prestige', 'Rouge', false, 2, 2],
    ]);
    expect(p.total_quantity).toBe(8);
    const ar = await get('ar');
    expect(ar.lines.map((l) => l.size)).toContain('فاخر');
  });

  it('equals the day’s order lines, size by size', async () => {
    const sheet = (await (await as(admin, 'fr')('GET', `/api/admin/orders/workshop?day=${sizesDay}`)).json()) as {
      zones: { orders: { items: { name: string; color: string | null; quantity: number }[] }[] }[];
    };
    const fromSheet = new Map<string, number>();
    for (const item of sheet.zones.flatMap((z) => z.orders.flatMap((o) => o.items))) {
      const key = `${item.name}|${item.color ?? ''}`;
      fromSheet.set(key, (fromSheet.get(key) ?? 0) + item.quantity);
    }
    expect(fromSheet.size).toBe(3);
    const p = await get();
    expect(new Map(p.lines.map((l) => [`${l.name}|${l.color ?? ''}`, l.quantity]))).toEqual(fromSheet);
    // And equal to the order lines as stored.
    const stored = await ctx.db
      .select({ q: orderItems.quantity, o: orders.deliveryDate })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId));
    expect(stored.filter((r) => r.o === sizesDay).reduce((n, r) => n + r.q, 0)).toBe(p.total_quantity);
  });
});

describe('PUT /api/admin/orders/:id/workshop-state', () => {
  const put = (id: number, state: unknown, lang = 'fr') => as(admin, lang)('PUT', `/api/admin/orders/${id}/workshop-state`, { state });

  it('marks an order in preparation then ready, apart from its status and version, each change audited', async () => {
    const before = (await ctx.db.select().from(orders).where(eq(orders.id, ids.plain)))[0]!;
    let res = await put(ids.plain, 'in_preparation');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: ids.plain, workshop_state: 'in_preparation' });
    expect((await production()).marks).toEqual({ none: 3, in_preparation: 1, ready: 0 });
    res = await put(ids.plain, 'ready');
    expect(res.json()).toEqual({ id: ids.plain, workshop_state: 'ready' });
    const after = (await ctx.db.select().from(orders).where(eq(orders.id, ids.plain)))[0]!;
    expect(after).toMatchObject({ workshopState: 'ready', orderStatus: before.orderStatus, version: before.version });
    const sheet = await (await as(admin)('GET', `/api/admin/orders/workshop?day=${day}`)).json();
    const onSheet = sheet.zones.flatMap((z: { orders: unknown[] }) => z.orders).find((o: { id: number }) => o.id === ids.plain);
    expect(onSheet.workshop_state).toBe('ready');
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.workshop_state'), eq(auditLog.entityId, String(ids.plain))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ actorId: admin.id, before: { workshop_state: 'in_preparation' }, after: { workshop_state: 'ready' } });
    res = await put(ids.plain, null);
    expect(res.json().workshop_state).toBeNull();
    expect((await production()).marks.none).toBe(4);
  });

  it('refuses a cancelled order, an unknown one and an unknown mark, in the reader’s language', async () => {
    let res = await put(ids.cancelled, 'ready');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/annulée/);
    res = await put(999_999, 'ready');
    expect(res.statusCode).toBe(404);
    res = await put(ids.plain, 'delivered');
    expect(res.statusCode).toBe(422);
    expect((await ctx.db.select({ s: orders.workshopState }).from(orders).where(eq(orders.id, ids.cancelled)))[0]!.s).toBeNull();
  });

  it('is for the back office only', async () => {
    const customer = await userWithSession(ctx.db, 'customer');
    expect((await as(customer)('PUT', `/api/admin/orders/${ids.plain}/workshop-state`, { state: 'ready' })).statusCode).toBe(403);
    expect((await as(null)('GET', `/api/admin/orders/cards.pdf?day=${day}`)).statusCode).toBe(401);
  });
});

describe('the gift cards', () => {
  const pdf = async (url: string) => {
    const res = await as(admin, 'fr')('GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return { res, pages: await visualLines(new Uint8Array(res.rawPayload)) };
  };
  /** Arabic as drawn: its letters right to left, so read back left to right it is reversed. */
  const drawn = (arabic: string) => Array.from(arabic).reverse().join('');

  it('prints one card per order with a message, in the sheet’s order, line breaks kept, no price', async () => {
    const { res, pages } = await pdf(`/api/admin/orders/cards.pdf?day=${day}`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="cards-${day}.pdf"`);
    expect(pages).toHaveLength(3);
    const [plain, custom, arabic] = pages as [string[], string[], string[]];
    expect(plain).toEqual(['Pour Leila', 'Joyeux anniversaire Maman', 'Gros bisous', 'Sara', '— Sara Bennani', `#${ids.plain}`]);
    // Anonymous: the sender's name is nowhere on the card.
    expect(custom).toEqual(['Pour Nadia', 'Tu es unique.', 'Anonyme', `#${ids.custom}`]);
    // An Arabic order's card is in Arabic, each written line its own line, drawn right to left.
    expect(arabic).toEqual([
      drawn('إلى سلمى'),
      drawn('كل عام وأنت بخير'),
      drawn('مع كل حبي'),
      `${drawn('ليلى بنعلي')} —`,
      `#${ids.arabic}`,
    ]);
    expect(pages.flat().join(' ')).not.toMatch(/MAD|درهم|\d+,\d\d/);
  });

  it('reprints one order’s card; an order without a message has none', async () => {
    const { res, pages } = await pdf(`/api/admin/orders/${ids.custom}/card.pdf`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="card-order-${ids.custom}.pdf"`);
    expect(pages).toEqual([['Pour Nadia', 'Tu es unique.', 'Anonyme', `#${ids.custom}`]]);
    const none = await as(admin, 'fr')('GET', `/api/admin/orders/${ids.noCard}/card.pdf`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/pas de message/);
  });

  it('says so on a day without a card', async () => {
    const { pages } = await pdf('/api/admin/orders/cards.pdf?day=2031-01-01');
    expect(pages.flat().join(' ')).toContain('Aucune commande avec un message de carte');
  });
});
