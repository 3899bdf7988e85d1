/**
 * Abuse of the public checkout and of accounts, with the rate limits ON: orders per IP and per address,
 * caps on units, coupon attempts per IP and per cart, per-customer coupon limits across address
 * spellings, guest mails without typed text, common and short admin passwords, password change
 * limited like login, the first super admin never taken over through an unconfirmed sign-up.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalEmail } from '../../../shared/email.js';
import { cartItems, carts, products, users } from '../../db/schema.js';
import { isCommonPassword } from '../../lib/password-policy.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { ensureFirstSuperAdmin } from '../accounts/first-admin.js';
import { ACCOUNT_RATE_LIMITS } from '../accounts/accounts.routes.js';
import { COUPON_RATE_LIMITS } from '../cart/cart.routes.js';
import { CHECKOUT_RATE_LIMITS } from './checkout.routes.js';
import { address, createUser, insertShopFixtures, ORIGIN } from '../../test/shop-fixtures.js';

let ctx: TestContext;
let ipSeq = 0;
/** A fresh client address, so one test's counting never reaches another's. */
const newIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'true' });
  await insertShopFixtures(ctx.db);
  await ctx.db.update(products).set({ stock: 1000 }).where(eq(products.id, 2));
});
afterAll(() => ctx.close());

async function guestCart(quantity = 1, productId = 2) {
  const id = crypto.randomUUID();
  await ctx.db.insert(carts).values({ id, deliveryZoneId: 2 });
  await ctx.db.insert(cartItems).values({ cartId: id, productId, colorId: null, quantity });
  return id;
}

function checkout(opts: {
  cartId?: string;
  email: string;
  ip: string;
  lang?: string;
  total?: number;
  extra?: object;
  auth?: Record<string, string>;
}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/checkout',
    remoteAddress: opts.ip,
    headers: {
      'accept-language': opts.lang ?? 'en',
      origin: ORIGIN,
      'idempotency-key': crypto.randomUUID(),
      ...(opts.cartId ? { cookie: `cart_id=${opts.cartId}` } : {}),
      ...opts.auth,
    },
    payload: {
      address,
      customer: { name: 'Guest', email: opts.email, phone: '0600000000' },
      delivery_zone_id: 2,
      payment_method: 'cash_on_delivery',
      accept_terms: true,
      total_amount: opts.total ?? 149.9,
      ...opts.extra,
    },
  });
}

describe('placing orders is limited', () => {
  it(`per client IP: ${CHECKOUT_RATE_LIMITS.perIp.max} an hour, then 429 in the reader's language`, async () => {
    const ip = newIp();
    for (let i = 0; i < CHECKOUT_RATE_LIMITS.perIp.max; i++) {
      expect((await checkout({ email: `ip-${i}@example.com`, ip })).statusCode).toBe(422); // no cart: still counted
    }
    const refused = await checkout({ email: 'ip-last@example.com', ip, lang: 'fr' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Trop de/);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await checkout({ email: 'other@example.com', ip: newIp() })).statusCode).toBe(422);
  });

  it(`per e-mail address across IPs, whatever its spelling: ${CHECKOUT_RATE_LIMITS.perEmail.max} an hour`, async () => {
    const spellings = ['Spammer@Example.com', 'spam.mer@example.com', 'spammer+1@example.com', 's.p.a.m.m.e.r+x@EXAMPLE.COM'];
    for (let i = 0; i < CHECKOUT_RATE_LIMITS.perEmail.max; i++) {
      expect((await checkout({ email: spellings[i % spellings.length]!, ip: newIp() })).statusCode).toBe(422);
    }
    expect((await checkout({ email: 'spammer+new@example.com', ip: newIp() })).statusCode).toBe(429);
  });

  it('caps units per line and per order with a clear 422 in the reader’s language, nothing written', async () => {
    const line = await checkout({ cartId: await guestCart(51), email: 'bulk@example.com', ip: newIp(), lang: 'ar' });
    expect(line.statusCode).toBe(422);
    expect(line.json().errors.items).toEqual(['الحد الأقصى 50 وحدة لكل منتج. للطلبات الأكبر، يرجى التواصل معنا.']);
    const cartId = await guestCart(50);
    await ctx.db.insert(cartItems).values({ cartId, productId: 1, colorId: 2, quantity: 1 });
    await ctx.db.insert(cartItems).values({ cartId, productId: 4, colorId: 3, quantity: 50 });
    const order = await checkout({ cartId, email: 'bulk2@example.com', ip: newIp(), lang: 'fr' });
    expect(order.statusCode).toBe(422);
    expect(order.json().message).toBe('Au plus 100 unités par commande. Pour une commande plus grande, contactez-nous.');
    const [p] = await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, 2));
    expect(p!.stock).toBe(1000);
  });
});

describe('coupons', () => {
  const apply = (cartId: string, ip: string, code = 'NOPE') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/cart/coupon',
      remoteAddress: ip,
      headers: { origin: ORIGIN, cookie: `cart_id=${cartId}` },
      payload: { code },
    });

  it(`attempts per cart (${COUPON_RATE_LIMITS.perCart.max}) even from many IPs, and per IP (${COUPON_RATE_LIMITS.perIp.max})`, async () => {
    const cartId = await guestCart();
    for (let i = 0; i < COUPON_RATE_LIMITS.perCart.max; i++) expect((await apply(cartId, newIp())).statusCode).toBe(422); // "Invalid Coupon"
    expect((await apply(cartId, newIp())).statusCode).toBe(429);
    const ip = newIp();
    for (let i = 0; i < COUPON_RATE_LIMITS.perIp.max; i++) expect((await apply(crypto.randomUUID(), ip)).statusCode).not.toBe(429);
    expect((await apply(crypto.randomUUID(), ip)).statusCode).toBe(429);
  });

  it('the per-customer limit holds for a guest who changes case, adds a +tag or dots', async () => {
    expect(canonicalEmail(' A.Mina+promo@Example.COM ')).toBe('amina@example.com');
    const once = async (email: string) => {
      const cartId = await guestCart();
      await apply(cartId, newIp(), 'ONCE');
      // 99.90 - 5% + 50 delivery
      return checkout({ cartId, email, ip: newIp(), total: 144.9, extra: { coupon_code: 'ONCE', total_amount: 144.91 } });
    };
    expect((await once('amina@example.com')).statusCode).toBe(201);
    for (const other of ['Amina@Example.com', 'amina+promo@example.com', 'a.mina@example.com']) {
      const res = await once(other);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Invalid Coupon');
    }
  });
});

describe('mails to an address nobody proved', () => {
  it('a guest confirmation shows the order but none of the text the customer typed; the admins see it all', async () => {
    const admin = await createUser(ctx.db, { role: 'admin', language: 'en' });
    await ctx.clearMail();
    const gift = 'Click http://evil.example/win to claim your prize';
    const res = await checkout({
      cartId: await guestCart(),
      email: 'victim@example.com',
      ip: newIp(),
      extra: {
        gift_message: gift,
        recipient: { name: 'Prize Department', phone: '0600000001', anonymous: false },
        address: { ...address, street: 'Call 0800 SCAM now' },
      },
    });
    expect(res.statusCode).toBe(201);
    await ctx.app.mailQueue.settled();
    const guestMail = ctx.mail.sent.find((m) => m.to === 'victim@example.com')!;
    expect(guestMail.text).toContain('Plante verte');
    for (const typed of [gift, 'Prize Department', 'Call 0800 SCAM now', 'Guest']) {
      expect(guestMail.text).not.toContain(typed);
      expect(guestMail.html).not.toContain(typed);
    }
    const notice = ctx.mail.sent.find((m) => m.to === admin.user.email)!;
    expect(notice.text).toContain(gift);
  });
});

describe('passwords', () => {
  const register = (password: string, lang: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: newIp(),
      headers: { 'accept-language': lang },
      payload: {
        name: 'Salma',
        email: `pw-${crypto.randomUUID().slice(0, 8)}@example.com`,
        phone: '0612345678',
        password,
        password_confirmation: password,
      },
    });

  it('refuses the most common passwords in the reader’s language, keeps the 6-character minimum for customers', async () => {
    expect(isCommonPassword('azerty')).toBe(true);
    expect(isCommonPassword('Jasmin-2024')).toBe(false);
    const fr = await register('azerty', 'fr');
    expect(fr.statusCode).toBe(422);
    expect(fr.json().errors.password).toEqual(['Ce mot de passe est trop courant. Choisissez-en un moins facile à deviner.']);
    expect((await register('Password', 'ar')).json().errors.password).toEqual([
      'كلمة المرور هذه شائعة جدًا. يرجى اختيار كلمة مرور يصعب تخمينها.',
    ]);
    expect((await register('Mxq7-z', 'en')).statusCode).toBe(201);
  });

  it('an admin needs 12 characters; password change is limited like login', async () => {
    const admin = await createUser(ctx.db, { role: 'admin', password: 'Long-Enough-Admin-1' });
    const change = (newPassword: string, ip: string, current = 'Long-Enough-Admin-1') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/password/change',
        remoteAddress: ip,
        headers: { 'accept-language': 'en', ...admin.auth },
        payload: { current_password: current, new_password: newPassword, new_password_confirmation: newPassword },
      });
    const short = await change('Short-pw-1!', newIp());
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.new_password).toEqual(['An administrator’s password must be at least 12 characters long.']);
    const ip = newIp();
    let last = 0;
    for (let i = 0; i <= ACCOUNT_RATE_LIMITS.login.max; i++) last = (await change('Another-Long-Admin-2', ip, 'wrong-guess')).statusCode;
    expect(last).toBe(429);
  });

  it('the first super admin is never an unconfirmed sign-up promoted as it is', async () => {
    await ctx.db
      .insert(users)
      .values({ name: 'Squatter', email: 'owner@flora.test', role: 'customer', passwordHash: await hashPassword('squatter-pass') });
    const log: string[] = [];
    await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.role, 'super_admin'));
    await ensureFirstSuperAdmin(ctx.db, { email: 'owner@flora.test', password: 'Operator-Password-2026', log: (m) => log.push(m) });
    const [owner] = await ctx.db.select().from(users).where(eq(users.email, 'owner@flora.test'));
    expect(owner!.role).toBe('super_admin');
    expect(await verifyPassword('squatter-pass', owner!.passwordHash)).toBe(false);
    expect(await verifyPassword('Operator-Password-2026', owner!.passwordHash)).toBe(true);
  });
});
