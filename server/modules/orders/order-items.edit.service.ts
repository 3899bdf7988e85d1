/**
 * Changing the lines of an order a customer calls about (add, remove, another quantity or colour),
 * in ONE transaction:
 *   - the order row is locked first; an edit based on an older `version` is StaleOrderError (409 with
 *     the fresh order), and an order already out for delivery, delivered or cancelled is refused;
 *   - the stock moves by the difference, product by product in id order (the checkout's lock order,
 *     so no deadlock with it): units taken only `where stock >= n` (409 naming the product when
 *     short, nothing written), units given back when a line shrinks or goes;
 *   - a line already on the order keeps the price it was sold at; an added line takes today's price
 *     and the same name snapshot as a checkout line (every shop language); a line in a size keeps its
 *     size (a line that does not name one keeps the order line's), and a line added or moved to another
 *     size is priced at that size's price after the product's discount, as a checkout prices it;
 *   - totals recomputed: subtotal, the coupon's discount by its rules (a coupon deleted since keeps
 *     its discount, capped at the subtotal), the delivery fee unchanged;
 *   - a status-history row saying what changed, and the customer's mail queued in the outbox in this
 *     same transaction (none without an e-mail address).
 * Changed lines are deleted and written anew rather than updated: the sales rollups follow order lines
 * by their insert and delete triggers.
 */
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { MAX_UNITS_PER_ORDER, type Locale, type OrderStatus } from '../../../shared/constants.js';
import type { OrderItemsEdit } from '../../../shared/schemas/staff-orders.js';
import type { Db, Tx } from '../../db/client.js';
import { coupons, orderItems, orders, orderStatusHistory, products, productSizes } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { defineMessages, interpolate, translate } from '../../lib/i18n.js';
import { queueOutbox } from '../../lib/mail-queue.js';
import { validationMessages } from '../../../shared/validation.js';
import { couponDiscountCents } from '../pricing/pricing.js';
import { lineSnapshot, pickName, withSize } from './order-names.js';
import { StaleOrderError } from './orders.edit.service.js';
import { orderMessages } from './orders.service.js';
import { colorsFor, orderLineMessages, productsFor, resolveLines, sizesFor } from './order-lines.js';

export const orderItemsMessages = defineMessages({
  notEditable: {
    fr: 'Les articles d’une commande en livraison, livrée ou annulée ne peuvent plus être modifiés.',
    en: 'The items of an order that is out for delivery, delivered or cancelled can no longer be changed.',
    ar: 'لا يمكن تعديل منتجات طلب قيد التوصيل أو تم توصيله أو تم إلغاؤه.',
  },
  unknownLine: {
    fr: 'Cette ligne ne fait pas partie de la commande.',
    en: 'This line is not part of the order.',
    ar: 'هذا السطر ليس جزءًا من الطلب.',
  },
  productFixed: {
    fr: 'Le produit d’une ligne ne change pas : retirez la ligne et ajoutez l’autre produit.',
    en: 'A line’s product cannot change: remove the line and add the other product.',
    ar: 'لا يمكن تغيير منتج السطر: احذف السطر وأضف المنتج الآخر.',
  },
  productGoneLine: {
    fr: 'Ce produit n’existe plus : la ligne peut seulement rester telle quelle ou être retirée.',
    en: 'This product no longer exists: the line can only stay as it is or be removed.',
    ar: 'هذا المنتج لم يعد موجودًا: يمكن فقط إبقاء السطر كما هو أو حذفه.',
  },
  noStock: {
    fr: 'Stock insuffisant pour « {product} » ({n} restant) : rien n’a été modifié.',
    en: 'Not enough stock of “{product}” ({n} left): nothing was changed.',
    ar: 'المخزون غير كافٍ من «{product}» (المتبقي {n}): لم يتم تغيير أي شيء.',
  },
  tooManyUnits: {
    fr: 'Au plus {max} articles par commande.',
    en: 'At most {max} items per order.',
    ar: 'على الأكثر {max} قطعة لكل طلب.',
  },
  saved: {
    fr: 'Articles de la commande mis à jour. Nouveau total : {total}',
    en: 'Order items updated. New total: {total}',
    ar: 'تم تحديث منتجات الطلب. المجموع الجديد: {total}',
  },
  historyNote: { fr: 'Articles modifiés : {changes}', en: 'Items changed: {changes}', ar: 'تم تعديل المنتجات: {changes}' },
});

/** Statuses whose lines may still change: the flowers have not left the shop. */
export const ITEMS_EDITABLE_STATUSES: readonly OrderStatus[] = ['pending', 'not_confirmed', 'confirmed', 'processing'];

/** One change as the history, the audit row and the customer's mail tell it (0 before: added; 0 after: removed). */
export interface LineChange {
  /** The product's name, with its size (`Bouquet — Prestige`). */
  name: string;
  color: string | null;
  before: number;
  after: number;
}

export interface ItemsEditOutcome {
  before: {
    lines: { product_id: number | null; color_id: number | null; size_id: number | null; quantity: number }[];
    total_cents: number;
  };
  after: ItemsEditOutcome['before'];
  changes: LineChange[];
  totalCents: number;
}

type Line = typeof orderItems.$inferSelect;
type Wanted = { id?: number; productId: number | null; colorId: number | null; sizeId: number | null; quantity: number };

/**
 * The lines as they should be: ids checked, colours resolved (null: first colour), sizes checked (a
 * line of the order that names none keeps its own), same product, colour and size merged.
 */
async function wantedLines(tx: Tx, current: Line[], items: OrderItemsEdit['items']): Promise<Wanted[]> {
  const byId = new Map(current.map((l) => [l.id, l]));
  items.forEach((item, i) => {
    if (item.id === undefined) {
      if (item.product_id === null) throw new FieldValidationError({ [`items.${i}.product_id`]: [validationMessages.required] });
      return;
    }
    const line = byId.get(item.id);
    if (!line) throw new FieldValidationError({ [`items.${i}.id`]: [orderItemsMessages.unknownLine] });
    if (line.productId === null) {
      if (item.quantity !== line.quantity || (item.color_id ?? null) !== line.colorId || (item.size_id ?? line.sizeId) !== line.sizeId) {
        throw new FieldValidationError({ [`items.${i}.quantity`]: [orderItemsMessages.productGoneLine] });
      }
    } else if (item.product_id !== null && line.productId !== item.product_id) {
      throw new FieldValidationError({ [`items.${i}.product_id`]: [orderItemsMessages.productFixed] });
    }
  });
  // A line of a deleted product stays exactly as it is (nothing to check it against).
  const frozen = items.filter((i) => i.id !== undefined && byId.get(i.id)!.productId === null);
  // A line of the order may leave its product id out: it is the line's.
  // A line of the order may leave its product id and its size out: they are the line's.
  const live = items
    .filter((i) => !frozen.includes(i))
    .map((i) => {
      const line = i.id !== undefined ? byId.get(i.id) : undefined;
      return {
        ...i,
        product_id: i.product_id ?? line!.productId!,
        size_id: i.size_id === undefined && line ? line.sizeId : (i.size_id ?? null),
      };
    });
  const resolved = await resolveLines(
    tx,
    live.map((i) => ({
      productId: i.product_id,
      colorId: i.color_id ?? null,
      sizeId: i.size_id,
      // A line sold before its product had sizes stays without one.
      sizeFree: i.id !== undefined && i.size_id === null && byId.get(i.id)!.sizeId === null,
      quantity: i.quantity,
    })),
  );
  // Merged lines keep the id of an order line of that product, colour and size when there is one.
  const used = new Set<number>();
  const out: Wanted[] = resolved.map((r) => {
    const own = live.find(
      (i) =>
        i.id !== undefined &&
        !used.has(i.id) &&
        i.product_id === r.productId &&
        (i.color_id ?? byId.get(i.id)!.colorId) === r.colorId &&
        i.size_id === r.sizeId,
    );
    if (own?.id !== undefined) used.add(own.id);
    return { ...r, id: own?.id };
  });
  for (const f of frozen) {
    const line = byId.get(f.id!)!;
    out.push({ id: f.id, productId: null, colorId: line.colorId, sizeId: line.sizeId, quantity: f.quantity });
  }
  if (out.reduce((n, l) => n + l.quantity, 0) > MAX_UNITS_PER_ORDER) {
    throw new FieldValidationError({ items: [fillAll(orderItemsMessages.tooManyUnits, { max: MAX_UNITS_PER_ORDER })] });
  }
  return out;
}

const fillAll = (m: (typeof orderItemsMessages)[keyof typeof orderItemsMessages], params: Record<string, string | number>) => ({
  fr: interpolate(m.fr, params),
  en: interpolate(m.en, params),
  ar: interpolate(m.ar, params),
});

/** Units per product (lines of deleted products left out). */
function unitsPerProduct(lines: { productId: number | null; quantity: number }[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const l of lines) if (l.productId !== null) m.set(l.productId, (m.get(l.productId) ?? 0) + l.quantity);
  return m;
}

/** Moves the stock by the difference, in product id order; 409 naming the first product short. */
async function moveStockBy(tx: Tx, deltas: Map<number, number>, language: Locale): Promise<void> {
  for (const productId of [...deltas.keys()].sort((a, b) => a - b)) {
    const taken = deltas.get(productId)!;
    if (taken === 0) continue;
    if (taken < 0) {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${-taken}`, popularity: sql`greatest(0, ${products.popularity} - ${-taken})` })
        .where(eq(products.id, productId));
      continue;
    }
    const done = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${taken}`, popularity: sql`${products.popularity} + ${taken}` })
      .where(and(eq(products.id, productId), gte(products.stock, taken)))
      .returning({ id: products.id });
    if (done.length === 0) {
      const names = await productsFor(tx, [productId], language);
      const [row] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
      if (!row) throw new AppError(409, orderLineMessages.productGone);
      throw new AppError(409, orderItemsMessages.noStock, { product: names.get(productId)?.name ?? `#${productId}`, n: row.stock });
    }
  }
}

/** The coupon's discount on the new subtotal: its rules when it still exists, else the old discount capped. */
async function discountFor(tx: Tx, order: typeof orders.$inferSelect, subtotalCents: number): Promise<number> {
  if (!order.couponCode || order.couponDiscountCents === 0) return 0;
  const [coupon] = order.couponId ? await tx.select().from(coupons).where(eq(coupons.id, order.couponId)) : [];
  if (!coupon) return Math.min(order.couponDiscountCents, subtotalCents);
  if (subtotalCents < coupon.minSubtotalCents) return 0;
  return couponDiscountCents(coupon, subtotalCents);
}

const lineKey = (l: { productId: number | null; colorId: number | null; sizeId: number | null }) =>
  `${l.productId}:${l.colorId}:${l.sizeId}`;

/**
 * Sets the order's lines to `input.items` (see the file comment). `language` is the staff member's,
 * for the history note and a stock refusal's product name.
 */
export async function editOrderItems(
  db: Db,
  orderId: number,
  input: OrderItemsEdit,
  adminId: number,
  language: Locale,
): Promise<ItemsEditOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError(404, orderMessages.notFound);
    if (input.version !== undefined && order.version !== input.version) throw new StaleOrderError();
    if (!ITEMS_EDITABLE_STATUSES.includes(order.orderStatus as OrderStatus)) throw new AppError(409, orderItemsMessages.notEditable);

    const current = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
    const wanted = await wantedLines(tx, current, input.items);
    const orderLanguage = (['fr', 'en', 'ar'] as const).find((l) => l === order.language) ?? 'fr';

    // Stock: the difference per product, taken or given back in id order.
    const before = unitsPerProduct(current);
    const after = unitsPerProduct(wanted);
    const deltas = new Map<number, number>();
    for (const id of new Set([...before.keys(), ...after.keys()])) deltas.set(id, (after.get(id) ?? 0) - (before.get(id) ?? 0));
    // Added products must exist today (and not be archived); lines already on the order need not.
    const added = wanted.filter((w) => w.id === undefined).map((w) => w.productId!);
    const today = await productsFor(tx, [...new Set(added)], orderLanguage);
    if (added.some((id) => !today.has(id))) throw new AppError(409, orderLineMessages.productGone);
    await moveStockBy(tx, deltas, language);

    // Lines: unchanged ones stay; removed or changed ones go; changed and new ones are written.
    const byId = new Map(current.map((l) => [l.id, l]));
    const keep = new Set<number>();
    const writes: (typeof orderItems.$inferInsert)[] = [];
    const colorIds = wanted.map((w) => w.colorId).filter((c): c is number => c !== null);
    const colorById = await colorsFor(tx, [...new Set(colorIds)], orderLanguage);
    // Sizes a line is added in or moved to: today's price and names.
    const newSizeIds = [
      ...new Set(
        wanted.filter((w) => w.sizeId !== null && (w.id === undefined || byId.get(w.id)!.sizeId !== w.sizeId)).map((w) => w.sizeId!),
      ),
    ];
    const [sizeById, sizeNames] = await Promise.all([
      sizesFor(tx, newSizeIds, orderLanguage),
      newSizeIds.length
        ? tx.select({ id: productSizes.id, names: productSizes.names }).from(productSizes).where(inArray(productSizes.id, newSizeIds))
        : Promise.resolve([]),
    ]);
    const namesOfSize = new Map(sizeNames.map((z) => [z.id, z.names]));
    // A product whose line moves to another size is priced today: read it with the added ones.
    const resized = wanted.filter((w) => w.id !== undefined && byId.get(w.id)!.sizeId !== w.sizeId).map((w) => w.productId!);
    const resizedProducts = await productsFor(
      tx,
      [...new Set(resized)].filter((id) => !today.has(id)),
      orderLanguage,
    );
    for (const w of wanted) {
      const old = w.id !== undefined ? byId.get(w.id) : undefined;
      if (old && old.quantity === w.quantity && old.colorId === w.colorId && old.sizeId === w.sizeId) {
        keep.add(old.id);
        continue;
      }
      if (old && old.colorId === w.colorId && old.sizeId === w.sizeId) {
        writes.push({ ...old, id: undefined, quantity: w.quantity });
        continue;
      }
      // A new line, or another colour or size: today's snapshot of names and colour; an order line
      // keeps the price it was sold at unless its size changed (then the new size's price today).
      const snapshot = await lineSnapshot(tx, w.productId!, w.colorId);
      if (!snapshot) throw new AppError(409, orderLineMessages.productGone);
      const product = today.get(w.productId!) ?? resizedProducts.get(w.productId!);
      const sameSize = old !== undefined && old.sizeId === w.sizeId;
      const size = w.sizeId !== null && !sameSize ? sizeById.get(w.sizeId) : undefined;
      if (!sameSize && !product) throw new AppError(409, orderLineMessages.productGone);
      const keptPrice = sameSize ? old : undefined;
      writes.push({
        orderId,
        productId: w.productId,
        productName: old?.productName ?? pickName(snapshot.productNames, orderLanguage, product?.name ?? ''),
        productNames: old?.productNames ?? snapshot.productNames,
        colorId: w.colorId,
        colorName: w.colorId !== null ? (colorById.get(w.colorId)?.name ?? pickName(snapshot.colorNames, orderLanguage)) : null,
        colorNames: snapshot.colorNames,
        colorHex: snapshot.colorHex,
        sizeId: w.sizeId,
        sizeName: sameSize ? old.sizeName : (size?.name ?? null),
        sizeNames: sameSize ? old.sizeNames : w.sizeId !== null ? (namesOfSize.get(w.sizeId) ?? null) : null,
        quantity: w.quantity,
        originalUnitPriceCents: keptPrice?.originalUnitPriceCents ?? size?.priceCents ?? product!.priceCents,
        discount: keptPrice?.discount ?? product!.discount,
        unitPriceCents: keptPrice?.unitPriceCents ?? size?.finalPriceCents ?? product!.finalPriceCents,
      });
    }
    const gone = current.filter((l) => !keep.has(l.id)).map((l) => l.id);
    if (gone.length === 0 && writes.length === 0) {
      // Nothing changed: no new version, no mail.
      const same = current.map((l) => ({ product_id: l.productId, color_id: l.colorId, size_id: l.sizeId, quantity: l.quantity }));
      return {
        before: { lines: same, total_cents: order.totalCents },
        after: { lines: same, total_cents: order.totalCents },
        changes: [],
        totalCents: order.totalCents,
      };
    }
    if (gone.length > 0) await tx.delete(orderItems).where(and(eq(orderItems.orderId, orderId), inArray(orderItems.id, gone)));
    if (writes.length > 0) await tx.insert(orderItems).values(writes);

    // Totals: lines at their prices, the coupon's rules, the delivery fee as it was.
    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
    const subtotalCents = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
    const discount = await discountFor(tx, order, subtotalCents);
    const totalCents = subtotalCents - discount + order.shippingCents;
    const now = new Date();
    await tx
      .update(orders)
      .set({ subtotalCents, couponDiscountCents: discount, totalCents, version: order.version + 1, updatedAt: now })
      .where(eq(orders.id, orderId));

    const changes = describeChanges(current, lines, orderLanguage);
    const staffChanges = describeChanges(current, lines, language);
    await tx.insert(orderStatusHistory).values({
      orderId,
      orderStatus: order.orderStatus,
      paymentStatus: order.paymentStatus,
      note: translate(orderItemsMessages.historyNote, language, { changes: staffChanges.map(changeText).join('; ') }),
      changedBy: adminId,
      createdAt: now,
    });
    // The customer hears of it in the same transaction (no address: nobody to tell).
    if (order.customerEmail) {
      await queueOutbox(tx, [{ kind: 'order_items_changed', payload: { orderId, changes } }]);
    }
    const snapshot = (ls: Line[]) =>
      ls.map((l) => ({ product_id: l.productId, color_id: l.colorId, size_id: l.sizeId, quantity: l.quantity }));
    return {
      before: { lines: snapshot(current), total_cents: order.totalCents },
      after: { lines: snapshot(lines), total_cents: totalCents },
      changes,
      totalCents,
    };
  });
}

/** What moved, line by line (by product, colour and size), with names (and size) in `lang`. */
function describeChanges(before: Line[], after: Line[], lang: Locale): LineChange[] {
  const sum = (ls: Line[]) => {
    const m = new Map<string, { line: Line; n: number }>();
    for (const l of ls) {
      const k = lineKey(l);
      m.set(k, { line: l, n: (m.get(k)?.n ?? 0) + l.quantity });
    }
    return m;
  };
  const a = sum(before);
  const b = sum(after);
  const out: LineChange[] = [];
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const was = a.get(k)?.n ?? 0;
    const now = b.get(k)?.n ?? 0;
    if (was === now) continue;
    const line = (b.get(k) ?? a.get(k))!.line;
    out.push({
      name: withSize(
        pickName(line.productNames, lang, line.productName),
        line.sizeId !== null ? pickName(line.sizeNames, lang, line.sizeName ?? '') : null,
      ),
      color: line.colorId !== null ? pickName(line.colorNames, lang, line.colorName ?? '') || null : null,
      before: was,
      after: now,
    });
  }
  return out;
}

/** `2 × Rose bouquet (Red) → 3` (0 before: added; 0 after: removed). */
export const changeText = (c: LineChange) => `${c.name}${c.color ? ` (${c.color})` : ''}: ${c.before} → ${c.after}`;
