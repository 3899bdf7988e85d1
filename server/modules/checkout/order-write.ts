/**
 * The checkout's write: takes the stock and writes the order, as named steps composed into ONE
 * statement, sent together with the COMMIT in one round trip.
 *
 * Each step is one or more common table expressions of that statement (`with stock..., order_row
 * as (insert ...), ... select <what must be read>`), in this order:
 * 1. `reserveStock`: the products locked in id order (`order by id for no key update`: the same order
 *    for every transaction, so no deadlock; the lock an update of the stock takes anyway, which lets
 *    other checkouts' foreign-key checks through), then each loses its units only `where stock >=
 *    qty` and still at the unit price the caller computed the totals with; when a product is short or
 *    its price moved, the statement raises `flora_checkout_refused` (migration checkout_refused) and
 *    nothing of it stays;
 * 2. `insertOrder`: the order row (the steps after it name the order by the id it returns), with the
 *    delivery zone's names in every language and its channel (`source`: the storefront, or the staff
 *    channel and who entered it), so an order is never visible without its channel;
 * 3. `insertAddresses`: billing and shipping;
 * 4. `insertLines`: the lines, each with its product's, colour's and size's names in every language read
 *    from the catalogue by id (orders/order-names.ts);
 * 5. `applyCoupon` (when one is used): the coupon's use counted and the redemption recorded;
 * 6. `recordStatus`: the first row of the order's status history, and (a staff order paid as it is
 *    entered) `recordPaymentOnEntry`: its payment;
 * 7. `deleteCart` (cart checkouts);
 * 8. `queueMails`: the confirmation and the admins' notices in the outbox (and their graphile-worker
 *    jobs on PostgreSQL, see lib/mail-queue.ts).
 * A refusal aborts the transaction: nothing is written, the COMMIT behind the statement rolls back,
 * and writeOrder throws StockShortError / PriceMovedError. The rows' triggers (the sales rollups, the
 * guest buyers, the closed-day check) and the foreign-key checks run at the end of the statement, when
 * every row of the order is there.
 *
 * Why all of it at the end, in one statement: every order of a product updates that product's row,
 * and every order moves the same sales rollup rows (the orders and order_items triggers). Those row
 * locks are held until COMMIT, so checkouts of the same product queue behind each other for as long
 * as the first one holds them. The statement leaves with the COMMIT in one write
 * (db/one-trip-transaction.ts says how and what it measured), so the rows stay locked for the
 * statement and the WAL flush only. And one statement rather than a statement per step: each
 * statement costs both processes a message round of their own (seven more statements measured 5-10 %
 * fewer orders per second in the 100-guest storm of bench/checkout.ts). The statement's text is the
 * same for every order of a kind (lines and addresses come as arrays), so it is built once per process
 * and prepared once per connection, like the transaction's reads (checkout-reads.ts).
 */
import { sql } from 'drizzle-orm';
import type { OrderSourceName } from '../../../shared/schemas/staff-orders.js';
import type { Tx } from '../../db/client.js';
import { writeStep, type FinishTransaction, type WriteStep } from '../../db/one-trip-transaction.js';
import type { ShopNames } from '../../db/schema.js';
import { outboxInsert } from '../../lib/mail-queue.js';
import { orderMailRows } from '../orders/order-mails.js';
import { colorNamesSql, productNamesSql } from '../orders/order-names.js';

/** An address as the order write stores it (billing and shipping). */
export interface AddressInput {
  fullName: string;
  street: string;
  city: string;
  state?: string | null;
  postalCode: string;
  country: string;
  phone: string;
}

export interface OrderRowValues {
  userId: number | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  language: string;
  recipientName: string | null;
  recipientPhone: string | null;
  anonymousSender: boolean;
  /** Null for a pick-up at the shop. */
  deliveryZoneId: number | null;
  /** The zone's name in the order's language (what the customer saw); a pick-up's label for a pick-up. */
  deliveryCity: string;
  deliveryZoneNames: ShopNames;
  deliveryDate: string;
  deliveryMethod: string;
  /** The slot's key, its label in every language and its start (the day's sheet sorts by it), or nulls. */
  deliverySlot: string | null;
  deliverySlotNames: ShopNames | null;
  deliverySlotStarts: string | null;
  subtotalCents: number;
  couponId: number | null;
  couponCode: string | null;
  couponDiscountCents: number;
  shippingCents: number;
  totalCents: number;
  paymentMethod: string;
  paymentStatus: string;
  orderStatus: string;
  isCustomized: boolean;
  customInstructions: string | null;
  giftMessage: string | null;
  orderNotes: string | null;
  substitution: string;
  idempotencyKey: string;
  idempotencyScope: string;
  /** Where it was taken: 'storefront', or a staff channel (phone, whatsapp, shop). */
  source: OrderSourceName;
  /** The staff member who entered it (staff channels), else null. */
  enteredBy: number | null;
  createdAt: Date;
}

export interface OrderItemValues {
  productId: number;
  productName: string;
  colorId: number | null;
  colorName: string | null;
  colorHex: string | null;
  /** The size ordered and its name in the order's language (null: the product has no sizes). */
  sizeId: number | null;
  sizeName: string | null;
  quantity: number;
  originalUnitPriceCents: number;
  discount: number;
  unitPriceCents: number;
}

export interface OrderWrite {
  order: OrderRowValues;
  billing: AddressInput;
  shipping: AddressInput;
  items: OrderItemValues[];
  /** Units per product and the unit price the totals were computed with. */
  stock: { productId: number; quantity: number; unitPriceCents: number }[];
  /** The canonical e-mail of a coupon redemption, when a coupon is used (`order.couponId`). */
  redemptionEmail: string | null;
  /** The cart to delete with the order (cart checkouts). */
  cartId: string | null;
  /** Money received as the order is entered (a staff order paid at the counter): one payment of its total. */
  payment?: { method: 'cash' | 'card_terminal' | 'bank_transfer'; reference: string | null; recordedBy: number } | null;
  /** A card order's first payment attempt (`<order id>-<oidSuffix>`), holding the stock until `holdUntil`. */
  cardAttempt?: { oidSuffix: string; holdUntil: Date };
}

/** A product had fewer units than ordered: nothing was written; the caller words the 409. */
export class StockShortError extends Error {
  constructor(readonly productId: number) {
    super('stock short');
  }
}

/** A product's price changed between reading it and locking it: nothing was written; run again. */
export class PriceMovedError extends Error {}

// ---------------------------------------------------------------- the steps

/**
 * 1. The products, locked in id order, each losing its units only when it has them, at the price the
 * totals were computed with; the statement reads `stock`, which is otherwise `flora_checkout_refused`
 * with what was taken and whether a price moved (writeOrder words the refusal).
 */
function reserveStock(w: OrderWrite): WriteStep {
  const stock = [...w.stock].sort((a, b) => a.productId - b.productId);
  return writeStep(
    'stock',
    (v) => sql`
      wanted (id, qty, price) as (select * from unnest(${v('productIds')}::int[], ${v('quantities')}::int[], ${v('prices')}::int[])),
      locked as materialized (select p.id from products p where p.id in (select id from wanted) order by p.id for no key update),
      taken as (
        update products p set stock = p.stock - wanted.qty, popularity = p.popularity + wanted.qty
        from wanted
        where p.id = wanted.id and p.id in (select id from locked) and p.stock >= wanted.qty
        returning p.id, p.final_price_cents = wanted.price as same_price
      )`,
    { productIds: stock.map((s) => s.productId), quantities: stock.map((s) => s.quantity), prices: stock.map((s) => s.unitPriceCents) },
    () => sql`case
        when (select count(*) from taken where same_price) = (select count(*) from wanted) then 'reserved'
        else flora_checkout_refused(
          coalesce((select string_agg(id::text, ',') from taken where same_price), '') || ';'
          || (exists (select 1 from taken where not same_price))::text)::text
      end as stock`,
  );
}

/** 2. The order row; the statement reads its id. */
function insertOrder(w: OrderWrite): WriteStep {
  const o = w.order;
  return writeStep(
    'order',
    (v) => sql`order_row as (
      insert into orders (user_id, customer_name, customer_email, customer_phone, language,
        recipient_name, recipient_phone, anonymous_sender,
        delivery_zone_id, delivery_city, delivery_zone_names, delivery_date,
        delivery_method, delivery_slot, delivery_slot_names, delivery_slot_starts,
        subtotal_cents, coupon_id, coupon_code, coupon_discount_cents, shipping_cents, total_cents,
        payment_method, payment_status, order_status,
        is_customized, custom_instructions, gift_message, order_notes, substitution,
        idempotency_key, idempotency_scope, source, entered_by, created_at, updated_at)
      values (${v('userId')}::int, ${v('customerName')}::text, ${v('customerEmail')}::text, ${v('customerPhone')}::text, ${v('language')}::text,
        ${v('recipientName')}::text, ${v('recipientPhone')}::text, ${v('anonymousSender')}::boolean,
        ${v('deliveryZoneId')}::int, ${v('deliveryCity')}::text, ${v('deliveryZoneNames')}::jsonb, ${v('deliveryDate')}::text::date,
        ${v('deliveryMethod')}::text, ${v('deliverySlot')}::text, ${v('deliverySlotNames')}::jsonb, ${v('deliverySlotStarts')}::text,
        ${v('subtotalCents')}::int, ${v('couponId')}::int, ${v('couponCode')}::text, ${v('couponDiscountCents')}::int, ${v('shippingCents')}::int, ${v('totalCents')}::int,
        ${v('paymentMethod')}::text, ${v('paymentStatus')}::text, ${v('orderStatus')}::text,
        ${v('isCustomized')}::boolean, ${v('customInstructions')}::text, ${v('giftMessage')}::text, ${v('orderNotes')}::text, ${v('substitution')}::text,
        ${v('idempotencyKey')}::text, ${v('idempotencyScope')}::text, ${v('source')}::text, ${v('enteredBy')}::int, ${v('at')}::timestamptz, ${v('at')}::timestamptz)
      returning id)`,
    {
      userId: o.userId,
      customerName: o.customerName,
      customerEmail: o.customerEmail,
      customerPhone: o.customerPhone,
      language: o.language,
      recipientName: o.recipientName,
      recipientPhone: o.recipientPhone,
      anonymousSender: o.anonymousSender,
      deliveryZoneId: o.deliveryZoneId,
      deliveryCity: o.deliveryCity,
      deliveryZoneNames: JSON.stringify(o.deliveryZoneNames),
      deliveryDate: o.deliveryDate,
      deliveryMethod: o.deliveryMethod,
      deliverySlot: o.deliverySlot,
      deliverySlotNames: o.deliverySlotNames === null ? null : JSON.stringify(o.deliverySlotNames),
      deliverySlotStarts: o.deliverySlotStarts,
      subtotalCents: o.subtotalCents,
      couponId: o.couponId,
      couponCode: o.couponCode,
      couponDiscountCents: o.couponDiscountCents,
      shippingCents: o.shippingCents,
      totalCents: o.totalCents,
      paymentMethod: o.paymentMethod,
      paymentStatus: o.paymentStatus,
      orderStatus: o.orderStatus,
      isCustomized: o.isCustomized,
      customInstructions: o.customInstructions,
      giftMessage: o.giftMessage,
      orderNotes: o.orderNotes,
      substitution: o.substitution,
      idempotencyKey: o.idempotencyKey,
      idempotencyScope: o.idempotencyScope,
      source: o.source,
      enteredBy: o.enteredBy,
      at: o.createdAt.toISOString(),
    },
    () => sql`(select id from order_row) as order_id`,
  );
}

/** The new order's id, for the steps after insertOrder. */
const theOrder = sql`(select id from order_row)`;

/** 3. The billing and shipping addresses. */
function insertAddresses(w: OrderWrite): WriteStep {
  const both = [w.billing, w.shipping];
  return writeStep(
    'addresses',
    (v) => sql`addresses as (
      insert into order_addresses (order_id, kind, full_name, street, city, state, postal_code, country, phone)
      select ${theOrder}, a.* from unnest(array['billing', 'shipping'], ${v('names')}::text[], ${v('streets')}::text[],
        ${v('cities')}::text[], ${v('states')}::text[], ${v('postalCodes')}::text[], ${v('countries')}::text[], ${v('phones')}::text[]) as a)`,
    {
      names: both.map((a) => a.fullName),
      streets: both.map((a) => a.street),
      cities: both.map((a) => a.city),
      states: both.map((a) => a.state ?? null),
      postalCodes: both.map((a) => a.postalCode),
      countries: both.map((a) => a.country),
      phones: both.map((a) => a.phone),
    },
  );
}

/** 4. The lines, in the basket's order: prices as charged, names in the order's language and in every language. */
function insertLines(w: OrderWrite): WriteStep {
  return writeStep(
    'lines',
    (v) => sql`lines as (
      insert into order_items (order_id, product_id, product_name, product_names, color_id, color_name, color_names, color_hex,
        size_id, size_name, size_names, quantity, original_unit_price_cents, discount, unit_price_cents)
      select ${theOrder}, i.product_id, i.product_name, ${productNamesSql(sql`i.product_id`)}, i.color_id, i.color_name, ${colorNamesSql(sql`i.color_id`)}, i.color_hex,
        i.size_id, i.size_name, (select z.names from product_sizes z where z.id = i.size_id),
        i.quantity, i.original, i.discount, i.unit
      from unnest(${v('productIds')}::int[], ${v('names')}::text[], ${v('colorIds')}::int[], ${v('colorNames')}::text[], ${v('colorHexes')}::text[],
        ${v('sizeIds')}::int[], ${v('sizeNames')}::text[],
        ${v('quantities')}::int[], ${v('originalPrices')}::int[], ${v('discounts')}::int[], ${v('unitPrices')}::int[])
        with ordinality as i (product_id, product_name, color_id, color_name, color_hex, size_id, size_name, quantity, original, discount, unit, n)
      order by i.n)`,
    {
      productIds: w.items.map((i) => i.productId),
      names: w.items.map((i) => i.productName),
      colorIds: w.items.map((i) => i.colorId),
      colorNames: w.items.map((i) => i.colorName),
      colorHexes: w.items.map((i) => i.colorHex),
      sizeIds: w.items.map((i) => i.sizeId),
      sizeNames: w.items.map((i) => i.sizeName),
      quantities: w.items.map((i) => i.quantity),
      originalPrices: w.items.map((i) => i.originalUnitPriceCents),
      discounts: w.items.map((i) => i.discount),
      unitPrices: w.items.map((i) => i.unitPriceCents),
    },
  );
}

/** 5. The coupon (locked by the transaction's coupon check) counts one more use, and the redemption is recorded. */
function applyCoupon(w: OrderWrite, couponId: number): WriteStep {
  return writeStep(
    'coupon',
    (v) => sql`coupon_used as (
        update coupons set used_count = used_count + 1, updated_at = ${v('at')}::timestamptz where id = ${v('couponId')}::int returning id
      ),
      redemption as (
        insert into coupon_redemptions (coupon_id, order_id, user_id, email)
        select coupon_used.id, ${theOrder}, ${v('userId')}::int, ${v('email')}::text from coupon_used)`,
    { couponId, userId: w.order.userId, email: w.redemptionEmail, at: w.order.createdAt.toISOString() },
  );
}

/** 6. The first row of the order's status history. */
function recordStatus(w: OrderWrite): WriteStep {
  return writeStep(
    'status',
    (v) => sql`first_status as (
      insert into order_status_history (order_id, order_status, payment_status, note, changed_by, created_at)
      values (${theOrder}, ${v('orderStatus')}::text, ${v('paymentStatus')}::text, null, null, ${v('at')}::timestamptz))`,
    { orderStatus: w.order.orderStatus, paymentStatus: w.order.paymentStatus, at: w.order.createdAt.toISOString() },
  );
}

/** 6b. The payment received as the order was entered: its whole total, by the staff member who took it. */
function recordPaymentOnEntry(w: OrderWrite, payment: NonNullable<OrderWrite['payment']>): WriteStep {
  return writeStep(
    'payment',
    (v) => sql`paid_on_entry as (
      insert into order_payments (order_id, kind, method, amount_cents, reference, recorded_by, created_at)
      values (${theOrder}, 'payment', ${v('method')}::text, ${v('amount')}::int, ${v('reference')}::text, ${v('recordedBy')}::int, ${v('at')}::timestamptz))`,
    {
      method: payment.method,
      amount: w.order.totalCents,
      reference: payment.reference,
      recordedBy: payment.recordedBy,
      at: w.order.createdAt.toISOString(),
    },
  );
}

/** 7. The cart the order was made from. */
function deleteCart(cartId: string): WriteStep {
  return writeStep('cart', (v) => sql`cart_gone as (delete from carts where id = ${v('cartId')}::text)`, { cartId });
}

/** 7b. A card order's first payment attempt: the one row a card checkout adds. */
function insertCardAttempt(w: OrderWrite, attempt: { oidSuffix: string; holdUntil: Date }): WriteStep {
  return writeStep(
    'card_attempt',
    (v) => sql`card_attempt as (
      insert into card_payment_attempts (order_id, oid, amount_cents, status, hold_until, created_at)
      values (${theOrder}, ${theOrder} || '-' || ${v('suffix')}::text, ${v('amount')}::int, 'waiting', ${v('holdUntil')}::timestamptz, ${v('at')}::timestamptz))`,
    {
      suffix: attempt.oidSuffix,
      amount: w.order.totalCents,
      holdUntil: attempt.holdUntil.toISOString(),
      at: w.order.createdAt.toISOString(),
    },
  );
}

/** 8. The customer's confirmation and each admin's notice, in the outbox. */
function queueMails(tx: Tx): WriteStep {
  const outbox = outboxInsert(tx, orderMailRows(sql`order_row.id`, sql`order_row`));
  return writeStep(
    'mails',
    () => outbox.ctes,
    {},
    () => sql`${outbox.select} as mails`,
  );
}

/** The steps of an order's write, in order (see the file comment). */
function orderSteps(tx: Tx, w: OrderWrite): WriteStep[] {
  return [
    reserveStock(w),
    insertOrder(w),
    insertAddresses(w),
    insertLines(w),
    ...(w.order.couponId !== null ? [applyCoupon(w, w.order.couponId)] : []),
    recordStatus(w),
    ...(w.payment ? [recordPaymentOnEntry(w, w.payment)] : []),
    ...(w.cartId !== null ? [deleteCart(w.cartId)] : []),
    ...(w.cardAttempt ? [insertCardAttempt(w, w.cardAttempt)] : []),
    queueMails(tx),
  ];
}

/** Takes the stock and writes the order (see the file comment), then commits; returns the order's id. */
export async function writeOrder(tx: Tx, finish: FinishTransaction, w: OrderWrite): Promise<number> {
  try {
    const row = await finish(orderSteps(tx, w));
    return Number(row.order_id);
  } catch (err) {
    const refused = checkoutRefusal(err);
    if (refused === null) throw err;
    const [takenList, repriced] = refused.split(';');
    if (repriced === 'true') throw new PriceMovedError();
    const taken = new Set((takenList ?? '').split(',').filter(Boolean).map(Number));
    // The first product (in id order) that was short names the refusal.
    throw new StockShortError(
      [...w.stock]
        .map((s) => s.productId)
        .sort((a, b) => a - b)
        .find((id) => !taken.has(id))!,
    );
  }
}

/** The DETAIL of flora_checkout_refused, when that is the error (drizzle may wrap it in `cause`). */
function checkoutRefusal(err: unknown): string | null {
  for (
    let e = err as { code?: string; detail?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === 'FL409') return e.detail ?? '';
  }
  return null;
}
