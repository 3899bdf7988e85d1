/**
 * A customer's order history: their own orders only, newest first, paged in SQL (index
 * orders_user_created_idx), and one order in full with its lines, addresses and status history.
 * Orders are written by the checkout module; this module only reads them.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  toLocale,
  type Locale,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type Substitution,
} from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import type { OrderAddress, OrderDetail, OrderItem, OrderSummary, TrackedOrder } from '../../../shared/schemas/orders.js';
import { pageMeta, type PageMeta } from '../../../shared/schemas/common.js';
import type { DbOrTx } from '../../db/client.js';
import { orderAddresses, orderItems, orders, orderStatusHistory, productImages } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';
import { imageUrl } from '../../lib/images.js';
import { deliveryPhotoOf } from './delivery-proof.js';
import { trackingLinkExpiry, verifyOrderTrackingToken } from './order-links.js';
import { pickName, withSize, type ShopNames } from './order-names.js';

export const orderMessages = defineMessages({
  notFound: { fr: 'Commande introuvable.', en: 'Order not found.', ar: 'الطلب غير موجود.' },
  linkExpired: {
    fr: 'Ce lien de suivi a expiré. Demandez-en un nouveau : nous l’enverrons à l’adresse e-mail de la commande.',
    en: 'This tracking link has expired. Ask for a new one: we will send it to the order’s e-mail address.',
    ar: 'انتهت صلاحية رابط التتبع هذا. اطلب رابطًا جديدًا: سنرسله إلى البريد الإلكتروني الخاص بالطلب.',
  },
  linkResent: {
    fr: 'Si ce numéro de commande correspond à cette adresse e-mail, nous venons d’y envoyer un nouveau lien de suivi.',
    en: 'If this order number matches this e-mail address, we have just sent a new tracking link to it.',
    ar: 'إذا كان رقم الطلب هذا يطابق هذا البريد الإلكتروني، فقد أرسلنا إليه للتو رابط تتبع جديدًا.',
  },
});

const summaryColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  totalCents: orders.totalCents,
  subtotalCents: orders.subtotalCents,
  shippingCents: orders.shippingCents,
  couponCode: orders.couponCode,
  couponDiscountCents: orders.couponDiscountCents,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  orderStatus: orders.orderStatus,
  isCustomized: orders.isCustomized,
  deliveryDate: orders.deliveryDate,
  deliveryCity: orders.deliveryCity,
  deliveryZoneNames: orders.deliveryZoneNames,
  deliveryMethod: orders.deliveryMethod,
  deliverySlot: orders.deliverySlot,
  deliverySlotNames: orders.deliverySlotNames,
  language: orders.language,
  giftMessage: orders.giftMessage,
  recipientName: orders.recipientName,
  recipientPhone: orders.recipientPhone,
  anonymousSender: orders.anonymousSender,
  itemsCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from ${orderItems} oi where oi.order_id = "orders"."id")`,
};

interface SummaryRow {
  id: number;
  createdAt: Date;
  totalCents: number;
  subtotalCents: number;
  shippingCents: number;
  couponCode: string | null;
  couponDiscountCents: number;
  paymentMethod: string;
  paymentStatus: string;
  orderStatus: string;
  isCustomized: boolean;
  deliveryDate: string | null;
  deliveryCity: string;
  deliveryZoneNames: ShopNames | null;
  deliveryMethod: string;
  deliverySlot: string | null;
  deliverySlotNames: ShopNames | null;
  language: string;
  giftMessage: string | null;
  recipientName: string | null;
  recipientPhone: string | null;
  anonymousSender: boolean;
  itemsCount: number;
}
type AddressRow = typeof orderAddresses.$inferSelect;

const toAddress = (a: AddressRow | undefined | null): OrderAddress | null =>
  a
    ? {
        full_name: a.fullName,
        street: a.street,
        city: a.city,
        state: a.state,
        postal_code: a.postalCode,
        country: a.country,
        phone: a.phone,
      }
    : null;

/**
 * An order as its pages show it. Names (the delivery city, the lines') are in `lang`, the reader's
 * language (the page's); without it, as the customer saw them when ordering.
 */
function toSummary(o: SummaryRow, shipping: AddressRow | undefined, lang?: Locale): OrderSummary {
  return {
    id: o.id,
    created_at: o.createdAt.toISOString(),
    total_amount: fromCents(o.totalCents),
    subtotal: fromCents(o.subtotalCents),
    shipping_cost: fromCents(o.shippingCents),
    coupon_code: o.couponCode,
    coupon_discount: fromCents(o.couponDiscountCents),
    payment_method: o.paymentMethod as PaymentMethod,
    payment_status: o.paymentStatus as PaymentStatus,
    order_status: o.orderStatus as OrderStatus,
    is_customized: o.isCustomized,
    delivery_date: o.deliveryDate,
    delivery_city: lang ? pickName(o.deliveryZoneNames, lang, o.deliveryCity) : o.deliveryCity,
    delivery_city_names: o.deliveryZoneNames,
    delivery_method: o.deliveryMethod === 'pickup' ? 'pickup' : 'delivery',
    delivery_slot: o.deliverySlot
      ? {
          key: o.deliverySlot,
          label: pickName(o.deliverySlotNames, lang ?? toLocale(o.language), o.deliverySlot),
          names: o.deliverySlotNames,
        }
      : null,
    language: toLocale(o.language),
    gift_message: o.giftMessage,
    recipient: o.recipientName ? { name: o.recipientName, phone: o.recipientPhone, anonymous: o.anonymousSender } : null,
    items_count: Number(o.itemsCount),
    address: toAddress(shipping),
  };
}

async function addressesOf(db: DbOrTx, orderIds: number[], kind?: 'shipping') {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderAddresses)
    .where(and(inArray(orderAddresses.orderId, orderIds), kind ? eq(orderAddresses.kind, kind) : undefined));
}

/** One page of a customer's orders, newest first. */
export async function listUserOrders(
  db: DbOrTx,
  userId: number,
  page: number,
  perPage: number,
  lang?: Locale,
): Promise<{ data: OrderSummary[]; meta: PageMeta }> {
  return listOrderSummaries(db, eq(orders.userId, userId), page, perPage, lang);
}

/** One page of the orders matching `where`, newest first (a customer's, or a guest buyer's in the back office). */
export async function listOrderSummaries(
  db: DbOrTx,
  where: SQL | undefined,
  page: number,
  perPage: number,
  lang?: Locale,
): Promise<{ data: OrderSummary[]; meta: PageMeta }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  const shipping = await addressesOf(
    db,
    rows.map((r) => r.id),
    'shipping',
  );
  const byOrder = new Map(shipping.map((a) => [a.orderId, a]));
  return { data: rows.map((r) => toSummary(r, byOrder.get(r.id), lang)), meta: pageMeta(page, perPage, Number(total)) };
}

/** A small picture for an order line: the product's first image at the width nearest 320 px. */
function thumbnail(value: unknown): string | null {
  const image = (typeof value === 'string' ? JSON.parse(value) : value) as { key?: string; widths?: unknown } | null;
  if (!image?.key || !Array.isArray(image.widths) || image.widths.length === 0) return null;
  const sorted = image.widths.map(Number).sort((a, b) => a - b);
  return imageUrl(image.key, sorted.find((w) => w >= 320) ?? sorted[sorted.length - 1]);
}

/**
 * One order in full, when `scope` matches it (the customer's own, or a signed guest link).
 * Anything else is 404, so nobody learns that someone else's order exists. Names in `lang`, the
 * reader's language (see toSummary).
 */
export async function getOrderDetail(
  db: DbOrTx,
  orderId: number,
  scope: { userId: number } | { any: true },
  lang?: Locale,
): Promise<OrderDetail> {
  const conditions: SQL[] = [eq(orders.id, orderId)];
  if ('userId' in scope) conditions.push(eq(orders.userId, scope.userId));
  const [order] = await db
    .select({
      ...summaryColumns,
      customInstructions: orders.customInstructions,
      orderNotes: orders.orderNotes,
      substitution: orders.substitution,
    })
    .from(orders)
    .where(and(...conditions))
    .limit(1);
  if (!order) throw new AppError(404, orderMessages.notFound);

  const [addresses, items, history, deliveryPhoto] = await Promise.all([
    addressesOf(db, [order.id]),
    db
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        productName: orderItems.productName,
        productNames: orderItems.productNames,
        colorId: orderItems.colorId,
        colorName: orderItems.colorName,
        colorNames: orderItems.colorNames,
        colorHex: orderItems.colorHex,
        sizeName: orderItems.sizeName,
        sizeNames: orderItems.sizeNames,
        quantity: orderItems.quantity,
        originalUnitPriceCents: orderItems.originalUnitPriceCents,
        discount: orderItems.discount,
        unitPriceCents: orderItems.unitPriceCents,
        image: sql<unknown>`(select json_build_object('key', pi.key, 'widths', pi.widths) from ${productImages} pi where pi.product_id = "order_items"."product_id" order by pi.sort_order, pi.id limit 1)`,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id)),
    db
      .select({
        orderStatus: orderStatusHistory.orderStatus,
        paymentStatus: orderStatusHistory.paymentStatus,
        note: orderStatusHistory.note,
        createdAt: orderStatusHistory.createdAt,
      })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    deliveryPhotoOf(db, order.id),
  ]);

  const shipping = addresses.find((a) => a.kind === 'shipping');
  const billing = addresses.find((a) => a.kind === 'billing');
  const orderItemsOut: OrderItem[] = items.map((i) => {
    const colorName = lang && i.colorName ? pickName(i.colorNames, lang, i.colorName) : i.colorName;
    return {
      id: i.id,
      product_id: i.productId,
      product: {
        name: withSize(
          lang ? pickName(i.productNames, lang, i.productName) : i.productName,
          i.sizeName && lang ? pickName(i.sizeNames, lang, i.sizeName) : i.sizeName,
        ),
        image_url: thumbnail(i.image),
      },
      quantity: i.quantity,
      unit_price: fromCents(i.unitPriceCents),
      original_unit_price: fromCents(i.originalUnitPriceCents),
      discount: i.discount,
      line_total: fromCents(i.unitPriceCents * i.quantity),
      color: colorName ? { id: i.colorId, name: colorName, hex_code: i.colorHex } : null,
      color_name: colorName,
      names: i.productNames,
      color_names: i.colorNames,
    };
  });

  return {
    ...toSummary(order, shipping, lang),
    billing_address: toAddress(billing),
    shipping_address: toAddress(shipping),
    custom_instructions: order.customInstructions,
    order_notes: order.orderNotes,
    substitution: order.substitution as Substitution,
    order_items: orderItemsOut,
    status_history: history.map((h) => ({
      order_status: h.orderStatus as OrderStatus,
      payment_status: h.paymentStatus as PaymentStatus,
      note: h.note,
      created_at: h.createdAt.toISOString(),
    })),
    delivery_photo_url: deliveryPhoto,
  };
}

/** When the order ended (its last move to delivered or cancelled), or null while it is open. */
export async function orderEndedAt(db: DbOrTx, orderId: number, status: string, fallback: Date): Promise<Date | null> {
  if (status !== 'delivered' && status !== 'cancelled') return null;
  const [last] = await db
    .select({ at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.orderStatus, status)))
    .orderBy(desc(orderStatusHistory.createdAt))
    .limit(1);
  return last?.at ?? fallback;
}

/**
 * A guest's order through the signed link of an e-mail; a wrong token is 404, an expired link 410
 * (TRACKING_LINK_DAYS after the later of its sending and the order's end; the page offers a new one).
 */
export async function getTrackedOrder(
  db: DbOrTx,
  dataDir: string,
  orderId: number,
  token: string,
  now = new Date(),
  lang?: Locale,
): Promise<TrackedOrder> {
  const [found] = await db
    .select({ email: orders.customerEmail, status: orders.orderStatus, createdAt: orders.createdAt, updatedAt: orders.updatedAt })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  const issuedAt = found ? verifyOrderTrackingToken(dataDir, orderId, found.email, token) : false;
  if (!found || issuedAt === false) throw new AppError(404, orderMessages.notFound);
  const expiry = trackingLinkExpiry(issuedAt ?? found.createdAt, await orderEndedAt(db, orderId, found.status, found.updatedAt));
  if (expiry && expiry <= now) throw new AppError(410, orderMessages.linkExpired);
  return { ...(await getOrderDetail(db, orderId, { any: true }, lang)), customer_email: found.email };
}
