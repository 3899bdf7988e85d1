/**
 * Placing an order: ONE transaction that never oversells and never charges a price the server did
 * not compute. Used by POST /checkout (lines from the caller's cart) and by the custom bouquet
 * checkout (lines given in the request): `placeOrder(db, input)`.
 *
 * Inside the transaction, in this lock order (the same for everyone, so no deadlocks):
 * 1. an advisory lock on the caller's idempotency key, then a look-up: a key this caller already used returns its order;
 * 2. the cart row (`for update`) when the lines come from a cart, and its lines;
 * 3. stock: `update products set stock = stock - q ... where stock >= q` per product, by product id;
 *    a product without enough stock refuses the whole order (409 naming it);
 * 4. the coupon row (`for update`): every rule re-checked, used_count incremented;
 * 5. prices re-read and totals computed by pricing.ts; a client total off by more than 0.01 MAD
 *    refuses with 409 and the fresh totals;
 * 6. the order, its addresses, lines (snapshots), coupon redemption, first status; the cart deleted.
 * 7. the order's mails, written to the mail outbox (sent by the mail queue once this commits).
 * Any refusal rolls everything back, mails included.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { ENABLED_PAYMENT_METHODS, MAX_UNITS_PER_LINE, MAX_UNITS_PER_ORDER, type Locale, type PaymentMethod, type Substitution } from '../../../shared/constants.js';
import { deliveryDateProblem, expectedDeliveryDate, shopClock } from '../../../shared/delivery-date.js';
import { canonicalEmail } from '../../../shared/email.js';
import { fromCents } from '../../../shared/money.js';
import { validationMessages } from '../../../shared/validation.js';
import type { PlacedOrder } from '../../../shared/schemas/checkout.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import {
  carts,
  cartItems,
  colors,
  colorTranslations,
  couponRedemptions,
  coupons,
  orderAddresses,
  orderItems,
  orders,
  orderStatusHistory,
  productColors,
  products,
  productTranslations,
} from '../../db/schema.js';
import { AppError, FieldValidationError, type FieldErrors } from '../../lib/errors.js';
import { interpolate, type Localized } from '../../lib/i18n.js';
import { couponIsValid, couponMessages, findCouponByCode, findCouponById, type CouponRow } from '../coupons/coupons.service.js';
import { closedDatesFrom, deliveryMessages, findActiveZone, zoneName } from '../delivery/delivery.service.js';
import { summarize } from '../cart/cart.service.js';
import { cartMessages } from '../cart/cart.messages.js';
import { priceLines, totalMatches } from '../pricing/pricing.js';
import { queueOrderMails } from '../orders/order-mails.js';
import { checkoutMessages } from './checkout.messages.js';

export interface OrderLineInput {
  productId: number;
  /** Null: the product's first colour when it has colours. */
  colorId: number | null;
  quantity: number;
}

export interface AddressInput {
  fullName: string;
  street: string;
  city: string;
  state?: string | null;
  postalCode: string;
  country: string;
  phone: string;
}

export interface PlaceOrderInput {
  /** Where the lines come from: the caller's cart (deleted on success), or given (custom bouquet). */
  source:
    | { kind: 'cart'; cartId: string | null; expectedItems?: OrderLineInput[] | null }
    | { kind: 'lines'; lines: OrderLineInput[] };
  userId: number | null;
  customer: { name: string; email: string; phone: string };
  language: Locale;
  billing: AddressInput;
  shipping: AddressInput;
  recipient: { name: string; phone: string | null; anonymous: boolean } | null;
  substitution: Substitution;
  deliveryZoneId: number;
  /** YYYY-MM-DD chosen by the customer, or null (same day before 15:00 shop time, else the next day). */
  deliveryDate: string | null;
  paymentMethod: PaymentMethod;
  /** A code typed at checkout; absent: the cart's coupon (cart source). */
  couponCode?: string | null;
  /** The total the customer saw, MAD. */
  clientTotal: number;
  giftMessage: string | null;
  orderNotes: string | null;
  isCustomized?: boolean;
  customInstructions?: string | null;
  idempotencyKey: string;
  /** A guest's cart cookie: with the account id, whose key it is (a key is unique per caller). */
  guestId?: string | null;
  now?: Date;
}

/**
 * Whose idempotency key it is: the account, or the guest's cart cookie (hashed: the order row does not
 * keep a cookie). The same key from another caller is another key: it places a new order and never
 * returns someone else's.
 */
export function idempotencyScope(input: Pick<PlaceOrderInput, 'userId' | 'guestId'>): string {
  if (input.userId) return `u:${input.userId}`;
  return `g:${input.guestId ? createHash('sha256').update(input.guestId).digest('base64url').slice(0, 22) : '-'}`;
}

/** 409 "Your cart changed": the caller answers with the fresh cart. */
export class CartChangedError extends AppError {
  constructor() {
    super(409, checkoutMessages.cartChanged);
  }
}

function isIdempotencyViolation(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (e.constraint === 'orders_idempotency_uq' || String(e.message).includes('orders_idempotency_uq'))) return true;
  }
  return false;
}

async function orderForKey(db: DbOrTx, input: PlaceOrderInput) {
  const [row] = await db
    .select({ id: orders.id, userId: orders.userId, email: orders.customerEmail })
    .from(orders)
    .where(and(eq(orders.idempotencyScope, idempotencyScope(input)), eq(orders.idempotencyKey, input.idempotencyKey)))
    .limit(1);
  return row ?? null;
}

/** A key already used by this caller returns its order, to the same customer only (account, or e-mail for guests). */
function replay(existing: { id: number; userId: number | null; email: string }, input: PlaceOrderInput): { orderId: number; created: false } {
  const same = input.userId ? existing.userId === input.userId : existing.userId === null && existing.email === input.customer.email.trim().toLowerCase();
  if (!same) throw new AppError(409, checkoutMessages.keyReused);
  return { orderId: existing.id, created: false };
}

/** Checks that need no lock: payment method, delivery date. Throws 422 with every problem. */
async function precheck(db: DbOrTx, input: PlaceOrderInput, now: Date) {
  const problems: FieldErrors = {};
  if (!ENABLED_PAYMENT_METHODS.includes(input.paymentMethod)) problems.payment_method = [checkoutMessages.cardSoon];
  const closed = await closedDatesFrom(db, shopClock(now).date);
  if (input.deliveryDate) {
    const problem = deliveryDateProblem(input.deliveryDate, now, closed);
    if (problem) {
      problems.delivery_date = [
        problem === 'closed'
          ? deliveryMessages.dateClosed
          : problem === 'too_far'
            ? deliveryMessages.dateTooFar
            : problem === 'too_soon'
              ? deliveryMessages.dateTooSoon
              : validationMessages.date,
      ];
    }
  }
  if (Object.keys(problems).length > 0) throw new FieldValidationError(problems);
  return input.deliveryDate ?? expectedDeliveryDate(now, closed);
}

/** Does the client's copy of the lines say the same as the server cart? (per product, and per colour when given) */
function sameLines(server: OrderLineInput[], client: OrderLineInput[]): boolean {
  const perProduct = (lines: OrderLineInput[]) => {
    const m = new Map<number, number>();
    for (const l of lines) m.set(l.productId, (m.get(l.productId) ?? 0) + l.quantity);
    return m;
  };
  const a = perProduct(server);
  const b = perProduct(client);
  if (a.size !== b.size) return false;
  for (const [id, q] of a) if (b.get(id) !== q) return false;
  for (const c of client) {
    if (c.colorId === null) continue;
    const s = server.filter((l) => l.productId === c.productId && l.colorId === c.colorId).reduce((n, l) => n + l.quantity, 0);
    if (s !== client.filter((l) => l.productId === c.productId && l.colorId === c.colorId).reduce((n, l) => n + l.quantity, 0)) return false;
  }
  return true;
}

/** Given lines: colours checked against the product (null = its first colour), same lines merged. */
async function normalizeGivenLines(tx: Tx, lines: OrderLineInput[]): Promise<OrderLineInput[]> {
  const ids = [...new Set(lines.map((l) => l.productId))];
  const offered = ids.length
    ? await tx
        .select({ productId: productColors.productId, colorId: productColors.colorId })
        .from(productColors)
        .where(inArray(productColors.productId, ids))
        .orderBy(asc(productColors.productId), asc(productColors.sortOrder), asc(productColors.colorId))
    : [];
  const merged = new Map<string, OrderLineInput>();
  for (const line of lines) {
    const own = offered.filter((o) => o.productId === line.productId).map((o) => o.colorId);
    let colorId = line.colorId;
    if (colorId === null) colorId = own[0] ?? null;
    else if (!own.includes(colorId)) throw new FieldValidationError({ color_id: [cartMessages.colorNotOffered] });
    const key = `${line.productId}:${colorId}`;
    const prev = merged.get(key);
    merged.set(key, { productId: line.productId, colorId, quantity: (prev?.quantity ?? 0) + line.quantity });
  }
  return [...merged.values()];
}

interface TxResult {
  orderId: number;
  created: boolean;
}

/** A message with its parameters filled in every language (field errors carry no parameters). */
const fill = (m: Localized, params: Record<string, string | number>): Localized =>
  ({ fr: interpolate(m.fr, params), en: interpolate(m.en, params), ar: interpolate(m.ar, params) });

async function placeInTransaction(tx: Tx, input: PlaceOrderInput, deliveryDate: string, now: Date): Promise<TxResult> {
  // 1. One order per idempotency key, even when two requests race.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order:${idempotencyScope(input)}:${input.idempotencyKey}`}, 0))`);
  const existing = await orderForKey(tx, input);
  if (existing) return replay(existing, input);

  // 2. The lines.
  let lines: OrderLineInput[];
  let cartCouponId: number | null = null;
  if (input.source.kind === 'cart') {
    const cartId = input.source.cartId;
    const [cart] = cartId ? await tx.select().from(carts).where(eq(carts.id, cartId)).for('update') : [];
    if (!cart) throw new FieldValidationError({ items: [checkoutMessages.cartEmpty] });
    cartCouponId = cart.couponId;
    lines = (
      await tx
        .select({ productId: cartItems.productId, colorId: cartItems.colorId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(eq(cartItems.cartId, cart.id))
        .orderBy(asc(cartItems.id))
    ).map((l) => ({ ...l }));
    if (lines.length === 0) throw new FieldValidationError({ items: [checkoutMessages.cartEmpty] });
    if (input.source.expectedItems && !sameLines(lines, input.source.expectedItems)) throw new CartChangedError();
  } else {
    lines = await normalizeGivenLines(tx, input.source.lines);
    if (lines.length === 0) throw new FieldValidationError({ items: [checkoutMessages.cartEmpty] });
  }

  // Caps on units (422): a script cannot empty the stock with one cash-on-delivery order.
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  if (lines.some((l) => l.quantity > MAX_UNITS_PER_LINE)) {
    throw new FieldValidationError({ items: [fill(checkoutMessages.tooManyUnitsLine, { max: MAX_UNITS_PER_LINE })] });
  }
  if (units > MAX_UNITS_PER_ORDER) {
    throw new FieldValidationError({ items: [fill(checkoutMessages.tooManyUnitsOrder, { max: MAX_UNITS_PER_ORDER })] });
  }

  // 3. Stock, product by product in id order.
  const perProduct = new Map<number, number>();
  for (const l of lines) perProduct.set(l.productId, (perProduct.get(l.productId) ?? 0) + l.quantity);
  const productIds = [...perProduct.keys()].sort((a, b) => a - b);
  for (const productId of productIds) {
    const qty = perProduct.get(productId)!;
    const done = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${qty}`, popularity: sql`${products.popularity} + ${qty}` })
      .where(and(eq(products.id, productId), gte(products.stock, qty)))
      .returning({ id: products.id });
    if (done.length === 0) {
      const [p] = await tx
        .select({ stock: products.stock, name: sql<string>`coalesce(${productTranslations.name}, ${products.name})` })
        .from(products)
        .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, input.language)))
        .where(eq(products.id, productId));
      if (!p) throw new AppError(409, checkoutMessages.productGone);
      if (p.stock <= 0) throw new AppError(409, checkoutMessages.outOfStock, { product: p.name });
      throw new AppError(409, checkoutMessages.onlyLeft, { n: p.stock, product: p.name });
    }
  }

  // Prices and snapshots, in the customer's language.
  const productRows = await tx
    .select({
      id: products.id,
      name: sql<string>`coalesce(${productTranslations.name}, ${products.name})`,
      priceCents: products.priceCents,
      discount: products.discount,
      finalPriceCents: products.finalPriceCents,
    })
    .from(products)
    .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, input.language)))
    .where(inArray(products.id, productIds));
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const colorIds = [...new Set(lines.map((l) => l.colorId).filter((c): c is number => c !== null))];
  const colorRows = colorIds.length
    ? await tx
        .select({ id: colors.id, name: sql<string>`coalesce(${colorTranslations.name}, ${colors.name})`, hex: colors.hexCode })
        .from(colors)
        .leftJoin(colorTranslations, and(eq(colorTranslations.colorId, colors.id), eq(colorTranslations.locale, input.language)))
        .where(inArray(colors.id, colorIds))
    : [];
  const colorById = new Map(colorRows.map((c) => [c.id, c]));
  const priced = lines.map((l) => ({ ...l, product: productById.get(l.productId)!, finalPriceCents: productById.get(l.productId)!.finalPriceCents }));

  // Zone.
  const zone = await findActiveZone(tx, input.deliveryZoneId);
  if (!zone) throw new FieldValidationError({ delivery_zone_id: [deliveryMessages.unknownZone] });

  // 4. Coupon, locked, every rule re-checked.
  const subtotalCents = priced.reduce((s, l) => s + l.finalPriceCents * l.quantity, 0);
  const code = input.couponCode?.trim();
  let coupon: CouponRow | null = null;
  let couponRequested = false;
  if (code) {
    couponRequested = true;
    coupon = await findCouponByCode(tx, code, { forUpdate: true });
  } else if (cartCouponId) {
    couponRequested = true;
    coupon = await findCouponById(tx, cartCouponId, { forUpdate: true });
  }
  const couponValid = coupon
    ? await couponIsValid(tx, coupon, { subtotalCents, now, userId: input.userId, email: input.customer.email })
    : false;

  // 5. Totals. An invalid coupon takes nothing off: the order goes through only if the customer saw
  // that price; otherwise 409 "Invalid Coupon" with the real totals.
  const totals = priceLines(priced, couponValid && coupon ? coupon : null, zone);
  if (!totalMatches(input.clientTotal, totals.totalCents)) {
    const summary = summarize({ lines: priced, coupon: coupon ? { row: coupon, valid: couponValid } : null, zone, locale: input.language });
    const { totalCents: _t, ...fresh } = summary;
    const message = couponRequested && !couponValid ? couponMessages.invalid : checkoutMessages.totalChanged;
    throw new AppError(409, message, undefined, { totals: fresh });
  }
  const usedCoupon = couponValid && coupon ? coupon : null;
  if (usedCoupon) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1`, updatedAt: now })
      .where(eq(coupons.id, usedCoupon.id));
  }

  // 6. The order.
  const email = input.customer.email.trim().toLowerCase();
  const [order] = await tx
    .insert(orders)
    .values({
      userId: input.userId,
      customerName: input.customer.name,
      customerEmail: email,
      customerPhone: input.customer.phone,
      language: input.language,
      recipientName: input.recipient?.name ?? null,
      recipientPhone: input.recipient?.phone ?? null,
      anonymousSender: input.recipient?.anonymous ?? false,
      deliveryZoneId: zone.id,
      deliveryCity: zoneName(zone, input.language),
      deliveryDate,
      subtotalCents: totals.subtotalCents,
      couponId: usedCoupon?.id ?? null,
      couponCode: usedCoupon?.code ?? null,
      couponDiscountCents: totals.couponDiscountCents,
      shippingCents: totals.shippingCents,
      totalCents: totals.totalCents,
      paymentMethod: input.paymentMethod,
      paymentStatus: 'pending',
      orderStatus: 'pending',
      isCustomized: input.isCustomized ?? false,
      customInstructions: input.customInstructions ?? null,
      giftMessage: input.giftMessage,
      orderNotes: input.orderNotes,
      substitution: input.substitution,
      idempotencyKey: input.idempotencyKey,
      idempotencyScope: idempotencyScope(input),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;
  const address = (kind: 'billing' | 'shipping', a: AddressInput) => ({
    orderId,
    kind,
    fullName: a.fullName,
    street: a.street,
    city: a.city,
    state: a.state ?? null,
    postalCode: a.postalCode,
    country: a.country,
    phone: a.phone,
  });
  await tx.insert(orderAddresses).values([address('billing', input.billing), address('shipping', input.shipping)]);
  await tx.insert(orderItems).values(
    priced.map((l) => {
      const color = l.colorId !== null ? colorById.get(l.colorId) : undefined;
      return {
        orderId,
        productId: l.productId,
        productName: l.product.name,
        colorId: color ? l.colorId : null,
        colorName: color?.name ?? null,
        colorHex: color?.hex ?? null,
        quantity: l.quantity,
        originalUnitPriceCents: l.product.priceCents,
        discount: l.product.discount,
        unitPriceCents: l.product.finalPriceCents,
      };
    }),
  );
  // The canonical address: the per-customer limit holds across case, +tags and dots.
  if (usedCoupon) await tx.insert(couponRedemptions).values({ couponId: usedCoupon.id, orderId, userId: input.userId, email: canonicalEmail(email) });
  await tx.insert(orderStatusHistory).values({ orderId, orderStatus: 'pending', paymentStatus: 'pending', note: null, changedBy: null, createdAt: now });
  if (input.source.kind === 'cart' && input.source.cartId) await tx.delete(carts).where(eq(carts.id, input.source.cartId));
  await queueOrderMails(tx, orderId);
  return { orderId, created: true };
}

/**
 * Places an order (see the file comment). Returns the order id and whether it was created now
 * (false: the idempotency key had already placed it). Throws AppError / FieldValidationError with
 * nothing written when the order cannot be placed as the customer saw it.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<TxResult> {
  const now = input.now ?? new Date();
  const existing = await orderForKey(db, input);
  if (existing) return replay(existing, input);
  const deliveryDate = await precheck(db, input, now);
  try {
    return await db.transaction((tx) => placeInTransaction(tx, input, deliveryDate, now));
  } catch (err) {
    if (!isIdempotencyViolation(err)) throw err;
    const winner = await orderForKey(db, input);
    if (!winner) throw err;
    return replay(winner, input);
  }
}

/** The order as the checkout answers it (the same body for a first answer and a replay). */
export async function placedOrder(db: DbOrTx, orderId: number): Promise<PlacedOrder> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!o) throw new Error(`order ${orderId} missing`);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  return {
    id: o.id,
    created_at: o.createdAt.toISOString(),
    order_status: o.orderStatus as PlacedOrder['order_status'],
    payment_status: o.paymentStatus as PlacedOrder['payment_status'],
    payment_method: o.paymentMethod as PlacedOrder['payment_method'],
    is_customized: o.isCustomized,
    subtotal: fromCents(o.subtotalCents),
    coupon_code: o.couponCode,
    coupon_discount: fromCents(o.couponDiscountCents),
    shipping_cost: fromCents(o.shippingCents),
    tax: 'included',
    total_amount: fromCents(o.totalCents),
    delivery_city: o.deliveryCity,
    delivery_date: o.deliveryDate,
    customer: { name: o.customerName, email: o.customerEmail, phone: o.customerPhone },
    recipient: o.recipientName ? { name: o.recipientName, phone: o.recipientPhone, anonymous: o.anonymousSender } : null,
    substitution: o.substitution as PlacedOrder['substitution'],
    gift_message: o.giftMessage,
    order_items: items.map((i) => ({
      product_id: i.productId,
      name: i.productName,
      color: i.colorName ? { id: i.colorId, name: i.colorName, hex_code: i.colorHex } : null,
      quantity: i.quantity,
      original_unit_price: fromCents(i.originalUnitPriceCents),
      discount: i.discount,
      unit_price: fromCents(i.unitPriceCents),
      line_total: fromCents(i.unitPriceCents * i.quantity),
    })),
  };
}
