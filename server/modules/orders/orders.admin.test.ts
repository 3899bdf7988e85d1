/**
 * Back-office orders: list filters, one order, the edit rules (stock on cancel and un-cancel, history,
 * stale edits, customer mails, required statuses, lines and details in one save), the CSV export
 * and "notify the admins".
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, closedDates, orders, orderStatusHistory, products } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { insertOrder } from './order-fixtures.js';

let ctx: TestContext;
let admin: TestUser;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
});
afterAll(async () => {
  await ctx.close();
});

const stockOf = async (id: number) => (await ctx.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const setStock = (id: number, stock: number) => ctx.db.update(products).set({ stock }).where(eq(products.id, id));
const edit = (id: number, body: object, lang = 'en') => as(admin, lang)('PUT', `/api/admin/orders/edit/${id}`, body);

describe('PUT /api/admin/orders/edit/:id', () => {
  it('puts the units back once when cancelled, takes them again when reopened', async () => {
    await setStock(1, 3);
    const id = await insertOrder(ctx.db, { lines: [[1, 2, 180]] });
    let res = await edit(id, { order_status: 'cancelled', payment_status: 'pending', version: 1 });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(1)).toBe(5);
    // Still cancelled, only the payment changes: no second restock.
    res = await edit(id, { order_status: 'cancelled', payment_status: 'refunded', version: 2 });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(1)).toBe(5);
    res = await edit(id, { order_status: 'confirmed', payment_status: 'pending', version: 3 });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(1)).toBe(3);
    expect(res.json().data.order_status).toBe('confirmed');
  });

  it('refuses to leave cancelled with 409 naming the product when the stock is short, and changes nothing', async () => {
    await setStock(1, 10);
    const id = await insertOrder(ctx.db, {
      lines: [
        [1, 4, 180],
        [2, 1, 99.9],
      ],
    });
    expect((await edit(id, { order_status: 'cancelled', payment_status: 'pending', version: 1 })).statusCode).toBe(200);
    await setStock(1, 1);
    const stock2 = await stockOf(2);
    const res = await edit(id, { order_status: 'delivered', payment_status: 'paid', version: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Product 1');
    expect(res.json().message).toContain('1 left');
    expect(await stockOf(1)).toBe(1);
    expect(await stockOf(2)).toBe(stock2);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({ orderStatus: 'cancelled', version: 2 });
  });

  it('answers 409 with the fresh order to an edit based on an old version', async () => {
    const id = await insertOrder(ctx.db);
    expect(
      (await edit(id, { order_status: 'confirmed', payment_status: 'pending', gift_message: 'Bonne fête', version: 1 })).statusCode,
    ).toBe(200);
    const stale = await edit(id, { order_status: 'cancelled', payment_status: 'pending', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Someone else saved/);
    expect(stale.json().order).toMatchObject({ id, version: 2, order_status: 'confirmed', gift_message: 'Bonne fête' });
  });

  it('applies an edit without a version (the documented contract), and checks one sent as If-Match', async () => {
    const id = await insertOrder(ctx.db);
    const plain = await edit(id, { order_status: 'confirmed', payment_status: 'pending' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data).toMatchObject({ order_status: 'confirmed', version: 2 });
    const withHeader = (version: string, lang = 'en') =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/edit/${id}`,
        payload: { order_status: 'on_delivery', payment_status: 'pending' },
        headers: { 'accept-language': lang, authorization: `Bearer ${admin.token}`, 'if-match': version },
      });
    const stale = await withHeader('"1"');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().order).toMatchObject({ id, version: 2, order_status: 'confirmed' });
    const garbled = await withHeader('soon', 'fr');
    expect(garbled.statusCode).toBe(422);
    expect(JSON.stringify(garbled.json())).toMatch(/If-Match/);
    const fresh = await withHeader('W/"2"');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data).toMatchObject({ order_status: 'on_delivery', version: 3 });
  });

  it('refuses a new delivery date in the past or on a closed day, keeps an unchanged old one', async () => {
    const id = await insertOrder(ctx.db, { deliveryDate: '2020-01-15' });
    // Recording the payment of an order delivered long ago leaves its date alone.
    expect((await edit(id, { order_status: 'delivered', payment_status: 'paid', delivery_date: '2020-01-15' })).statusCode).toBe(200);
    const past = await edit(id, { order_status: 'delivered', payment_status: 'paid', delivery_date: '2020-01-14' }, 'fr');
    expect(past.statusCode).toBe(422);
    expect(JSON.stringify(past.json())).toMatch(/dans le passé/);
    const closed = '2099-05-04';
    await ctx.db.insert(closedDates).values({ date: closed, reason: 'Inventaire' });
    const onClosed = await edit(id, { order_status: 'delivered', payment_status: 'paid', delivery_date: closed }, 'ar');
    expect(onClosed.statusCode).toBe(422);
    expect(JSON.stringify(onClosed.json())).toMatch(/المتجر مغلق/);
    expect((await edit(id, { order_status: 'delivered', payment_status: 'paid', delivery_date: '2099-05-05' })).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous edits of the same version through', async () => {
    const id = await insertOrder(ctx.db, { lines: [[2, 1, 99.9]] });
    const before = await stockOf(2);
    const answers = await Promise.all([
      edit(id, { order_status: 'cancelled', payment_status: 'pending', version: 1 }),
      edit(id, { order_status: 'cancelled', payment_status: 'pending', version: 1 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(2)).toBe(before + 1);
  });

  it('writes a history row naming the admin, and mails the customer in their language', async () => {
    const id = await insertOrder(ctx.db, { language: 'ar', email: 'layla@example.com' });
    await ctx.app.mailQueue.settled(); // the earlier tests' mails first: they are not this test's
    const sentBefore = ctx.mail.sent.length;
    const res = await edit(id, {
      order_status: 'delivered',
      payment_status: 'paid',
      delivery_date: '2099-05-02',
      address: '5 avenue Hassan II',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.status_history.at(-1)).toMatchObject({ order_status: 'delivered', payment_status: 'paid', changed_by: admin.name });
    expect(data).toMatchObject({ delivery_date: '2099-05-02', address: { street: '5 avenue Hassan II' } });
    await ctx.app.mailQueue.settled();
    const mails = ctx.mail.sent.slice(sentBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'layla@example.com', subject: `تم توصيل طلبك رقم ${id}` });
    // Same status again (payment only): no history of status change mail.
    expect((await edit(id, { order_status: 'delivered', payment_status: 'paid', version: 2 })).statusCode).toBe(200);
    await ctx.app.mailQueue.settled();
    expect(ctx.mail.sent.length).toBe(sentBefore + 1);
    const rows = await ctx.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
    expect(rows).toHaveLength(2);
  });

  it('sends no mail for a status the customer is not told about, and defaults an empty delivery date to today', async () => {
    const id = await insertOrder(ctx.db, { deliveryDate: '2026-01-01' });
    await ctx.app.mailQueue.settled(); // the earlier tests' mails first: they are not this test's
    const sentBefore = ctx.mail.sent.length;
    const res = await edit(id, { order_status: 'processing', payment_status: 'pending', delivery_date: '', version: 1 });
    expect(res.statusCode).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Casablanca' }).format(new Date());
    expect(res.json().data.delivery_date).toBe(today);
    await ctx.app.mailQueue.settled();
    expect(ctx.mail.sent.length).toBe(sentBefore);
  });

  it('requires order and payment status with the spec’s message, in the reader’s language', async () => {
    const id = await insertOrder(ctx.db);
    const res = await edit(id, { order_status: 'confirmed', version: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.payment_status).toEqual(['Please fill in all required fields (Order Status and Payment Status)']);
    const fr = await edit(id, { payment_status: 'paid', version: 1 }, 'fr');
    expect(fr.json().errors.order_status[0]).toMatch(/^Veuillez remplir/);
  });

  it('answers 404 for an unknown order', async () => {
    expect((await edit(999999, { order_status: 'confirmed', payment_status: 'paid', version: 1 })).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/orders/edit/:id with the lines and the order’s details', () => {
  const lineIds = async (id: number) =>
    ((await as(admin)('GET', `/api/admin/orders/${id}`)).json().order_items as { id: number }[]).map((l) => l.id);

  it('saves the lines and the fields in one save: stock, new total, status, recipient, notes, substitution, history and audit', async () => {
    await setStock(1, 10);
    const id = await insertOrder(ctx.db, { lines: [[1, 2, 180]] });
    const [line] = await lineIds(id);
    const res = await edit(id, {
      order_status: 'confirmed',
      payment_status: 'pending',
      gift_message: 'Joyeux anniversaire',
      recipient: { name: 'Khadija Bennani', phone: '0698765432', anonymous: true },
      order_notes: 'Sonner deux fois',
      substitution: 'call_first',
      items: [{ id: line, product_id: 1, quantity: 3 }],
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      order_status: 'confirmed',
      gift_message: 'Joyeux anniversaire',
      recipient: { name: 'Khadija Bennani', phone: '0698765432', anonymous: true },
      order_notes: 'Sonner deux fois',
      substitution: 'call_first',
      total_amount: 540,
      version: 3,
    });
    expect(data.order_items.map((l: { quantity: number }) => l.quantity)).toEqual([3]);
    expect(await stockOf(1)).toBe(9);
    expect(data.status_history.at(-1)).toMatchObject({
      order_status: 'confirmed',
      note: 'Changed: recipient, notes, substitution',
      changed_by: admin.name,
    });
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
      .orderBy(desc(auditLog.id));
    expect(rows[0]!.action).toBe('order.update');
    expect(rows[0]!.before).toMatchObject({
      recipient: null,
      substitution: 'similar',
      lines: [{ product_id: 1, quantity: 2 }],
      total_cents: 36000,
    });
    expect(rows[0]!.after).toMatchObject({
      recipient: { name: 'Khadija Bennani' },
      order_notes: 'Sonner deux fois',
      substitution: 'call_first',
      lines: [{ product_id: 1, quantity: 3 }],
      total_cents: 54000,
    });
  });

  it('keeps the details an edit leaves out, clears the recipient and notes on null', async () => {
    const id = await insertOrder(ctx.db);
    await edit(id, {
      order_status: 'pending',
      payment_status: 'pending',
      recipient: { name: 'Fatima Zahra', phone: null },
      order_notes: 'Portail vert',
    });
    const kept = await edit(id, { order_status: 'confirmed', payment_status: 'pending' });
    expect(kept.json().data).toMatchObject({
      recipient: { name: 'Fatima Zahra', phone: null, anonymous: false },
      order_notes: 'Portail vert',
    });
    const cleared = await edit(id, { order_status: 'confirmed', payment_status: 'pending', recipient: null, order_notes: '' }, 'fr');
    expect(cleared.json().data).toMatchObject({ recipient: null, order_notes: null });
    expect(cleared.json().data.status_history.at(-1).note).toBe('Modifié : destinataire, notes');
    const blank = await edit(id, { order_status: 'confirmed', payment_status: 'pending', recipient: { name: '  ' } });
    expect(blank.statusCode).toBe(422);
  });

  it('saves nothing when a line is refused (stock short): the fields stay as they were too', async () => {
    await setStock(1, 0);
    const id = await insertOrder(ctx.db, { lines: [[1, 1, 180]] });
    const [line] = await lineIds(id);
    const res = await edit(id, {
      order_status: 'confirmed',
      payment_status: 'paid',
      gift_message: 'Perdu ?',
      items: [{ id: line, product_id: 1, quantity: 4 }],
      version: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Not enough stock/);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending', giftMessage: null, version: 1 });
    expect(await stockOf(1)).toBe(0);
  });

  it('answers 409 with the fresh order when lines and fields are based on an old version', async () => {
    await setStock(1, 10);
    const id = await insertOrder(ctx.db, { lines: [[1, 1, 180]] });
    const [line] = await lineIds(id);
    expect((await edit(id, { order_status: 'confirmed', payment_status: 'pending', version: 1 })).statusCode).toBe(200);
    const stale = await edit(id, {
      order_status: 'confirmed',
      payment_status: 'pending',
      items: [{ id: line, product_id: 1, quantity: 2 }],
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().order).toMatchObject({ id, version: 2, total_amount: 180 });
    expect(await stockOf(1)).toBe(10);
  });
});

describe('GET /api/admin/orders', () => {
  let ids: Record<string, number>;
  const list = async (query: string) => (await as(admin)('GET', `/api/admin/orders?${query}`)).json();

  beforeAll(async () => {
    const at = (iso: string) => new Date(iso);
    ids = {
      old: await insertOrder(ctx.db, {
        name: 'Youssef Bennani',
        email: 'youssef@shop.test',
        createdAt: at('2025-01-10T10:00:00Z'),
        status: 'delivered',
      }),
      custom: await insertOrder(ctx.db, {
        name: 'Salma Idrissi',
        email: 'salma@shop.test',
        createdAt: at('2025-05-31T23:30:00Z'),
        customized: true,
      }),
      mid: await insertOrder(ctx.db, {
        name: 'Karim Tazi',
        email: 'KARIM@shop.test',
        createdAt: at('2025-06-05T10:00:00Z'),
        status: 'confirmed',
      }),
    };
    for (let i = 0; i < 11; i++)
      await insertOrder(ctx.db, {
        name: `Bulk ${i}`,
        email: `bulk${i}@paging.test`,
        createdAt: at(`2025-04-${String(i + 1).padStart(2, '0')}T10:00:00Z`),
      });
  });

  it('finds by e-mail or name (any case, substring) and by id', async () => {
    expect((await list('search=karim@SHOP')).data.map((o: { id: number }) => o.id)).toEqual([ids.mid]);
    // A whole address, in another case than it was typed at checkout.
    expect((await list('search=Karim@Shop.Test')).data.map((o: { id: number }) => o.id)).toEqual([ids.mid]);
    expect((await list('search=idrissi')).data.map((o: { id: number }) => o.id)).toEqual([ids.custom]);
    expect((await list(`search=%23${ids.old}`)).data.map((o: { id: number }) => o.id)).toContain(ids.old);
    expect((await list('search=100%25')).data).toEqual([]);
  });

  it('lists the orders due on a delivery day (the day the florist is about to close)', async () => {
    const due = await insertOrder(ctx.db, { deliveryDate: '2098-03-09' });
    await insertOrder(ctx.db, { deliveryDate: '2098-03-10' });
    const answer = await list('delivery=2098-03-09');
    expect(answer.data.map((o: { id: number }) => o.id)).toEqual([due]);
    expect(answer.meta.total).toBe(1);
    expect((await as(admin)('GET', '/api/admin/orders?delivery=9-3-2098')).statusCode).toBe(422);
  });

  it('filters by status, type and shop-calendar dates, sorts, and pages by 10', async () => {
    expect((await list('status=confirmed&search=shop.test')).data.map((o: { id: number }) => o.id)).toEqual([ids.mid]);
    expect((await list('type=customized')).data.map((o: { id: number }) => o.id)).toEqual([ids.custom]);
    // Regular = orders minus customized orders of the rollup: same as counting the orders.
    const all = (await list('')).meta.total;
    expect((await list('type=regular')).meta.total).toBe(all - 1);
    expect((await list('type=regular&from=2025-06-01&to=2025-06-30')).meta.total).toBe(1);
    // 2025-05-31T23:30Z is 1 June 00:30 in Casablanca (UTC+1 outside Ramadan).
    expect((await list('from=2025-06-01&to=2025-06-30')).data.map((o: { id: number }) => o.id)).toEqual([ids.mid, ids.custom]);
    expect((await list('from=2025-05-01&to=2025-05-31')).data).toEqual([]);
    // Counted from the daily rollup (no search, no type): same answer as counting orders.
    expect((await list('from=2025-06-01&to=2025-06-30')).meta.total).toBe(2);
    expect((await list('from=2025-06-01&to=2025-06-30&status=confirmed')).meta.total).toBe(1);
    expect((await list('sort=oldest&search=shop.test')).data.map((o: { id: number }) => o.id)).toEqual([ids.old, ids.custom, ids.mid]);
    const page1 = await list('search=paging.test');
    expect(page1.data).toHaveLength(10);
    expect(page1.meta).toMatchObject({ total: 11, per_page: 10, last_page: 2 });
    expect(page1.orders).toEqual(page1.data);
    expect((await list('search=paging.test&page=2')).data).toHaveLength(1);
  });

  it('refuses a bad filter with 422', async () => {
    expect((await as(admin)('GET', '/api/admin/orders?status=lost')).statusCode).toBe(422);
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('gives the lines with today’s stock, description and tags, and the version', async () => {
    await ctx.db.update(products).set({ tags: 'roses, amour', description: 'Douze roses' }).where(eq(products.id, 1));
    await setStock(1, 7);
    const id = await insertOrder(ctx.db, {
      lines: [
        [1, 1, 180],
        [null, 1, 50],
      ],
    });
    const res = await as(admin)('GET', `/api/admin/orders/${id}`);
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({ id, version: 1, customer_email: 'amina@example.com', substitution: 'similar' });
    expect(order.order_items[0]).toMatchObject({ product_id: 1, stock: 7, tags: ['roses', 'amour'], description: 'Douze roses' });
    expect(order.order_items[1]).toMatchObject({ product_id: null, stock: null, tags: [], description: null });
    expect((await as(admin)('GET', '/api/admin/orders/999999')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/notify-new-order', () => {
  it('mails every admin and says how many', async () => {
    const id = await insertOrder(ctx.db);
    const admins = (await ctx.db.select().from((await import('../../db/schema.js')).users)).filter((u) => u.role !== 'customer').length;
    const res = await as(admin)('POST', '/api/admin/notify-new-order', { order_id: id, order_data: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ admins_notified: admins, message: `Notification sent to admins: ${admins}` });
    expect((await as(admin)('POST', '/api/admin/notify-new-order', { order_id: 999999 })).statusCode).toBe(404);
  });
});

describe('GET /api/admin/orders/export.csv', () => {
  /** The file as a spreadsheet reads it: BOM, then lines of `;`-separated cells (quotes undone). */
  const readBack = (body: string) => {
    expect(body.startsWith('\uFEFF')).toBe(true);
    return body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((line) =>
        [...line.matchAll(/(?:^|;)("(?:[^"]|"")*"|[^;]*)/g)].map((m) => m[1]!.replace(/^"([\s\S]*)"$/, '$1').replace(/""/g, '"')),
      );
  };

  it('exports every matching order for French Excel: `;`, BOM, decimal comma, French words, quoting and formula guard', async () => {
    await insertOrder(ctx.db, { name: '=HYPERLINK("x")', email: 'csv1@export.test', total: 1234.5 });
    await insertOrder(ctx.db, { name: 'Nadia; "N."', email: 'csv2@export.test', status: 'confirmed', total: 450 });
    const res = await as(admin, 'fr')('GET', '/api/admin/orders/export.csv?search=export.test&sort=oldest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="orders-/);
    const rows = readBack(res.body);
    expect(rows[0]).toEqual([
      'Commande',
      'Passée le',
      'Client',
      'E-mail',
      'Téléphone',
      'Statut',
      'Paiement',
      'Mode de paiement',
      'Personnalisée',
      'Livraison le',
      'Ville',
      'Articles',
      'Total (MAD)',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.length === 13)).toBe(true);
    expect(rows[1]).toEqual(
      expect.arrayContaining([`'=HYPERLINK("x")`, 'En attente', 'Paiement en attente', 'Paiement à la livraison', 'Non', '1234,50']),
    );
    expect(rows[2]).toEqual(expect.arrayContaining(['Nadia; "N."', 'Confirmée', '450,00']));
    expect(res.body).toContain('"Nadia; ""N."""');
    const confirmed = await as(admin, 'fr')('GET', '/api/admin/orders/export.csv?search=export.test&status=confirmed');
    expect(readBack(confirmed.body)).toHaveLength(2);
  });

  it('speaks the language the screen names in `lang` (Arabic words kept whole), whatever the browser sends', async () => {
    await insertOrder(ctx.db, { name: 'نادية العلوي', email: 'csv3@export-ar.test', status: 'delivered', total: 99.9 });
    const res = await as(admin, 'fr')('GET', '/api/admin/orders/export.csv?search=export-ar.test&lang=ar');
    const rows = readBack(res.body);
    expect(rows[0]!.slice(0, 3)).toEqual(['الطلب', 'تاريخ الطلب', 'الزبون']);
    expect(rows[0]!.at(-1)).toBe('المجموع (درهم)');
    expect(rows[1]).toEqual(expect.arrayContaining(['نادية العلوي', 'تم التوصيل', 'الدفع عند الاستلام', 'لا', '99,90']));
    expect((await as(admin)('GET', '/api/admin/orders/export.csv?lang=de')).statusCode).toBe(422);
  });
});

describe('sales rollups', () => {
  it('match the orders themselves after all the inserts and edits above', async () => {
    const { sql } = await import('drizzle-orm');
    const rows = async (q: ReturnType<typeof sql>) =>
      ((await ctx.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => JSON.stringify(r));
    const live = await rows(
      sql`select order_status, count(*)::int as n, sum(total_cents)::bigint::text as cents from orders group by 1 order by 1`,
    );
    const rolled = await rows(
      sql`select order_status, sum(orders)::int as n, sum(revenue_cents)::bigint::text as cents from sales_hourly group by 1 having sum(orders) <> 0 order by 1`,
    );
    expect(rolled).toEqual(live);
    const liveCategories =
      await rows(sql`select o.order_status, coalesce(p.category_id, 0) as c, sum(oi.unit_price_cents * oi.quantity)::bigint::text as cents
      from order_items oi join orders o on o.id = oi.order_id left join products p on p.id = oi.product_id group by 1, 2 order by 1, 2`);
    const rolledCategories = await rows(
      sql`select order_status, category_id as c, revenue_cents::text as cents from sales_by_category where revenue_cents <> 0 order by 1, 2`,
    );
    expect(rolledCategories).toEqual(liveCategories);
  });
});

describe('POST /api/admin/orders/bulk-cancel', () => {
  const bulk = (body: object, lang = 'en') => as(admin, lang)('POST', '/api/admin/orders/bulk-cancel', body);
  const statusOf = async (id: number) => (await ctx.db.select({ s: orders.orderStatus }).from(orders).where(eq(orders.id, id)))[0]!.s;

  it('cancels chosen guest orders never accepted, restocks each once, skips the others, leaves an audit row', async () => {
    await setStock(1, 10);
    await setStock(2, 10);
    const a = await insertOrder(ctx.db, {
      lines: [
        [1, 2, 180],
        [2, 1, 99.9],
      ],
    });
    const b = await insertOrder(ctx.db, { status: 'not_confirmed', lines: [[1, 3, 180]] });
    const accepted = await insertOrder(ctx.db, { status: 'confirmed', lines: [[1, 1, 180]] });
    const customer = await userWithSession(ctx.db, 'customer');
    const customers = await insertOrder(ctx.db, { userId: customer.id, lines: [[1, 1, 180]] });
    const res = await bulk({ order_ids: [a, b, accepted, customers, 987654] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Orders cancelled: 2; skipped: 3',
      cancelled: [a, b],
      skipped: [accepted, customers, 987654].sort((x, y) => x - y),
    });
    expect(await stockOf(1)).toBe(15);
    expect(await stockOf(2)).toBe(11);
    expect([await statusOf(a), await statusOf(b), await statusOf(accepted), await statusOf(customers)]).toEqual([
      'cancelled',
      'cancelled',
      'confirmed',
      'pending',
    ]);
    const [history] = await ctx.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, a))
      .orderBy(desc(orderStatusHistory.id))
      .limit(1);
    expect(history).toMatchObject({ orderStatus: 'cancelled', changedBy: admin.id });
    const [row] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ actorId: admin.id, action: 'order.bulk_cancel', entity: 'order', after: { cancelled: [a, b] } });

    // Again: nothing left to cancel, no second restock; the edit screen cannot restock it again either.
    const again = await bulk({ order_ids: [a, b] }, 'ar');
    expect(again.json()).toMatchObject({ cancelled: [], skipped: [a, b] });
    expect(again.json().message).toBe('الطلبات الملغاة: 0؛ المتجاهلة: 2');
    expect((await edit(a, { order_status: 'cancelled', payment_status: 'failed', version: 2 })).statusCode).toBe(200);
    expect(await stockOf(1)).toBe(15);
  });

  it('cancels by age: guest orders pending for more than N hours, not the recent ones', async () => {
    await setStock(1, 10);
    const old = await insertOrder(ctx.db, { createdAt: new Date(Date.now() - 49 * 3_600_000), lines: [[1, 1, 180]] });
    const recent = await insertOrder(ctx.db, { createdAt: new Date(Date.now() - 2 * 3_600_000), lines: [[1, 1, 180]] });
    const res = await bulk({ older_than_hours: 48 });
    expect(res.statusCode).toBe(200);
    expect(res.json().cancelled).toContain(old);
    expect(res.json().cancelled).not.toContain(recent);
    expect(await statusOf(recent)).toBe('pending');
    expect(await stockOf(1)).toBe(11);
  });

  it('needs ids or an age, in the reader’s language; admins only', async () => {
    const res = await bulk({}, 'fr');
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain('Choisissez des commandes');
    expect((await bulk({ order_ids: [] })).statusCode).toBe(422);
    expect((await bulk({ older_than_hours: 'x' })).statusCode).toBe(422);
    const customer = await userWithSession(ctx.db, 'customer');
    expect((await as(customer)('POST', '/api/admin/orders/bulk-cancel', { order_ids: [1] })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/orders/bulk-cancel', payload: { order_ids: [1] } })).statusCode).toBe(
      401,
    );
  });
});
