/**
 * Races only a real PostgreSQL shows: the gateway sending the same approved callback twice at once, and
 * an approval racing the hold's expiry. Run:
 * TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project server server/modules/payments/card-callback.concurrency.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestContext } from '../../test/helpers.js';
import { insertShopFixtures } from '../../test/shop-fixtures.js';
import { orderTrackingToken } from '../orders/order-links.js';
import { expireCardHolds } from './card-holds.js';
import { callback, cardCheckout, CMI_ENV, gatewayResult, orderState, stockOf } from './card-test-kit.js';

let ctx: TestContext;

describe.skipIf(!onPostgres)('card callbacks under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    ctx = await createTestApp(CMI_ENV);
    await insertShopFixtures(ctx.db);
  });
  afterAll(() => ctx?.close());

  it('two identical approved callbacks at once pay once', async () => {
    const placed = (await cardCheckout(ctx)).json();
    const result = gatewayResult(placed.payment.fields);
    const answers = await Promise.all(Array.from({ length: 2 }, () => callback(ctx, result)));
    expect(answers.map((a) => a.body)).toEqual(['ACTION=POSTAUTH', 'ACTION=POSTAUTH']);
    const state = await orderState(ctx, placed.order.id);
    expect(state.payment_status).toBe('paid');
    expect(state.payments).toHaveLength(1);
    expect(state.mails).toEqual(['order_payment_received']);
  });

  it('ten attempts of one order approved at once: one payment, the others not captured', async () => {
    const placed = (await cardCheckout(ctx)).json();
    const token = orderTrackingToken(ctx.dataDir, placed.order.id, 'salma@example.ma');
    const forms = [placed.payment.fields];
    for (let i = 0; i < 9; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/payments/orders/${placed.order.id}/attempt`, payload: { token } });
      forms.push(res.json().payment.fields);
    }
    const answers = await Promise.all(forms.map((f) => callback(ctx, gatewayResult(f))));
    expect(answers.filter((a) => a.body === 'ACTION=POSTAUTH')).toHaveLength(1);
    expect(answers.filter((a) => a.body === 'APPROVED')).toHaveLength(9);
    expect((await orderState(ctx, placed.order.id)).payments).toHaveLength(1);
  });

  it('an approval racing the hold expiry: either paid and kept, or cancelled with its stock back and not captured', async () => {
    for (let round = 0; round < 5; round++) {
      await expireCardHolds(ctx.db, new Date(Date.now() + 31 * 60_000));
      const before = await stockOf(ctx, 2);
      const placed = (await cardCheckout(ctx)).json();
      const [answer] = await Promise.all([
        callback(ctx, gatewayResult(placed.payment.fields)),
        expireCardHolds(ctx.db, new Date(Date.now() + 31 * 60_000)),
      ]);
      const state = await orderState(ctx, placed.order.id);
      if (answer.body === 'ACTION=POSTAUTH') {
        expect(state).toMatchObject({ payment_status: 'paid', order_status: 'pending' });
        expect(await stockOf(ctx, 2)).toBe(before - 1);
      } else {
        expect(answer.body).toBe('APPROVED');
        expect(state).toMatchObject({ order_status: 'cancelled', payments: [] });
        expect(await stockOf(ctx, 2)).toBe(before);
      }
    }
  });
});
