/**
 * What the card payment tests share: an app with the gateway's settings, a shopper placing a card
 * order, and the gateway's signed callback (the gateway signs with the same ver3 rule and store key).
 */
import { eq, sql } from 'drizzle-orm';
import { cmiHash } from '../../lib/card-gateway/cmi.js';
import { products } from '../../db/schema.js';
import { sqlRows } from '../../db/sql-rows.js';
import type { TestContext } from '../../test/helpers.js';
import { address, cartCookie, ORIGIN } from '../../test/shop-fixtures.js';

export const CMI_ENV = {
  CMI_CLIENT_ID: '600000001',
  CMI_STORE_KEY: 'test-store-key-1',
  CMI_GATEWAY_URL: 'https://testpayment.cmi.co.ma/fim/est3Dgate',
  CARD_PAYMENT_HOLD_MINUTES: '30',
};

let keys = 0;

/** A visitor who puts `quantity` of product 2 in the cart and checks out by card (or `method`). */
export async function cardCheckout(ctx: TestContext, opts: { lang?: string; quantity?: number; method?: string } = {}) {
  let cookie: string | undefined;
  const call = async (url: string, payload: object, extra: Record<string, string> = {}, method: 'GET' | 'POST' = 'POST') => {
    const res = await ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'accept-language': opts.lang ?? 'en', origin: ORIGIN, ...(cookie ? { cookie: `cart_id=${cookie}` } : {}), ...extra },
      ...(method === 'POST' ? { payload } : {}),
    });
    cookie = cartCookie(res) ?? cookie;
    return res;
  };
  await call('/cart/add', { product_id: 2, quantity: opts.quantity ?? 1 });
  await call('/cart/delivery-city', { zone_id: 2 });
  const cart = (await call('/cart', {}, {}, 'GET')).json();
  return call(
    '/checkout',
    {
      address,
      customer: { name: 'Salma Bennani', email: 'salma@example.ma', phone: '0612345678' },
      delivery_zone_id: 2,
      payment_method: opts.method ?? 'card_payment',
      accept_terms: true,
      total_amount: cart.summary.total,
    },
    { 'idempotency-key': `card-${Date.now()}-${++keys}` },
  );
}

/** The gateway's callback fields for a form it was given, approved or declined, signed (or not). */
export function gatewayResult(fields: Record<string, string>, opts: { approved?: boolean; amount?: string; oid?: string } = {}) {
  const { hash: _h, ...sent } = fields;
  const approved = opts.approved ?? true;
  const result: Record<string, string> = {
    ...sent,
    ...(opts.amount ? { amount: opts.amount } : {}),
    ...(opts.oid ? { oid: opts.oid } : {}),
    ProcReturnCode: approved ? '00' : '05',
    Response: approved ? 'Approved' : 'Declined',
    TransId: `T${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    AuthCode: approved ? '123456' : '',
    maskedCreditCard: approved ? '4242********4242' : '4000********0002',
    ErrMsg: approved ? '' : 'Not sufficient funds',
  };
  result.HASH = cmiHash(result, CMI_ENV.CMI_STORE_KEY);
  return result;
}

export const postForm = (ctx: TestContext, url: string, fields: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

export const callback = (ctx: TestContext, fields: Record<string, string>) => postForm(ctx, '/api/payments/cmi/callback', fields);

export async function orderState(ctx: TestContext, orderId: number) {
  const [order] = await sqlRows<{ payment_status: string; order_status: string; version: number }>(
    ctx.db,
    sql`select payment_status, order_status, version from orders where id = ${orderId}`,
  );
  const payments = await sqlRows<{ method: string; amount_cents: number; reference: string | null }>(
    ctx.db,
    sql`select method, amount_cents, reference from order_payments where order_id = ${orderId} order by id`,
  );
  const attempts = await sqlRows<{
    oid: string;
    status: string;
    transaction_id: string | null;
    auth_code: string | null;
    masked_card: string | null;
  }>(
    ctx.db,
    sql`select oid, status, transaction_id, auth_code, masked_card from card_payment_attempts where order_id = ${orderId} order by id`,
  );
  const mails = await sqlRows<{ kind: string }>(
    ctx.db,
    sql`select kind from mail_outbox where (payload ->> 'orderId')::int = ${orderId} and kind like 'order_payment%' order by id`,
  );
  return { ...order!, payments, attempts, mails: mails.map((m) => m.kind) };
}

export async function stockOf(ctx: TestContext, id: number) {
  const [p] = await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return p!.stock;
}
