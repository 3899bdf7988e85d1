/**
 * The server cart. A visitor's cart is found by the `cart_id` cookie (a random UUID, never chosen by
 * the client), a customer's by `carts.user_id` (unique). One line per product, colour and size
 * (cart_items_line_uq); no colour means the product’s first colour; a product with sizes is always in one of them. A product's lines together may not
 * exceed its stock: the cart refuses with 409 "Only {n} left in stock for {product}." rather than
 * failing later at checkout. Prices are never stored in the cart: every answer is priced afresh by
 * checkout/pricing.ts from the catalogue.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, sql, type Placeholder } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import type { Cart, CartItem, CartSummary } from '../../../shared/schemas/cart.js';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  cartItems,
  carts,
  categories,
  categoryTranslations,
  colors,
  colorTranslations,
  productColors,
  productImages,
  products,
  productSizes,
  productTranslations,
} from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { translate } from '../../lib/i18n.js';
import { imageUrl } from '../../lib/images.js';
import { couponIsValid, couponMessages, findCouponById, findCouponByCode, type CouponRow } from '../coupons/coupons.service.js';
import { findActiveZone, toDeliveryZone, type ZoneRow } from '../delivery/delivery.service.js';
import { deliveryMessages } from '../delivery/delivery.service.js';
import { lineTotalCents, priceLines } from '../pricing/pricing.js';
import { cartMessages } from './cart.messages.js';
import { productChoiceMessages, productName, productTranslationIn, sizeColumns } from '../catalogue/product-language.js';

export type CartRow = typeof carts.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isCartId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** Who owns the cart of a request: a customer, or a visitor with (maybe) a cookie. */
export interface CartOwner {
  userId: number | null;
  cookieId: string | null;
  /** For the per-customer coupon limit. */
  email?: string | null;
}

/**
 * The cart row of an account (`user`: by account id) or of a visitor's cookie (`guest`: by cart id,
 * when the cart is not an account's). `id` may be a placeholder (the checkout prepares its reads).
 */
export function cartOf(kind: 'user' | 'guest', id: number | string | Placeholder) {
  return kind === 'user'
    ? eq(carts.userId, id as number | Placeholder)
    : and(eq(carts.id, id as string | Placeholder), isNull(carts.userId))!;
}

/** How a cart is found: by account, or by the visitor's cookie. */
export type CartKey = { kind: 'user'; id: number } | { kind: 'guest'; id: string };

/** The owner's cart key; null: no cart can be theirs. */
export function cartKey(owner: CartOwner): CartKey | null {
  if (owner.userId) return { kind: 'user', id: owner.userId };
  if (isCartId(owner.cookieId)) return { kind: 'guest', id: owner.cookieId };
  return null;
}

/** Which cart row is the owner's (the account's, or the visitor cookie's when not an account's); null: none can be. */
export function cartCondition(owner: CartOwner) {
  const key = cartKey(owner);
  return key ? cartOf(key.kind, key.id) : null;
}

export async function findCart(db: DbOrTx, owner: CartOwner, opts: { forUpdate?: boolean } = {}): Promise<CartRow | null> {
  const where = cartCondition(owner);
  if (!where) return null;
  const query = db.select().from(carts).where(where).limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The owner's cart, created when missing (a visitor's new id must then be set in the cookie). */
export async function ensureCart(db: DbOrTx, owner: CartOwner): Promise<{ cart: CartRow; created: boolean }> {
  const found = await findCart(db, owner);
  if (found) return { cart: found, created: false };
  if (owner.userId) {
    await db.insert(carts).values({ id: randomUUID(), userId: owner.userId }).onConflictDoNothing({ target: carts.userId });
    const cart = await findCart(db, owner);
    if (!cart) throw new Error('cart vanished');
    return { cart, created: true };
  }
  const [cart] = await db.insert(carts).values({ id: randomUUID() }).returning();
  return { cart: cart!, created: true };
}

const touch = (db: DbOrTx, cartId: string) => db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));

// ------------------------------------------------------------------ reading and pricing

export interface CartLineRow {
  id: number;
  productId: number;
  colorId: number | null;
  sizeId: number | null;
  sizeName: string | null;
  isExtra: boolean;
  quantity: number;
  name: string;
  priceCents: number;
  discount: number;
  finalPriceCents: number;
  stock: number;
  category: string;
  colorName: string | null;
  colorHex: string | null;
  image: unknown;
}

function smallImage(value: unknown): string | null {
  const image = (typeof value === 'string' ? JSON.parse(value) : value) as { key?: string; widths?: unknown } | null;
  if (!image?.key || !Array.isArray(image.widths) || image.widths.length === 0) return null;
  const sorted = image.widths.map(Number).sort((a, b) => a - b);
  return imageUrl(image.key, sorted.find((w) => w >= 320) ?? sorted[sorted.length - 1]!);
}

/** The lines of a cart with today's prices, stock and names in `locale`, oldest line first. */
export async function cartLines(db: DbOrTx, cartId: string, locale: Locale): Promise<CartLineRow[]> {
  const size = sizeColumns(locale);
  return db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      colorId: cartItems.colorId,
      sizeId: cartItems.sizeId,
      sizeName: sql<string | null>`${size.name}`,
      isExtra: products.isExtra,
      quantity: cartItems.quantity,
      name: productName,
      // A line in a size is priced from the size (the product's discount applied to it).
      priceCents: sql<number>`coalesce(${productSizes.priceCents}, ${products.priceCents})`.mapWith(Number),
      discount: products.discount,
      finalPriceCents: sql<number>`coalesce(${size.finalPriceCents}, ${products.finalPriceCents})`.mapWith(Number),
      stock: products.stock,
      category: sql<string>`coalesce(${categoryTranslations.name}, ${categories.name})`,
      colorName: sql<string | null>`coalesce(${colorTranslations.name}, ${colors.name})`,
      colorHex: colors.hexCode,
      // The picture of the line's colour when the product has one (a pink rose's own), else its first.
      image: sql<unknown>`(select json_build_object('key', pi.key, 'widths', pi.widths) from ${productImages} pi where pi.product_id = ${products.id}
        order by pi.color_id is not distinct from ${cartItems.colorId} and pi.color_id is not null desc, pi.sort_order, pi.id limit 1)`,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productTranslations, productTranslationIn(locale))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)))
    .leftJoin(colors, eq(colors.id, cartItems.colorId))
    .leftJoin(colorTranslations, and(eq(colorTranslations.colorId, colors.id), eq(colorTranslations.locale, locale)))
    .leftJoin(productSizes, eq(productSizes.id, cartItems.sizeId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
}

export function toCartItem(l: CartLineRow): CartItem {
  return {
    id: l.id,
    product_id: l.productId,
    name: l.name,
    image: smallImage(l.image),
    category: l.category,
    color: l.colorId !== null && l.colorName !== null ? { id: l.colorId, name: l.colorName, hex_code: l.colorHex ?? '' } : null,
    size: l.sizeId !== null && l.sizeName !== null ? { id: l.sizeId, name: l.sizeName } : null,
    is_extra: l.isExtra,
    unit_price: fromCents(l.finalPriceCents),
    price: fromCents(l.priceCents),
    discount: l.discount,
    quantity: l.quantity,
    line_total: fromCents(lineTotalCents(l)),
    stock: l.stock,
  };
}

export interface SummaryInput {
  lines: readonly { finalPriceCents: number; quantity: number }[];
  /** The attached coupon and whether it applies now. */
  coupon: { row: CouponRow; valid: boolean } | null;
  zone: ZoneRow | null;
  locale: Locale;
}

/** The summary of the cart answer (also the fresh totals of a checkout 409). */
export function summarize({ lines, coupon, zone, locale }: SummaryInput): CartSummary & { totalCents: number } {
  const applied = coupon?.valid ? { type: coupon.row.type, value: coupon.row.value } : null;
  const totals = priceLines(lines, applied, zone);
  return {
    subtotal: fromCents(totals.subtotalCents),
    discount: fromCents(totals.couponDiscountCents),
    coupon: coupon
      ? {
          code: coupon.row.code,
          discount: fromCents(totals.couponDiscountCents),
          valid: coupon.valid,
          message: coupon.valid ? null : translate(couponMessages.invalid, locale),
        }
      : null,
    delivery_city: zone ? toDeliveryZone(zone, locale) : null,
    shipping: fromCents(totals.shippingCents),
    tax: 'included',
    total: fromCents(totals.totalCents),
    count: totals.count,
    totalCents: totals.totalCents,
  };
}

/** The cart answer: lines and summary, priced now. `cart` null gives the empty cart. */
export async function cartView(db: DbOrTx, cart: CartRow | null, owner: CartOwner, locale: Locale, now = new Date()): Promise<Cart> {
  const lines = cart ? await cartLines(db, cart.id, locale) : [];
  const zone = cart?.deliveryZoneId ? await findActiveZone(db, cart.deliveryZoneId) : null;
  const couponRow = cart?.couponId ? await findCouponById(db, cart.couponId) : null;
  let coupon: SummaryInput['coupon'] = null;
  if (couponRow) {
    const subtotalCents = lines.reduce((s, l) => s + lineTotalCents(l), 0);
    coupon = {
      row: couponRow,
      valid: await couponIsValid(db, couponRow, { subtotalCents, now, userId: owner.userId, email: owner.email }),
    };
  }
  const { totalCents: _total, ...summary } = summarize({ lines, coupon, zone, locale });
  return { items: lines.map(toCartItem), summary };
}

// ------------------------------------------------------------------ writing

async function productForCart(db: DbOrTx, productId: number, locale: Locale) {
  const [product] = await db
    .select({ id: products.id, stock: products.stock, name: productName })
    .from(products)
    .leftJoin(productTranslations, productTranslationIn(locale))
    .where(eq(products.id, productId))
    .limit(1);
  if (!product) throw new AppError(404, cartMessages.productNotFound);
  return product;
}

/**
 * The size of a new line: required (422 `size_id`) for a product with sizes, and one of its own;
 * refused for a product without sizes.
 */
export async function checkedSize(db: DbOrTx, productId: number, sizeId: number | null): Promise<number | null> {
  const own = await db.select({ id: productSizes.id }).from(productSizes).where(eq(productSizes.productId, productId));
  if (sizeId === null) {
    if (own.length > 0) throw new FieldValidationError({ size_id: [productChoiceMessages.sizeRequired] });
    return null;
  }
  if (!own.some((o) => o.id === sizeId)) throw new FieldValidationError({ size_id: [productChoiceMessages.sizeNotOffered] });
  return sizeId;
}

/** Units of a product in the cart, in lines other than `exceptItemId`. */
async function unitsInOtherLines(db: DbOrTx, cartId: string, productId: number, exceptItemId?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(
      and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId), exceptItemId ? ne(cartItems.id, exceptItemId) : undefined),
    );
  return Number(row?.n ?? 0);
}

function assertStock(product: { stock: number; name: string }, wanted: number) {
  if (product.stock <= 0) throw new AppError(409, cartMessages.outOfStock, { product: product.name });
  if (wanted > product.stock) throw new AppError(409, cartMessages.onlyLeft, { n: product.stock, product: product.name });
}

export async function addItem(
  db: DbOrTx,
  cartId: string,
  input: { productId: number; colorId?: number | null; sizeId?: number | null; quantity: number },
  locale: Locale,
): Promise<void> {
  const product = await productForCart(db, input.productId, locale);
  const sizeId = await checkedSize(db, product.id, input.sizeId ?? null);
  const offered = await db
    .select({ colorId: productColors.colorId })
    .from(productColors)
    .where(eq(productColors.productId, product.id))
    .orderBy(asc(productColors.sortOrder), asc(productColors.colorId));
  let colorId: number | null = input.colorId ?? null;
  if (colorId === null) colorId = offered[0]?.colorId ?? null;
  else if (!offered.some((o) => o.colorId === colorId))
    throw new FieldValidationError({ color_id: [productChoiceMessages.colorNotOffered] });

  const inCart = await unitsInOtherLines(db, cartId, product.id);
  assertStock(product, inCart + input.quantity);
  await db
    .insert(cartItems)
    .values({ cartId, productId: product.id, colorId, sizeId, quantity: input.quantity })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId, cartItems.colorId, cartItems.sizeId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: new Date() },
    });
  await touch(db, cartId);
}

async function findItem(db: DbOrTx, cartId: string, itemId: number) {
  const [item] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
    .limit(1);
  if (!item) throw new AppError(404, cartMessages.itemNotFound);
  return item;
}

/** Sets a line's quantity; 0 or less removes it. */
export async function updateItem(db: DbOrTx, cartId: string | null, itemId: number, quantity: number, locale: Locale): Promise<void> {
  if (!cartId) throw new AppError(404, cartMessages.itemNotFound);
  const item = await findItem(db, cartId, itemId);
  if (quantity <= 0) {
    await db.delete(cartItems).where(eq(cartItems.id, item.id));
  } else {
    const product = await productForCart(db, item.productId, locale);
    assertStock(product, (await unitsInOtherLines(db, cartId, item.productId, item.id)) + quantity);
    await db.update(cartItems).set({ quantity, updatedAt: new Date() }).where(eq(cartItems.id, item.id));
  }
  await touch(db, cartId);
}

export async function removeItem(db: DbOrTx, cartId: string | null, itemId: number): Promise<void> {
  if (!cartId) throw new AppError(404, cartMessages.itemNotFound);
  const item = await findItem(db, cartId, itemId);
  await db.delete(cartItems).where(eq(cartItems.id, item.id));
  await touch(db, cartId);
}

/** Empties the cart and drops its coupon; the delivery city stays (it is where the customer lives). */
export async function clearCart(db: DbOrTx, cartId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
  await db.update(carts).set({ couponId: null, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** Attaches a coupon after checking every rule against the cart as it is now; 422 "Invalid Coupon". */
export async function applyCoupon(db: DbOrTx, cart: CartRow, code: string, owner: CartOwner, now = new Date()): Promise<void> {
  const coupon = await findCouponByCode(db, code);
  const [row] = await db
    .select({
      n: sql<number>`coalesce(sum(${cartItems.quantity} * coalesce(${sizeColumns('fr').finalPriceCents}, ${products.finalPriceCents})), 0)::int`,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productSizes, eq(productSizes.id, cartItems.sizeId))
    .where(eq(cartItems.cartId, cart.id));
  const subtotalCents = Number(row?.n ?? 0);
  if (!coupon || !(await couponIsValid(db, coupon, { subtotalCents, now, userId: owner.userId, email: owner.email }))) {
    throw new FieldValidationError({ code: [couponMessages.invalid] });
  }
  await db.update(carts).set({ couponId: coupon.id, updatedAt: new Date() }).where(eq(carts.id, cart.id));
}

export async function removeCoupon(db: DbOrTx, cartId: string): Promise<void> {
  await db.update(carts).set({ couponId: null, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

export async function setDeliveryZone(db: DbOrTx, cartId: string, zoneId: number): Promise<void> {
  const zone = await findActiveZone(db, zoneId);
  if (!zone) throw new FieldValidationError({ zone_id: [deliveryMessages.unknownZone] });
  await db.update(carts).set({ deliveryZoneId: zone.id, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

// ------------------------------------------------------------------ merge at login

/**
 * Moves a visitor's cart into the customer's: quantities of the same product and colour are summed,
 * each line capped by the product's stock (a line whose product is out of stock is dropped); the
 * customer's coupon and delivery city are kept, the visitor's taken when the customer has none. The
 * visitor cart is deleted. Safe to call with an unknown or already merged id (does nothing).
 */
export async function mergeVisitorCart(
  db: Db,
  { visitorCartId, userId }: { visitorCartId: string | null | undefined; userId: number },
): Promise<void> {
  if (!isCartId(visitorCartId)) return;
  await db.transaction(async (tx) => {
    const [visitor] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.id, visitorCartId), isNull(carts.userId)))
      .for('update');
    if (!visitor) return;
    await tx.insert(carts).values({ id: randomUUID(), userId }).onConflictDoNothing({ target: carts.userId });
    const [own] = await tx.select().from(carts).where(eq(carts.userId, userId)).for('update');
    if (!own) throw new Error('customer cart missing');

    const visitorItems = await tx.select().from(cartItems).where(eq(cartItems.cartId, visitor.id)).orderBy(asc(cartItems.id));
    if (visitorItems.length > 0) {
      const ownItems = await tx.select().from(cartItems).where(eq(cartItems.cartId, own.id));
      const productIds = [...new Set(visitorItems.map((i) => i.productId))];
      const stockRows = await tx.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, productIds));
      const stock = new Map(stockRows.map((r) => [r.id, r.stock]));
      for (const item of visitorItems) {
        const existing = ownItems.find((o) => o.productId === item.productId && o.colorId === item.colorId && o.sizeId === item.sizeId);
        const quantity = Math.min((existing?.quantity ?? 0) + item.quantity, stock.get(item.productId) ?? 0);
        if (existing) {
          if (quantity > 0 && quantity !== existing.quantity) {
            await tx.update(cartItems).set({ quantity, updatedAt: new Date() }).where(eq(cartItems.id, existing.id));
          }
        } else if (quantity > 0) {
          await tx
            .insert(cartItems)
            .values({ cartId: own.id, productId: item.productId, colorId: item.colorId, sizeId: item.sizeId, quantity });
        }
      }
    }
    await tx
      .update(carts)
      .set({
        couponId: own.couponId ?? visitor.couponId,
        deliveryZoneId: own.deliveryZoneId ?? visitor.deliveryZoneId,
        updatedAt: new Date(),
      })
      .where(eq(carts.id, own.id));
    await tx.delete(carts).where(eq(carts.id, visitor.id));
  });
}
