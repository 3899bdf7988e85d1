/**
 * Delivery slots and pick-up: the slot list of a day (labels per language, started, closed, full, not
 * offered in the zone), the checkout's refusals on `delivery_slot`, the slot on the order, and a
 * pick-up without fee or address. The race for a slot's last place: delivery-slots.concurrency.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, selectableRange, shopClock } from '../../../shared/delivery-date.js';
import { deliverySlots, deliveryZoneSlots, orderAddresses, orders } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { CONTACT_KEY, writeSetting } from '../shop/shop-settings.service.js';
import { address, cartCookie, createUser, insertShopFixtures, ORIGIN } from '../../test/shop-fixtures.js';
import { insertOrder } from '../orders/order-fixtures.js';
import { createSession } from '../accounts/auth.js';

let ctx: TestContext;
let closedDate: string;
let keySeq = 0;
const newKey = () => `slot-key-${Date.now()}-${++keySeq}`;
/** A day every slot is open on: in the selectable range, not the fixtures' closed day. */
let openDay: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ closedDate } = await insertShopFixtures(ctx.db));
  openDay = addDays(selectableRange(new Date()).earliest, 2);
  if (openDay === closedDate) openDay = addDays(openDay, 1);
  await ctx.db.insert(deliverySlots).values([
    { id: 1, key: '0900-1200', starts: '09:00', ends: '12:00', sortOrder: 1 },
    { id: 2, key: '1200-1500', starts: '12:00', ends: '15:00', sortOrder: 2, capacity: 1 },
    { id: 3, key: '1500-2000', starts: '15:00', ends: '20:00', sortOrder: 3, names: { fr: 'Soirée', en: 'Evening', ar: 'المساء' } },
  ]);
  // The evening slot is offered in Rabat (zone 1) only.
  await ctx.db.insert(deliveryZoneSlots).values({ zoneId: 1, slotId: 3 });
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

function shopper(lang = 'en') {
  let cookie: string | undefined;
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, extra: Record<string, string> = {}) => {
    const res = await ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'accept-language': lang, origin: ORIGIN, ...(cookie ? { cookie: `cart_id=${cookie}` } : {}), ...extra },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    cookie = cartCookie(res) ?? cookie;
    return res;
  };
  return { call };
}

/** A guest with one "Plante verte" (99.90) in the cart, for `zone` (default Casablanca, fee 50). */
async function guestCheckout(body: Record<string, unknown>, opts: { lang?: string; zone?: number | null } = {}) {
  const s = shopper(opts.lang);
  await s.call('POST', '/cart/add', { product_id: 2, quantity: 1 });
  const zone = opts.zone === undefined ? 2 : opts.zone;
  if (zone !== null) await s.call('POST', '/cart/delivery-city', { zone_id: zone });
  const fee = zone === 1 ? 40 : zone === 2 ? 50 : 0;
  return s.call(
    'POST',
    '/checkout',
    {
      address,
      customer: { name: 'Amina Alaoui', email: 'amina@example.com', phone: '0612345678' },
      delivery_zone_id: zone,
      payment_method: 'cash_on_delivery',
      accept_terms: true,
      total_amount: 99.9 + fee,
      ...body,
    },
    { 'idempotency-key': newKey() },
  );
}

const slotsOf = async (query: string, lang = 'en') =>
  (await ctx.app.inject({ method: 'GET', url: `/api/delivery/slots?${query}`, headers: { 'accept-language': lang } })).json();

/** The shop's clock set to 13:30 in Casablanca (UTC+1 in December) on 2026-12-08. */
const atHalfPastOne = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-08T12:30:00Z'));
};

describe('GET /api/delivery/slots', () => {
  it('lists the zone’s slots with labels in the request’s language; a slot the zone does not offer is left out', async () => {
    const casablanca = await slotsOf(`date=${openDay}&city=2`, 'fr');
    expect(casablanca).toEqual([
      { key: '0900-1200', label: '9h – 12h', starts: '09:00', ends: '12:00', available: true, reason: null },
      { key: '1200-1500', label: '12h – 15h', starts: '12:00', ends: '15:00', available: true, reason: null },
    ]);
    const rabat = await slotsOf(`date=${openDay}&city=1`, 'ar');
    expect(rabat.map((s: { label: string }) => s.label)).toEqual(['9:00 – 12:00', '12:00 – 15:00', 'المساء']);
    // A pick-up (no city): every active slot.
    expect((await slotsOf(`date=${openDay}`)).map((s: { key: string }) => s.key)).toEqual(['0900-1200', '1200-1500', '1500-2000']);
  });

  it('marks today’s started slots past (shop time) and every slot of a closed day closed', async () => {
    atHalfPastOne();
    const today = await slotsOf('date=2026-12-08&city=1');
    expect(today.map((s: { reason: string | null }) => s.reason)).toEqual(['past', 'past', null]);
    vi.useRealTimers();
    const closed = await slotsOf(`date=${closedDate}&city=1`);
    expect(closed.every((s: { available: boolean; reason: string }) => !s.available && s.reason === 'closed')).toBe(true);
  });

  it('refuses a date that is not a day', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/delivery/slots?date=2026-02-30' });
    expect(res.statusCode).toBe(422);
  });
});

describe('checkout with slots', () => {
  it('requires a slot once the shop has slots, and refuses an unknown one, in the customer’s language', async () => {
    const none = await guestCheckout({ delivery_date: openDay }, { lang: 'fr' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.delivery_slot).toEqual(['Choisissez un créneau.']);
    const unknown = await guestCheckout({ delivery_date: openDay, delivery_slot: 'nope' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.delivery_slot).toEqual(['This time slot does not exist.']);
  });

  it('refuses a slot the zone does not offer', async () => {
    const res = await guestCheckout({ delivery_date: openDay, delivery_slot: '1500-2000' }, { lang: 'ar' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.delivery_slot).toEqual(['هذه الفترة غير متاحة في هذه المدينة.']);
  });

  it('refuses a slot of today that has started; a later one of today goes through', async () => {
    atHalfPastOne();
    // No date: before 15:00 the order goes out the same day.
    const past = await guestCheckout({ delivery_slot: '1200-1500' }, { zone: 1 });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.delivery_slot).toEqual(['This time slot has already started. Please choose another.']);
    const later = await guestCheckout({ delivery_slot: '1500-2000' }, { zone: 1 });
    expect(later.statusCode).toBe(201);
    expect(later.json().order).toMatchObject({ delivery_date: '2026-12-08', delivery_slot: { key: '1500-2000', label: 'Evening' } });
  });

  it('refuses a slot on a closed day', async () => {
    const res = await guestCheckout({ delivery_date: closedDate, delivery_slot: '0900-1200' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      delivery_date: ['We do not deliver on this date. Please choose another day.'],
      delivery_slot: ['We do not deliver that day: no time slot is open.'],
    });
  });

  it('keeps the slot on the order with its labels; a full slot is refused', async () => {
    const first = await guestCheckout({ delivery_date: openDay, delivery_slot: '1200-1500' }, { lang: 'fr' });
    expect(first.statusCode).toBe(201);
    expect(first.json().order).toMatchObject({ delivery_method: 'delivery', delivery_slot: { key: '1200-1500', label: '12h – 15h' } });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, first.json().order.id));
    expect(row).toMatchObject({
      deliverySlot: '1200-1500',
      deliverySlotNames: { fr: '12h – 15h', en: '12:00 – 15:00', ar: '12:00 – 15:00' },
      deliverySlotStarts: '12:00',
    });
    const full = await guestCheckout({ delivery_date: openDay, delivery_slot: '1200-1500' });
    expect(full.statusCode).toBe(422);
    expect(full.json().errors.delivery_slot).toEqual(['This time slot is full that day. Please choose another.']);
    const listed = await slotsOf(`date=${openDay}&city=2`);
    expect(listed.find((s: { key: string }) => s.key === '1200-1500')).toMatchObject({ available: false, reason: 'full' });
    // A cancelled order frees its place.
    await ctx.db.update(orders).set({ orderStatus: 'cancelled' }).where(eq(orders.id, first.json().order.id));
    expect((await guestCheckout({ delivery_date: openDay, delivery_slot: '1200-1500' })).statusCode).toBe(201);
  });
});

describe('pick-up at the shop', () => {
  it('charges no delivery fee and asks no address or zone; the order is collected at the shop', async () => {
    const res = await guestCheckout(
      { address: null, delivery_zone_id: null, delivery_method: 'pickup', delivery_date: openDay, delivery_slot: '1500-2000' },
      { zone: null, lang: 'fr' },
    );
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({
      delivery_method: 'pickup',
      shipping_cost: 0,
      total_amount: 99.9,
      delivery_city: 'Retrait en boutique',
      delivery_slot: { key: '1500-2000', label: 'Soirée' },
    });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ deliveryZoneId: null, deliveryMethod: 'pickup', shippingCents: 0 });
    const shipping = await ctx.db.select().from(orderAddresses).where(eq(orderAddresses.orderId, order.id));
    expect(shipping.find((a) => a.kind === 'shipping')).toMatchObject({
      fullName: 'Amina Alaoui',
      city: 'Retrait en boutique',
      phone: '0612345678',
    });
  });

  it('a pick-up is charged no fee even when the cart has a city', async () => {
    const res = await guestCheckout({ delivery_method: 'pickup', delivery_date: openDay, delivery_slot: '0900-1200', total_amount: 99.9 });
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ shipping_cost: 0, delivery_method: 'pickup' });
  });

  it('a delivery still needs its address and zone; a pick-up without address needs a name and phone', async () => {
    const noAddress = await guestCheckout({ address: null, delivery_date: openDay, delivery_slot: '0900-1200' });
    expect(noAddress.statusCode).toBe(422);
    expect(Object.keys(noAddress.json().errors)).toContain('address');
    const noPhone = await guestCheckout(
      {
        address: null,
        delivery_method: 'pickup',
        customer: { email: 'x@example.com', name: 'X' },
        delivery_slot: '0900-1200',
        delivery_date: openDay,
      },
      { zone: null },
    );
    expect(noPhone.statusCode).toBe(422);
    expect(Object.keys(noPhone.json().errors)).toEqual(['customer.phone']);
  });
});

describe('staff orders take a slot', () => {
  it('refuses a full slot and places the order in a free one', async () => {
    const admin = await createUser(ctx.db, { role: 'admin', email: 'slots-admin@flora.test' });
    const place = (slot: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/orders',
        headers: { 'accept-language': 'en', ...admin.auth, 'idempotency-key': newKey() },
        payload: {
          source: 'phone',
          items: [{ product_id: 2, quantity: 1 }],
          customer: { name: 'Karim', phone: '0611111111' },
          address,
          delivery_zone_id: 2,
          delivery_date: openDay,
          delivery_slot: slot,
          payment_method: 'cash_on_delivery',
          total_amount: 149.9,
        },
      });
    const full = await place('1200-1500');
    expect(full.statusCode).toBe(422);
    expect(full.json().errors.delivery_slot).toEqual(['This time slot is full that day. Please choose another.']);
    const ok = await place('0900-1200');
    expect(ok.statusCode).toBe(201);
    expect(ok.json().order.delivery_slot).toEqual({ key: '0900-1200', label: '9:00 – 12:00' });
  });
});

describe('the back office moves an order’s slot or date', () => {
  it('checks the new slot, or the slot on its new day, by the checkout’s rules, in the admin’s language', async () => {
    const admin = await createUser(ctx.db, { role: 'admin', email: 'slots-editor@flora.test' });
    let day = addDays(openDay, 3);
    if (day === closedDate) day = addDays(day, 1);
    let later = addDays(day, 1);
    if (later === closedDate) later = addDays(later, 1);
    const names = (label: string) => ({ fr: label, en: label, ar: label });
    const inCasablanca = async (slot: { key: string; starts: string }) => {
      const id = await insertOrder(ctx.db, { deliveryDate: day, status: 'confirmed', slot: { ...slot, names: names(slot.key) } });
      await ctx.db.update(orders).set({ deliveryZoneId: 2 }).where(eq(orders.id, id));
      return id;
    };
    // The noon slot (room for 1) is taken that day.
    await inCasablanca({ key: '1200-1500', starts: '12:00' });
    const id = await inCasablanca({ key: '0900-1200', starts: '09:00' });
    const edit = (body: Record<string, unknown>, lang = 'en') =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/edit/${id}`,
        headers: { 'accept-language': lang, ...admin.auth },
        payload: { order_status: 'confirmed', payment_status: 'pending', delivery_date: day, ...body },
      });
    const refusal = async (body: Record<string, unknown>, lang = 'en') => {
      const res = await edit(body, lang);
      expect(res.statusCode).toBe(422);
      return res.json().errors.delivery_slot;
    };
    expect(await refusal({ delivery_slot: '1200-1500' })).toEqual(['This time slot is full that day. Please choose another.']);
    expect(await refusal({ delivery_slot: '1200-1500' }, 'fr')).toEqual(['Ce créneau est complet ce jour-là. Choisissez-en un autre.']);
    expect(await refusal({ delivery_slot: '1500-2000' }, 'ar')).toEqual(['هذه الفترة غير متاحة في هذه المدينة.']);
    expect(await refusal({ delivery_slot: 'nope' })).toEqual(['This time slot does not exist.']);
    // Nothing was written by the refusals.
    const [kept] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(kept).toMatchObject({ deliverySlot: '0900-1200', deliveryDate: day });
    // The next day has room at noon: the order moves there with the slot's labels, in one save.
    const moved = await edit({ delivery_date: later, delivery_slot: '1200-1500' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      delivery_date: later,
      delivery_slot: { key: '1200-1500', label: '12:00 – 15:00', names: { fr: '12h – 15h', en: '12:00 – 15:00', ar: '12:00 – 15:00' } },
    });
    // Noon of `later` is now full: another order of that slot cannot be moved to that day.
    const other = await inCasablanca({ key: '1200-1500', starts: '12:00' });
    const move = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/edit/${other}`,
      headers: { 'accept-language': 'en', ...admin.auth },
      payload: { order_status: 'confirmed', payment_status: 'pending', delivery_date: later },
    });
    expect(move.statusCode).toBe(422);
    expect(move.json().errors.delivery_slot).toEqual(['This time slot is full that day. Please choose another.']);

    // At 11:00 today the morning slot has started: a shopper can no longer take it, but staff may
    // move an order into it (a late delivery agreed by phone). The clock may be moved up to 11 hours
    // ahead (a run just after midnight): the admin signs in again under it, as a session left idle
    // longer than its 3 hours has ended.
    const today = shopClock(new Date()).date;
    const late = await insertOrder(ctx.db, {
      deliveryDate: later,
      status: 'confirmed',
      slot: { key: '0900-1200', starts: '09:00', names: names('0900-1200') },
    });
    await ctx.db.update(orders).set({ deliveryZoneId: 2 }).where(eq(orders.id, late));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${today}T10:00:00Z`));
    const session = await createSession(ctx.db, admin.user.id);
    const intoStarted = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/edit/${late}`,
      headers: { 'accept-language': 'en', authorization: `Bearer ${session.token}` },
      payload: { order_status: 'confirmed', payment_status: 'pending', delivery_date: today, delivery_slot: '0900-1200' },
    });
    expect(intoStarted.statusCode, intoStarted.body).toBe(200);
    expect(intoStarted.json().data).toMatchObject({ delivery_date: today, delivery_slot: { key: '0900-1200' } });
  });
});

describe('the slot and the pick-up in the mails and on the tracking page', () => {
  it('the confirmation tells the slot; a pick-up’s tells the shop’s address and hours and no delivery address', async () => {
    await writeSetting(ctx.db, CONTACT_KEY, {
      address: { fr: '12 rue des Fleurs, Rabat', en: '12 Flower street, Rabat', ar: '12 شارع الزهور، الرباط' },
      opening_hours: { fr: 'Lun-sam 9h-20h', en: 'Mon-Sat 9:00-20:00', ar: 'الاثنين-السبت 9:00-20:00' },
    });
    await ctx.clearMail();
    const delivered = await guestCheckout({ delivery_date: openDay, delivery_slot: '0900-1200' }, { lang: 'fr' });
    expect(delivered.statusCode).toBe(201);
    await ctx.app.mailQueue.settled();
    const toCustomer = () => ctx.mail.sent.filter((s) => s.to === 'amina@example.com');
    expect(toCustomer().at(-1)!.text).toContain('créneau 9h – 12h');

    const picked = await guestCheckout(
      { address: null, delivery_zone_id: null, delivery_method: 'pickup', delivery_date: openDay, delivery_slot: '1500-2000' },
      { zone: null, lang: 'ar' },
    );
    expect(picked.statusCode).toBe(201);
    await ctx.app.mailQueue.settled();
    const mail = toCustomer().at(-1)!.text;
    expect(mail).toContain('الاستلام من المتجر يوم');
    expect(mail).toContain('الفترة المساء');
    expect(mail).toContain('عنوان المتجر: 12 شارع الزهور، الرباط');
    expect(mail).toContain('أوقات العمل: الاثنين-السبت 9:00-20:00');
    expect(mail).not.toContain('عنوان التوصيل');

    // The tracking page (the guest's signed link) shows the slot in the page's language.
    const track = await ctx.app.inject({
      method: 'GET',
      url: `/api${picked.json().tracking_url.replace(/^\/ar/, '')}`,
      headers: { 'accept-language': 'fr' },
    });
    expect(track.statusCode).toBe(200);
    expect(track.json()).toMatchObject({ delivery_method: 'pickup', delivery_slot: { key: '1500-2000', label: 'Soirée' } });
  });
});
