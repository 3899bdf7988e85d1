import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmiHash } from '../../lib/card-gateway/cmi.js';
import { sqlRows } from '../../db/sql-rows.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';
import { orderTrackingToken } from '../orders/order-links.js';
import { setGatewayReachable } from './card-gateway-of.js';
import { expireCardHolds } from './card-holds.js';
import { callback, cardCheckout, CMI_ENV, gatewayResult, orderState, postForm, stockOf } from './card-test-kit.js';
import { payLinkToken } from './pay-links.js';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp(CMI_ENV);
  await insertShopFixtures(ctx.db);
  admin = await userWithSession(ctx.db, 'admin');
});
afterAll(() => ctx.close());

async function orderCount() {
  const [row] = await sqlRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from orders`);
  return Number(row!.n);
}

async function placed(opts: { lang?: string; quantity?: number } = {}) {
  const res = await cardCheckout(ctx, opts);
  expect(res.statusCode).toBe(201);
  const body = res.json();
  return { body, orderId: body.order.id as number, fields: body.payment.fields as Record<string, string> };
}

describe('card checkout', () => {
  it('answers 201 with the order waiting and the signed 3D Pay Hosting form; the stock is held', async () => {
    const before = await stockOf(ctx, 2);
    const { body, orderId, fields } = await placed({ lang: 'ar', quantity: 2 });
    expect(body.order.payment_status).toBe('pending');
    expect(body.order.payment_method).toBe('card_payment');
    expect(body.payment).toMatchObject({ url: CMI_ENV.CMI_GATEWAY_URL, method: 'POST' });
    expect(fields).toMatchObject({
      clientid: CMI_ENV.CMI_CLIENT_ID,
      storetype: '3D_PAY_HOSTING',
      TranType: 'PreAuth',
      amount: (body.order.total_amount as number).toFixed(2),
      currency: '504',
      lang: 'ar',
      hashAlgorithm: 'ver3',
      encoding: 'UTF-8',
      email: 'salma@example.ma',
      BillToName: 'Salma Bennani',
      tel: '0612345678',
      AutoRedirect: 'true',
    });
    expect(fields.oid).toMatch(new RegExp(`^${orderId}-[0-9a-f]{12}$`));
    expect(fields.okUrl).toMatch(/\/api\/payments\/cmi\/ok$/);
    expect(fields.failUrl).toMatch(/\/api\/payments\/cmi\/fail$/);
    expect(fields.callbackUrl).toMatch(/\/api\/payments\/cmi\/callback$/);
    expect(fields.shopurl).toMatch(/\/ar\/?$/);
    expect(fields.hash).toBe(cmiHash(fields, CMI_ENV.CMI_STORE_KEY));
    expect(await stockOf(ctx, 2)).toBe(before - 2);
    const state = await orderState(ctx, orderId);
    expect(state.attempts).toEqual([expect.objectContaining({ oid: fields.oid, status: 'waiting' })]);
  });

  it('refuses a card checkout with a message offering cash while the gateway does not answer; nothing is written', async () => {
    const before = await orderCount();
    setGatewayReachable(CMI_ENV.CMI_GATEWAY_URL, false);
    try {
      const res = await cardCheckout(ctx, { lang: 'fr' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('payer à la livraison');
    } finally {
      setGatewayReachable(CMI_ENV.CMI_GATEWAY_URL, true);
    }
    const after = await orderCount();
    expect(after).toBe(before);
  });
});

describe('gateway callback', () => {
  it('pays once on approval, keeping TransId, AuthCode and the masked card; the same callback again changes nothing', async () => {
    const { orderId, fields } = await placed();
    const result = gatewayResult(fields);
    const first = await callback(ctx, result);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('ACTION=POSTAUTH');
    const paid = await orderState(ctx, orderId);
    expect(paid.payment_status).toBe('paid');
    expect(paid.payments).toEqual([expect.objectContaining({ method: 'card_online', reference: result.TransId })]);
    expect(paid.attempts[0]).toMatchObject({
      status: 'paid',
      transaction_id: result.TransId,
      auth_code: '123456',
      masked_card: '4242********4242',
    });
    expect(paid.mails).toEqual(['order_payment_received']);

    const again = await callback(ctx, result);
    expect(again.body).toBe('ACTION=POSTAUTH');
    expect(await orderState(ctx, orderId)).toEqual(paid);
  });

  it('answers FAILURE and changes nothing for a forged hash, a wrong amount or an unknown oid', async () => {
    const { orderId, fields } = await placed();
    const before = await orderState(ctx, orderId);
    const forged: Record<string, string> = { ...gatewayResult(fields), ProcReturnCode: '00', AuthCode: '999999' };
    forged.HASH = cmiHash(forged, 'not-the-store-key');
    expect((await callback(ctx, forged)).body).toBe('FAILURE');
    const tampered = gatewayResult(fields);
    tampered.amount = '1.00';
    expect((await callback(ctx, tampered)).body).toBe('FAILURE');
    expect((await callback(ctx, gatewayResult(fields, { amount: '1.00' }))).body).toBe('FAILURE');
    expect((await callback(ctx, gatewayResult(fields, { oid: `${orderId}-000000000000` }))).body).toBe('FAILURE');
    expect((await callback(ctx, { oid: fields.oid, amount: fields.amount, ProcReturnCode: '00' })).body).toBe('FAILURE');
    expect(await orderState(ctx, orderId)).toEqual(before);
  });

  it('records a refusal, lets the shopper try again with a new oid, and an old attempt approved late is not captured', async () => {
    const { orderId, fields } = await placed();
    const declined = await callback(ctx, gatewayResult(fields, { approved: false }));
    expect(declined.body).toBe('APPROVED');
    expect(await orderState(ctx, orderId)).toMatchObject({ payment_status: 'failed', order_status: 'pending', payments: [] });

    const token = orderTrackingToken(ctx.dataDir, orderId, 'salma@example.ma', new Date());
    const state = await ctx.app.inject({ method: 'GET', url: `/api/payments/orders/${orderId}?token=${token}` });
    expect(state.json()).toMatchObject({ state: 'failed', can_pay: true });
    const stranger = await ctx.app.inject({ method: 'POST', url: `/api/payments/orders/${orderId}/attempt`, payload: {} });
    expect(stranger.statusCode).toBe(404);
    const retry = await ctx.app.inject({ method: 'POST', url: `/api/payments/orders/${orderId}/attempt`, payload: { token } });
    expect(retry.statusCode).toBe(201);
    const second = retry.json().payment.fields as Record<string, string>;
    expect(second.oid).not.toBe(fields.oid);
    expect((await orderState(ctx, orderId)).payment_status).toBe('pending');

    // A third attempt is opened but the second one pays; then the third's approval comes late.
    const third = (await ctx.app.inject({ method: 'POST', url: `/api/payments/orders/${orderId}/attempt`, payload: { token } })).json()
      .payment.fields as Record<string, string>;
    expect((await callback(ctx, gatewayResult(second))).body).toBe('ACTION=POSTAUTH');
    expect((await callback(ctx, gatewayResult(third))).body).toBe('APPROVED');
    const after = await orderState(ctx, orderId);
    expect(after.payment_status).toBe('paid');
    expect(after.payments).toHaveLength(1);
    expect(after.attempts.map((a) => a.status)).toEqual(['declined', 'paid', 'late']);
  });
});

describe('shopper return', () => {
  it('checks the signature, changes nothing and sends the shopper (303) to the order page in their language', async () => {
    const { orderId, fields } = await placed({ lang: 'ar' });
    const back = await postForm(ctx, '/api/payments/cmi/ok', gatewayResult(fields));
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toMatch(new RegExp(`^/ar/orders/track/${orderId}\\?token=[^&]+&payment=ok$`));
    expect((await orderState(ctx, orderId)).payment_status).toBe('pending');
    const forged = gatewayResult(fields);
    forged.HASH = 'x';
    const refused = await postForm(ctx, '/api/payments/cmi/fail', forged);
    expect(refused.statusCode).toBe(400);
  });
});

describe('stock hold', () => {
  it('cancels an order whose hold ran out, gives its stock back, tells the shopper, and never captures a late approval', async () => {
    // The earlier tests' orders still waiting run out first, so only this order's units move below.
    await expireCardHolds(ctx.db, new Date(Date.now() + 31 * 60_000));
    const before = await stockOf(ctx, 2);
    const { orderId, fields } = await placed({ quantity: 3 });
    expect(await stockOf(ctx, 2)).toBe(before - 3);
    expect(await expireCardHolds(ctx.db, new Date(Date.now() + 29 * 60_000))).not.toContain(orderId);
    const expired = await expireCardHolds(ctx.db, new Date(Date.now() + 31 * 60_000));
    expect(expired).toContain(orderId);
    expect(await stockOf(ctx, 2)).toBe(before);
    const state = await orderState(ctx, orderId);
    expect(state).toMatchObject({ order_status: 'cancelled', mails: ['order_payment_expired'] });
    expect(state.attempts[0]!.status).toBe('expired');
    // A second sweep finds nothing more to do.
    expect(await expireCardHolds(ctx.db, new Date(Date.now() + 40 * 60_000))).not.toContain(orderId);
    expect((await callback(ctx, gatewayResult(fields))).body).toBe('APPROVED');
    expect(await orderState(ctx, orderId)).toMatchObject({ order_status: 'cancelled', payments: [] });
    expect(await stockOf(ctx, 2)).toBe(before);
  });
});

describe('payment links', () => {
  it('gives staff a 48 h link that opens a new attempt each time, mails it, and says so once paid or expired', async () => {
    const cash = await cardCheckout(ctx, { method: 'cash_on_delivery', lang: 'fr' });
    const orderId = cash.json().order.id as number;
    const as = requester(() => ctx.app)(admin, 'fr');
    const link = await as('POST', `/api/admin/orders/${orderId}/payment-link`, { send_mail: true });
    expect(link.statusCode).toBe(200);
    const body = link.json();
    expect(body.url).toMatch(/\/pay\/\d+\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect(body.whatsapp_url).toMatch(/^https:\/\/wa\.me\/212612345678\?text=/);
    expect(decodeURIComponent(body.whatsapp_url.split('text=')[1])).toContain(body.url);
    expect(body.mailed).toBe(true);
    expect((await orderState(ctx, orderId)).mails).toEqual(['order_payment_link']);

    const token = body.url.split('/pay/')[1] as string;
    const page = await ctx.app.inject({ method: 'GET', url: `/api/pay/${token}`, headers: { 'accept-language': 'fr' } });
    expect(page.json()).toMatchObject({ state: 'payable', order: { id: orderId } });
    const one = (await ctx.app.inject({ method: 'POST', url: `/api/pay/${token}` })).json().payment.fields;
    const two = (await ctx.app.inject({ method: 'POST', url: `/api/pay/${token}` })).json().payment.fields;
    expect(one.oid).not.toBe(two.oid);
    expect((await callback(ctx, gatewayResult(two))).body).toBe('ACTION=POSTAUTH');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/pay/${token}` })).json().state).toBe('paid');

    const old = payLinkToken(ctx.dataDir, orderId, new Date(Date.now() - 49 * 3_600_000));
    expect((await ctx.app.inject({ method: 'GET', url: `/api/pay/${old}` })).json().state).toBe('paid');
    const forged = `${orderId + 1}.${token.split('.').slice(1).join('.')}`;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/pay/${forged}` })).statusCode).toBe(404);
  });

  it('refuses an expired link, translated', async () => {
    const cash = await cardCheckout(ctx, { method: 'cash_on_delivery' });
    const old = payLinkToken(ctx.dataDir, cash.json().order.id, new Date(Date.now() - 49 * 3_600_000));
    expect((await ctx.app.inject({ method: 'GET', url: `/api/pay/${old}` })).json().state).toBe('expired');
    const post = await ctx.app.inject({ method: 'POST', url: `/api/pay/${old}`, headers: { 'accept-language': 'ar' } });
    expect(post.statusCode).toBe(410);
    expect(post.json().message).toBe('انتهت صلاحية رابط الدفع هذا. اطلب رابطًا جديدًا من المتجر.');
  });
});

describe('without the gateway settings', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestApp();
    await insertShopFixtures(off.db);
  });
  afterAll(() => off.close());

  it('shows the card as coming soon and refuses it in the request’s language, as before', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/api/payments/card' })).json()).toEqual({ card_payment: false });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/payments/card' })).json()).toEqual({ card_payment: true });
    for (const [lang, text] of [
      ['en', 'Card payment is coming soon. Please select another payment method.'],
      ['fr', 'Le paiement par carte arrive bientôt. Veuillez choisir un autre moyen de paiement.'],
      ['ar', 'الدفع بالبطاقة سيتوفر قريبًا. يرجى اختيار طريقة دفع أخرى.'],
    ] as const) {
      const res = await cardCheckout(off, { lang });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(text);
    }
    expect((await callback(off, { oid: '1-x', amount: '1.00', HASH: 'x' })).body).toBe('FAILURE');
  });

  it("lets the shop's pages post the shopper to the gateway's origin, and nowhere else without the settings", async () => {
    const formAction = async (test: TestContext) =>
      /form-action ([^;]*)/.exec(
        String((await test.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']),
      )?.[1];
    expect(await formAction(ctx)).toBe("'self' https://testpayment.cmi.co.ma");
    expect(await formAction(off)).toBe("'self'");
  });
});
