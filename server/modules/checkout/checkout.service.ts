/**
 * Placing an order: ONE transaction that never oversells and never charges a price the server did
 * not compute: `placeOrder(db, input)`, called by place-checkout.ts for every checkout (the basket is
 * the caller's cart, or lines given in the request such as the custom bouquet's stems).
 *
 * Everything runs in the transaction, on one pool connection, in this lock order (the same for
 * everyone, so no deadlocks):
 * 1. an advisory lock on the caller's idempotency key, then a look-up: a key this caller already used returns its order;
 * 2. the cart row (`for update`) when the lines come from a cart, and its lines; unit caps; delivery date;
 * 3. prices, names and colours read (no lock), the delivery zone;
 * 4. the coupon row (`for update`): every rule re-checked (its use is counted by the write, step 6);
 * 5. totals computed by pricing.ts; a client total off by more than 0.01 MAD refuses with 409 and the
 *    fresh totals;
 * 6. the write (order-write.ts), named steps sent together with the COMMIT in one round trip: the
 *    products locked in id order and their stock taken `where stock >= q` at the price of step 3 (a
 *    product short refuses the whole order, 409 naming it; a price moved meanwhile runs the
 *    transaction again), the order, its addresses, lines (names in every language), the coupon's use
 *    and redemption, first status, the cart deleted, the order's mails in the outbox (sent by the
 *    mail queue once this commits). The hot rows (a product's stock, the sales rollups) are thus held
 *    only for those steps and the COMMIT.
 * Any refusal rolls everything back, mails included. The answer is built from what was written.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  ENABLED_PAYMENT_METHODS,
  MAX_UNITS_PER_LINE,
  MAX_UNITS_PER_ORDER,
  PAID_ON_ENTRY,
  STAFF_ORDER_PAYMENT_METHODS,
  type Locale,
  toLocale,
  type OrderPaymentMethod,
  type Substitution,
} from '../../../shared/constants.js';
import { deliveryDateProblem, expectedDeliveryDate, shopClock } from '../../../shared/delivery-date.js';
import { canonicalEmail } from '../../../shared/email.js';
import { fromCents } from '../../../shared/money.js';
import { validationMessages } from '../../../shared/validation.js';
import type { PlacedOrder } from '../../../shared/schemas/checkout.js';
import type { OrderSourceName } from '../../../shared/schemas/staff-orders.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import {
  colors,
  colorTranslations,
  orderItems,
  orders,
  productColors,
  products,
  productSizes,
  productTranslations,
} from '../../db/schema.js';
import { AppError, FieldValidationError, type FieldErrors } from '../../lib/errors.js';
import { interpolate, type Localized } from '../../lib/i18n.js';
import { couponIsValid, couponMessages, findCouponByCode, findCouponById, type CouponRow } from '../coupons/coupons.service.js';
import { deliveryMessages, zoneName, type ZoneRow } from '../delivery/delivery.service.js';
import { checkedSlot, pickupNames, slotMessages, type ChosenSlot } from '../delivery/delivery-slots.service.js';
import type { DeliveryMethod } from '../../../shared/delivery-slots.js';
import { withSize, zoneNames } from '../orders/order-names.js';
import { cartKey, summarize, type CartKey, type CartOwner } from '../cart/cart.service.js';
import { priceLines, totalMatches } from '../pricing/pricing.js';
import { checkoutMessages } from './checkout.messages.js';
import { inOneTripTransaction, type FinishTransaction } from '../../db/one-trip-transaction.js';
import {
  PriceMovedError,
  StockShortError,
  writeOrder,
  type AddressInput,
  type OrderItemValues,
  type OrderRowValues,
} from './order-write.js';
import {
  colorColumns,
  pricedProductColumns,
  productChoiceMessages,
  productName,
  productTranslationIn,
  sizeColumns,
} from '../catalogue/product-language.js';
import { orderLineMessages } from '../orders/order-lines.js';
import { checkoutReads, orderForKeyQuery, type CheckoutReads } from './checkout-reads.js';
import type { FirstAttempt } from './card-checkout.js';

export interface OrderLineInput {
  productId: number;
  /** Null: the product's first colour when it has colours. */
  colorId: number | null;
  /** Required for a product with sizes; absent or null otherwise. */
  sizeId?: number | null;
  quantity: number;
}

/**
 * What is ordered: the caller's cart (read and locked in the order's transaction, deleted on success;
 * `expectedItems` is the browser's copy, which must match), or lines given by the entry point (the
 * custom bouquet's stems). Either way only product, colour and quantity: the prices are read here.
 */
export type Basket =
  { kind: 'cart'; owner: CartOwner; expectedItems?: OrderLineInput[] | null } | { kind: 'lines'; lines: OrderLineInput[] };

export interface PlaceOrderInput {
  basket: Basket;
  userId: number | null;
  customer: { name: string; email: string; phone: string };
  language: Locale;
  billing: AddressInput;
  shipping: AddressInput;
  recipient: { name: string; phone: string | null; anonymous: boolean } | null;
  substitution: Substitution;
  /** Null for a pick-up at the shop (no zone, no fee). */
  deliveryZoneId: number | null;
  deliveryMethod: DeliveryMethod;
  /** The slot's key, or null (refused once the shop has active slots). */
  deliverySlot: string | null;
  /** YYYY-MM-DD chosen by the customer, or null (same day before 15:00 shop time, else the next day). */
  deliveryDate: string | null;
  /** The storefront's methods (ENABLED_PAYMENT_METHODS); an order staff enter may take any of theirs. */
  paymentMethod: OrderPaymentMethod;
  /**
   * A staff order paid when it is entered (cash at the counter, card terminal, bank transfer): the
   * payment is recorded with the order, for its whole total, by this staff member, with the terminal's
   * or the transfer's reference; the order is born paid.
   */
  paidOnEntry?: { recordedBy: number; reference: string | null } | null;
  /** A code typed at checkout; absent: the cart's coupon (cart basket). */
  couponCode?: string | null;
  /** The total the customer saw, MAD. */
  clientTotal: number;
  giftMessage: string | null;
  orderNotes: string | null;
  isCustomized?: boolean;
  customInstructions?: string | null;
  idempotencyKey: string;
  /**
   * Where the order was taken (`orders.source`): 'storefront' when absent, or the staff channel
   * (phone, WhatsApp, shop) with the staff member who entered it. Written with the order row itself,
   * so no one ever reads an order without its channel.
   */
  source?: OrderSourceName;
  enteredBy?: number | null;
  /** A guest's cart cookie: with the account id, whose key it is (a key is unique per caller). */
  guestId?: string | null;
  now?: Date;
  /** A card order's first payment attempt, written with the order (card-checkout.ts); absent: the card is off. */
  cardAttempt?: FirstAttempt;
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
    if (e.code === '23505' && (e.constraint === 'orders_idempotency_uq' || String(e.message).includes('orders_idempotency_uq')))
      return true;
  }
  return false;
}

async function orderForKey(db: DbOrTx, input: PlaceOrderInput) {
  const [row] = await orderForKeyQuery(db, idempotencyScope(input), input.idempotencyKey);
  return row ?? null;
}

/** A key already used by this caller returns its order, to the same customer only (account, or e-mail for guests). */
function replay(
  existing: { id: number; userId: number | null; email: string },
  input: PlaceOrderInput,
): { orderId: number; created: false } {
  const same = input.userId
    ? existing.userId === input.userId
    : existing.userId === null && existing.email === input.customer.email.trim().toLowerCase();
  if (!same) throw new AppError(409, checkoutMessages.keyReused);
  return { orderId: existing.id, created: false };
}

/** Checks that need no lock: payment method, delivery date (given the closed dates). Throws 422 with every problem. */
function precheck(input: PlaceOrderInput, now: Date, closed: string[]) {
  const problems: FieldErrors = {};
  const storefront = !input.source || input.source === 'storefront';
  const accepted = storefront
    ? (ENABLED_PAYMENT_METHODS as readonly OrderPaymentMethod[]).includes(input.paymentMethod) ||
      (input.paymentMethod === 'card_payment' && Boolean(input.cardAttempt))
    : (STAFF_ORDER_PAYMENT_METHODS as readonly OrderPaymentMethod[]).includes(input.paymentMethod);
  if (!accepted) problems.payment_method = [checkoutMessages.cardSoon];
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
      // The slot chosen on a closed day is refused with it, on its own field.
      if (problem === 'closed' && input.deliverySlot) problems.delivery_slot = [slotMessages.closed];
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
  const sizeOf = (l: OrderLineInput) => l.sizeId ?? null;
  for (const c of client) {
    if (sizeOf(c) === null) continue;
    const units = (lines: OrderLineInput[]) =>
      lines.filter((l) => l.productId === c.productId && sizeOf(l) === sizeOf(c)).reduce((n, l) => n + l.quantity, 0);
    if (units(server) !== units(client)) return false;
  }
  for (const c of client) {
    if (c.colorId === null) continue;
    const s = server.filter((l) => l.productId === c.productId && l.colorId === c.colorId).reduce((n, l) => n + l.quantity, 0);
    if (s !== client.filter((l) => l.productId === c.productId && l.colorId === c.colorId).reduce((n, l) => n + l.quantity, 0))
      return false;
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
    else if (!own.includes(colorId)) throw new FieldValidationError({ color_id: [productChoiceMessages.colorNotOffered] });
    const sizeId = line.sizeId ?? null;
    const key = `${line.productId}:${colorId}:${sizeId}`;
    const prev = merged.get(key);
    merged.set(key, { productId: line.productId, colorId, sizeId, quantity: (prev?.quantity ?? 0) + line.quantity });
  }
  return [...merged.values()];
}

interface TxResult {
  orderId: number;
  created: boolean;
  /** A new order's answer, built from what the transaction wrote (no second read). */
  order?: PlacedOrder;
}

/** A message with its parameters filled in every language (field errors carry no parameters). */
const fill = (m: Localized, params: Record<string, string | number>): Localized => ({
  fr: interpolate(m.fr, params),
  en: interpolate(m.en, params),
  ar: interpolate(m.ar, params),
});

/**
 * The caller's cart, locked (`for update`), and its lines with their products' prices and names and
 * their colours in the customer's language: two statements sent together, the second read after the
 * lock is granted (so a cart changed meanwhile is read as it is now).
 */
async function lockedCart(reads: CheckoutReads, key: CartKey, language: Locale) {
  const statements = reads.cart[key.kind];
  const [[row], rows] = await Promise.all([
    statements.lock.execute({ owner: key.id }),
    statements.lines.execute({ owner: key.id, language }),
  ]);
  if (!row) return { row: null, lines: [], productRows: [], colorRows: [], sizeRows: [] };
  const productRows = new Map<number, NonNullable<(typeof rows)[number]['product']>>();
  const colorRows = new Map<number, NonNullable<(typeof rows)[number]['color']>>();
  const sizeRows = new Map<number, NonNullable<(typeof rows)[number]['size']>>();
  for (const r of rows) {
    if (r.product) productRows.set(r.product.id, r.product);
    if (r.color) colorRows.set(r.color.id, r.color);
    if (r.size) sizeRows.set(r.size.id, r.size);
  }
  return {
    row,
    lines: rows.map((l) => ({ productId: l.productId, colorId: l.colorId, sizeId: l.sizeId, quantity: l.quantity })),
    productRows: [...productRows.values()],
    colorRows: [...colorRows.values()],
    sizeRows: [...sizeRows.values()],
  };
}

/** The reads of step 3, sent together; `where` picks the products and colours (null: not read here). */
async function catalogueReads(
  tx: Tx,
  reads: CheckoutReads,
  input: PlaceOrderInput,
  now: Date,
  where: { products: SQL | null; colors: SQL | null; sizes?: SQL | null },
) {
  const [productRows, colorRows, sizeRows, [zone], closed] = await Promise.all([
    where.products === null
      ? []
      : tx
          .select(pricedProductColumns)
          .from(products)
          .leftJoin(productTranslations, productTranslationIn(input.language))
          .where(where.products)
          .execute(),
    where.colors
      ? tx
          .select(colorColumns)
          .from(colors)
          .leftJoin(colorTranslations, and(eq(colorTranslations.colorId, colors.id), eq(colorTranslations.locale, input.language)))
          .where(where.colors)
          .execute()
      : [],
    where.sizes
      ? tx
          .select(sizeColumns(input.language))
          .from(productSizes)
          .innerJoin(products, eq(products.id, productSizes.productId))
          .where(where.sizes)
          .execute()
      : [],
    // A pick-up has no zone: id 0 reads none.
    reads.zone.execute({ zone: input.deliveryZoneId ?? 0 }),
    reads.closedDates.execute({ from: shopClock(now).date }),
  ]);
  return { productRows, colorRows, sizeRows, zone: zone ?? null, closed: closed.map((r) => r.date) };
}

/** 409 naming the product that is short (read after the transaction found too few units). */
async function stockRefusal(tx: DbOrTx, productId: number, language: Locale): Promise<AppError> {
  const [p] = await tx
    .select({ stock: products.stock, name: productName })
    .from(products)
    .leftJoin(productTranslations, productTranslationIn(language))
    .where(eq(products.id, productId));
  if (!p) return new AppError(409, orderLineMessages.productGone);
  if (p.stock <= 0) return new AppError(409, checkoutMessages.outOfStock, { product: p.name });
  return new AppError(409, checkoutMessages.onlyLeft, { n: p.stock, product: p.name });
}

/** Step 2: the lines to order: the locked cart's (checked against the browser's copy), or the given ones. */
async function basketLines(tx: Tx, basket: Basket, cart: Awaited<ReturnType<typeof lockedCart>> | null) {
  if (basket.kind === 'lines') {
    const lines = await normalizeGivenLines(tx, basket.lines);
    if (lines.length === 0) throw new FieldValidationError({ items: [checkoutMessages.cartEmpty] });
    return { lines, cartId: null, cartCouponId: null };
  }
  if (!cart?.row || cart.lines.length === 0) throw new FieldValidationError({ items: [checkoutMessages.cartEmpty] });
  if (basket.expectedItems && !sameLines(cart.lines, basket.expectedItems)) throw new CartChangedError();
  return { lines: cart.lines, cartId: cart.row.id, cartCouponId: cart.row.couponId };
}

/** Caps on units (422): a script cannot empty the stock with one cash-on-delivery order. */
function checkUnitCaps(lines: OrderLineInput[]) {
  if (lines.some((l) => l.quantity > MAX_UNITS_PER_LINE)) {
    throw new FieldValidationError({ items: [fill(checkoutMessages.tooManyUnitsLine, { max: MAX_UNITS_PER_LINE })] });
  }
  if (lines.reduce((n, l) => n + l.quantity, 0) > MAX_UNITS_PER_ORDER) {
    throw new FieldValidationError({ items: [fill(checkoutMessages.tooManyUnitsOrder, { max: MAX_UNITS_PER_ORDER })] });
  }
}

type PricedLine = OrderLineInput & {
  product: { name: string; priceCents: number; discount: number; finalPriceCents: number };
  size: { id: number; name: string; priceCents: number; finalPriceCents: number } | null;
};

/** The payment a staff order paid on entry records (its method's payment, the order's whole total). */
function paymentOnEntry(input: PlaceOrderInput) {
  const method = PAID_ON_ENTRY[input.paymentMethod as keyof typeof PAID_ON_ENTRY];
  if (!method || !input.paidOnEntry || !input.source || input.source === 'storefront') return null;
  return { method, reference: input.paidOnEntry.reference, recordedBy: input.paidOnEntry.recordedBy };
}

/** The order row as step 6 writes it: who, where, when, the server's totals, the key. */
function orderRow(
  input: PlaceOrderInput,
  w: {
    zone: ZoneRow | null;
    deliveryDate: string;
    slot: ChosenSlot | null;
    totals: ReturnType<typeof priceLines>;
    coupon: CouponRow | null;
    scope: string;
    email: string;
    now: Date;
  },
): OrderRowValues {
  return {
    userId: input.userId,
    customerName: input.customer.name,
    customerEmail: w.email,
    customerPhone: input.customer.phone,
    language: input.language,
    recipientName: input.recipient?.name ?? null,
    recipientPhone: input.recipient?.phone ?? null,
    anonymousSender: input.recipient?.anonymous ?? false,
    deliveryZoneId: w.zone?.id ?? null,
    deliveryCity: w.zone ? zoneName(w.zone, input.language) : pickupNames()[input.language],
    deliveryZoneNames: w.zone ? zoneNames(w.zone) : pickupNames(),
    deliveryDate: w.deliveryDate,
    deliveryMethod: w.zone ? 'delivery' : 'pickup',
    deliverySlot: w.slot?.key ?? null,
    deliverySlotNames: w.slot?.names ?? null,
    deliverySlotStarts: w.slot?.starts ?? null,
    subtotalCents: w.totals.subtotalCents,
    couponId: w.coupon?.id ?? null,
    couponCode: w.coupon?.code ?? null,
    couponDiscountCents: w.totals.couponDiscountCents,
    shippingCents: w.totals.shippingCents,
    totalCents: w.totals.totalCents,
    paymentMethod: input.paymentMethod,
    paymentStatus: paymentOnEntry(input) ? 'paid' : 'pending',
    orderStatus: 'pending',
    isCustomized: input.isCustomized ?? false,
    customInstructions: input.customInstructions ?? null,
    giftMessage: input.giftMessage,
    orderNotes: input.orderNotes,
    substitution: input.substitution,
    idempotencyKey: input.idempotencyKey,
    idempotencyScope: w.scope,
    source: input.source ?? 'storefront',
    enteredBy: input.enteredBy ?? null,
    createdAt: w.now,
  };
}

/** The order's lines, with the product's name, prices and colour as they were when ordered. */
function itemRows(priced: PricedLine[], colorById: Map<number, { name: string; hex: string | null }>): OrderItemValues[] {
  return priced.map((l) => {
    const color = l.colorId !== null ? colorById.get(l.colorId) : undefined;
    return {
      productId: l.productId,
      productName: l.product.name,
      colorId: color ? l.colorId : null,
      colorName: color?.name ?? null,
      colorHex: color?.hex ?? null,
      sizeId: l.size?.id ?? null,
      sizeName: l.size?.name ?? null,
      quantity: l.quantity,
      originalUnitPriceCents: l.size?.priceCents ?? l.product.priceCents,
      discount: l.product.discount,
      unitPriceCents: l.size?.finalPriceCents ?? l.product.finalPriceCents,
    };
  });
}

/**
 * Steps 1 to 3 for the first round trip: the key's advisory lock and look-up and, for a cart, its lock
 * and lines and the zone and closed dates, all queued together.
 *
 * Statements that do not need each other's answers are queued together on the connection, which
 * pipelines them (server/db/client.ts): they go out at once and PostgreSQL runs them in the order
 * written, without waiting for this process to read each answer. `.execute()` queues each statement
 * at once: a statement that must see what an earlier one locked comes after it and takes its
 * snapshot after that lock was granted. (On PGlite they simply run one after the other.)
 */
async function firstReads(tx: Tx, reads: CheckoutReads, input: PlaceOrderInput, now: Date, scope: string) {
  const ownCart = input.basket.kind === 'cart' ? cartKey(input.basket.owner) : null;
  const [, [existing], cart, place] = await Promise.all([
    reads.keyLock.execute({ lock: `order:${scope}:${input.idempotencyKey}` }),
    reads.keyLookup.execute({ scope, key: input.idempotencyKey }),
    ownCart ? lockedCart(reads, ownCart, input.language) : null,
    ownCart ? catalogueReads(tx, reads, input, now, { products: null, colors: null }) : null,
  ]);
  return { existing: existing ?? null, cart, place };
}

/**
 * Steps 2 and 3: the lines (the locked cart's, or the given ones), unit caps, their prices, names and
 * colours in the customer's language (read without locks: the stock step takes each product only at
 * the price read here), the zone and the delivery date.
 */
async function pricedBasket(
  tx: Tx,
  reads: CheckoutReads,
  input: PlaceOrderInput,
  now: Date,
  first: Awaited<ReturnType<typeof firstReads>>,
) {
  const { lines, cartId, cartCouponId } = await basketLines(tx, input.basket, first.cart);
  checkUnitCaps(lines);
  const perProduct = new Map<number, number>();
  for (const l of lines) perProduct.set(l.productId, (perProduct.get(l.productId) ?? 0) + l.quantity);
  const productIds = [...perProduct.keys()].sort((a, b) => a - b);
  const colorIds = [...new Set(lines.map((l) => l.colorId).filter((c): c is number => c !== null))];
  const sizeIds = [...new Set(lines.map((l) => l.sizeId ?? null).filter((c): c is number => c !== null))];
  const { productRows, colorRows, sizeRows, zone, closed } =
    first.cart && first.place
      ? { ...first.place, productRows: first.cart.productRows, colorRows: first.cart.colorRows, sizeRows: first.cart.sizeRows }
      : await catalogueReads(tx, reads, input, now, {
          products: inArray(products.id, productIds),
          colors: colorIds.length ? inArray(colors.id, colorIds) : null,
          sizes: sizeIds.length ? inArray(productSizes.id, sizeIds) : null,
        });
  const deliveryDate = precheck(input, now, closed);
  const productById = new Map(productRows.map((p) => [p.id, p]));
  if (productIds.some((id) => !productById.has(id))) throw new AppError(409, orderLineMessages.productGone);
  if (!zone && input.deliveryMethod === 'delivery') throw new FieldValidationError({ delivery_zone_id: [deliveryMessages.unknownZone] });
  const sizeById = new Map(sizeRows.map((z) => [z.id, z]));
  const priced = lines.map((l) => {
    const product = productById.get(l.productId)!;
    const size = sizeOfLine(l, product, sizeById);
    return { ...l, product, size, finalPriceCents: size?.finalPriceCents ?? product.finalPriceCents };
  });
  refuseExtrasAlone(priced);
  return {
    priced,
    colorById: new Map(colorRows.map((c) => [c.id, c])),
    zone: input.deliveryMethod === 'pickup' ? null : zone,
    deliveryDate,
    closed,
    cartId,
    cartCouponId,
    subtotalCents: priced.reduce((s, l) => s + l.finalPriceCents * l.quantity, 0),
    /** Units per product, in id order, at the price the totals use. */
    stock: productIds.map((productId) => ({
      productId,
      quantity: perProduct.get(productId)!,
      unitPriceCents: productById.get(productId)!.finalPriceCents,
    })),
  };
}

/**
 * A line's size: a product with sizes is ordered in one of its own (422 `size_id` otherwise, also for
 * a cart line put in before the product had sizes); a product without sizes has none.
 */
function sizeOfLine(
  line: OrderLineInput,
  product: { hasSizes: boolean },
  sizeById: Map<number, { id: number; productId: number; name: string; priceCents: number; finalPriceCents: number }>,
) {
  const sizeId = line.sizeId ?? null;
  if (sizeId === null) {
    if (product.hasSizes) throw new FieldValidationError({ size_id: [productChoiceMessages.sizeRequired] });
    return null;
  }
  const size = sizeById.get(sizeId);
  if (!size || size.productId !== line.productId) throw new FieldValidationError({ size_id: [productChoiceMessages.sizeNotOffered] });
  return size;
}

/** Extras go with a bouquet: an order of extras only is refused (422) unless the shop sells each of them alone. */
function refuseExtrasAlone(lines: { product: { name: string; isExtra: boolean; soldAlone: boolean } }[]) {
  if (lines.length === 0 || !lines.every((l) => l.product.isExtra)) return;
  const alone = lines.find((l) => !l.product.soldAlone);
  if (alone) throw new FieldValidationError({ items: [fill(productChoiceMessages.extraAlone, { product: alone.product.name })] });
}

/**
 * Step 4: the coupon typed at checkout, else the cart's, locked (`for update`) and every rule
 * re-checked. Lock order for every checkout: idempotency key, cart, coupon, then the products by id
 * (order-write.ts), then the sales rollups (order triggers). Its use is counted by the write.
 */
async function lockedCoupon(tx: Tx, input: PlaceOrderInput, cartCouponId: number | null, subtotalCents: number, now: Date) {
  const code = input.couponCode?.trim();
  const coupon = code
    ? await findCouponByCode(tx, code, { forUpdate: true })
    : cartCouponId
      ? await findCouponById(tx, cartCouponId, { forUpdate: true })
      : null;
  const valid = coupon ? await couponIsValid(tx, coupon, { subtotalCents, now, userId: input.userId, email: input.customer.email }) : false;
  return { requested: Boolean(code || cartCouponId), coupon, valid };
}

/**
 * Step 5: the server's totals. An invalid coupon takes nothing off: the order goes through only if the
 * customer saw that price; otherwise 409 ("Invalid Coupon", or "total changed") with the real totals.
 */
function checkedTotals(
  input: PlaceOrderInput,
  basket: Awaited<ReturnType<typeof pricedBasket>>,
  c: Awaited<ReturnType<typeof lockedCoupon>>,
) {
  const used = c.valid && c.coupon ? c.coupon : null;
  const totals = priceLines(basket.priced, used, basket.zone);
  if (!totalMatches(input.clientTotal, totals.totalCents)) {
    const summary = summarize({
      lines: basket.priced,
      coupon: c.coupon ? { row: c.coupon, valid: c.valid } : null,
      zone: basket.zone,
      locale: input.language,
    });
    const { totalCents: _t, ...fresh } = summary;
    throw new AppError(409, c.requested && !c.valid ? couponMessages.invalid : checkoutMessages.totalChanged, undefined, { totals: fresh });
  }
  return { totals, usedCoupon: used };
}

async function placeInTransaction(tx: Tx, finish: FinishTransaction, input: PlaceOrderInput, now: Date): Promise<TxResult> {
  const reads = checkoutReads(tx);
  const scope = idempotencyScope(input);
  // 1. One order per idempotency key, even when two requests race: the advisory lock, then the look-up.
  const first = await firstReads(tx, reads, input, now, scope);
  if (first.existing) return replay(first.existing, input);
  // 2-3. The lines, priced by the server, the zone and the delivery date.
  const basket = await pricedBasket(tx, reads, input, now, first);
  // 4-5. The coupon and the totals the customer must have seen.
  const coupon = await lockedCoupon(tx, input, basket.cartCouponId, basket.subtotalCents, now);
  const { totals, usedCoupon } = checkedTotals(input, basket, coupon);
  // The slot: checked, and its (day, slot) row locked before its orders are counted (delivery-slots.service.ts).
  const slot = await checkedSlot(tx, {
    key: input.deliverySlot,
    day: basket.deliveryDate,
    zoneId: basket.zone?.id ?? null,
    method: input.deliveryMethod,
    closed: basket.closed,
    now,
  });
  // 6. Stock and the order: named steps in one statement, sent together with the COMMIT (order-write.ts says why).
  const email = input.customer.email.trim().toLowerCase();
  const order = orderRow(input, {
    zone: basket.zone,
    deliveryDate: basket.deliveryDate,
    slot,
    totals,
    coupon: usedCoupon,
    scope,
    email,
    now,
  });
  const items = itemRows(basket.priced, basket.colorById);
  const orderId = await writeOrder(tx, finish, {
    order,
    billing: input.billing,
    shipping: input.shipping,
    items,
    stock: basket.stock,
    // The canonical address: the per-customer limit holds across case, +tags and dots.
    redemptionEmail: usedCoupon ? canonicalEmail(email) : null,
    cartId: basket.cartId,
    payment: paymentOnEntry(input),
    cardAttempt: input.cardAttempt,
  });
  return { orderId, created: true, order: toPlacedOrder({ ...order, id: orderId }, items) };
}

/**
 * Places an order (see the file comment). Returns the order id and whether it was created now
 * (false: the idempotency key had already placed it). Throws AppError / FieldValidationError with
 * nothing written when the order cannot be placed as the customer saw it. Everything runs on one
 * pool connection, in the transaction (a replayed key is found there too).
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<TxResult> {
  const now = input.now ?? new Date();
  for (let attempt = 1; ; attempt++) {
    try {
      return await inOneTripTransaction(db, (tx, finish) => placeInTransaction(tx, finish, input, now));
    } catch (err) {
      if (err instanceof StockShortError) throw await stockRefusal(db, err.productId, input.language);
      // A price changed between the read and the lock (an admin edit): once more with the new price,
      // which then answers 409 with the fresh totals if the customer's total no longer matches.
      if (err instanceof PriceMovedError && attempt < 3) continue;
      if (!isIdempotencyViolation(err)) throw err;
      const winner = await orderForKey(db, input);
      if (!winner) throw err;
      return replay(winner, input);
    }
  }
}

/** The order as the checkout answers it (the same body for a first answer and a replay). */
export async function placedOrder(db: DbOrTx, orderId: number): Promise<PlacedOrder> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!o) throw new Error(`order ${orderId} missing`);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  return toPlacedOrder(o, items);
}

type AnswerOrder = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'createdAt'
  | 'orderStatus'
  | 'paymentStatus'
  | 'paymentMethod'
  | 'isCustomized'
  | 'subtotalCents'
  | 'couponCode'
  | 'couponDiscountCents'
  | 'shippingCents'
  | 'totalCents'
  | 'deliveryCity'
  | 'deliveryDate'
  | 'deliveryMethod'
  | 'deliverySlot'
  | 'deliverySlotNames'
  | 'language'
  | 'customerName'
  | 'customerEmail'
  | 'customerPhone'
  | 'recipientName'
  | 'recipientPhone'
  | 'anonymousSender'
  | 'substitution'
  | 'giftMessage'
>;
type AnswerItem = Pick<
  typeof orderItems.$inferSelect,
  | 'productId'
  | 'productName'
  | 'colorId'
  | 'colorName'
  | 'colorHex'
  | 'sizeId'
  | 'sizeName'
  | 'quantity'
  | 'originalUnitPriceCents'
  | 'discount'
  | 'unitPriceCents'
>;

function toPlacedOrder(o: AnswerOrder, items: AnswerItem[]): PlacedOrder {
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
    delivery_method: o.deliveryMethod === 'pickup' ? 'pickup' : 'delivery',
    delivery_slot: o.deliverySlot ? { key: o.deliverySlot, label: o.deliverySlotNames?.[toLocale(o.language)] ?? o.deliverySlot } : null,
    customer: { name: o.customerName, email: o.customerEmail, phone: o.customerPhone },
    recipient: o.recipientName ? { name: o.recipientName, phone: o.recipientPhone, anonymous: o.anonymousSender } : null,
    substitution: o.substitution as PlacedOrder['substitution'],
    gift_message: o.giftMessage,
    order_items: items.map((i) => ({
      product_id: i.productId,
      name: withSize(i.productName, i.sizeName),
      color: i.colorName ? { id: i.colorId, name: i.colorName, hex_code: i.colorHex } : null,
      size: i.sizeName ? { id: i.sizeId, name: i.sizeName } : null,
      quantity: i.quantity,
      original_unit_price: fromCents(i.originalUnitPriceCents),
      discount: i.discount,
      unit_price: fromCents(i.unitPriceCents),
      line_total: fromCents(i.unitPriceCents * i.quantity),
    })),
  };
}
