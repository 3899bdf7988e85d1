/**
 * A back-office edit of an order (docs/DECISIONS.md "Order edit"), in one transaction:
 *   - the edit names the `version` it was based on; another save in between makes it 409 with the
 *     fresh order, so nobody overwrites a colleague's change without seeing it;
 *   - moving to `cancelled` puts the units back (once: only when the order was not cancelled);
 *     leaving `cancelled` takes them again, or is refused with 409 naming the product;
 *   - every status or payment change is a status-history row (who, when, from is the previous row);
 *     a change of the recipient, notes or substitution is one too, its note naming what changed;
 *   - delivery date empty means today (shop time);
 *   - a new slot, or a new date for the order's slot, goes through the checkout's slot rules
 *     (slot-places.ts checkedSlot: known, offered in the zone, day open, and room left under the
 *     (day, slot) lock; unlike a checkout, a slot that has started may be chosen: staff agree a late
 *     delivery with the customer), 422 on `delivery_slot` otherwise; the order keeps the
 *     slot's labels and start as a checkout does. A cancelled order takes no place: its slot stays.
 * The customer's mail (confirmed, on delivery, delivered, cancelled) is sent by the caller after commit.
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE, type Locale, type OrderStatus } from '../../../shared/constants.js';
import type { AdminOrderEdit } from '../../../shared/schemas/orders-admin.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { closedDates, orderAddresses, orderItems, orders, orderStatusHistory, products } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { defineMessages, translate } from '../../lib/i18n.js';
import { checkedSlot } from './slot-places.js';
import { orderMessages } from './orders.service.js';

export const orderEditMessages = defineMessages({
  statusRequired: {
    fr: 'Veuillez remplir tous les champs obligatoires (statut de la commande et statut du paiement)',
    en: 'Please fill in all required fields (Order Status and Payment Status)',
    ar: 'يرجى ملء جميع الحقول المطلوبة (حالة الطلب وحالة الدفع)',
  },
  stale: {
    fr: 'Quelqu’un a modifié cette commande entre-temps. Voici la version à jour : vérifiez-la et enregistrez à nouveau.',
    en: 'Someone else saved this order meanwhile. Here is the fresh version: check it and save again.',
    ar: 'قام شخص آخر بحفظ هذا الطلب في هذه الأثناء. هذه هي النسخة المحدثة: راجعها واحفظ من جديد.',
  },
  noStock: {
    fr: 'Stock insuffisant pour « {product} » ({n} restant) : la commande ne peut pas quitter l’état annulé.',
    en: 'Not enough stock of “{product}” ({n} left): the order cannot leave the cancelled state.',
    ar: 'المخزون غير كافٍ من «{product}» (المتبقي {n}): لا يمكن إخراج الطلب من حالة الإلغاء.',
  },
  saved: { fr: 'Commande mise à jour avec succès !', en: 'Order updated successfully!', ar: 'تم تحديث الطلب بنجاح!' },
  bulkCancelled: {
    fr: 'Commandes annulées : {n} ; ignorées : {skipped}',
    en: 'Orders cancelled: {n}; skipped: {skipped}',
    ar: 'الطلبات الملغاة: {n}؛ المتجاهلة: {skipped}',
  },
  pastDate: {
    fr: 'La date de livraison ne peut pas être dans le passé.',
    en: 'The delivery date cannot be in the past.',
    ar: 'لا يمكن أن يكون تاريخ التوصيل في الماضي.',
  },
  closedDate: {
    fr: 'La boutique est fermée ce jour-là : choisissez une autre date de livraison.',
    en: 'The shop is closed that day: choose another delivery date.',
    ar: 'المتجر مغلق في ذلك اليوم: اختر تاريخ توصيل آخر.',
  },
  detailsChanged: {
    fr: 'Modifié : {fields}',
    en: 'Changed: {fields}',
    ar: 'تم التعديل: {fields}',
  },
  fieldRecipient: { fr: 'destinataire', en: 'recipient', ar: 'المستلم' },
  fieldNotes: { fr: 'notes', en: 'notes', ar: 'الملاحظات' },
  fieldSubstitution: { fr: 'remplacement', en: 'substitution', ar: 'الاستبدال' },
  bulkFilter: {
    fr: 'Choisissez des commandes ou une ancienneté minimale (en heures).',
    en: 'Choose orders or a minimum age (in hours).',
    ar: 'اختر طلبات أو حدًّا أدنى للأقدمية (بالساعات).',
  },
});

export class StaleOrderError extends Error {}

type Recipient = { name: string; phone: string | null; anonymous: boolean } | null;

export interface EditOutcome {
  before: {
    order_status: string;
    payment_status: string;
    delivery_date: string | null;
    delivery_slot: string | null;
    gift_message: string | null;
    address: string | null;
    recipient: Recipient;
    order_notes: string | null;
    substitution: string;
  };
  after: EditOutcome['before'];
  statusChanged: boolean;
}

/** Puts the units of an order back (+1) or takes them again (-1), product by product in id order. */
export async function moveStock(tx: Tx, orderId: number, direction: 1 | -1): Promise<void> {
  const lines = await tx
    .select({ productId: orderItems.productId, name: orderItems.productName, qty: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId)))
    .groupBy(orderItems.productId, orderItems.productName)
    .orderBy(asc(orderItems.productId));
  for (const line of lines) {
    const qty = Number(line.qty);
    if (direction === 1) {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${qty}`, popularity: sql`greatest(0, ${products.popularity} - ${qty})` })
        .where(eq(products.id, line.productId!));
      continue;
    }
    const done = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${qty}`, popularity: sql`${products.popularity} + ${qty}` })
      .where(and(eq(products.id, line.productId!), gte(products.stock, qty)))
      .returning({ id: products.id });
    if (done.length === 0) {
      const [p] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, line.productId!));
      throw new AppError(409, orderEditMessages.noStock, { product: line.name, n: p?.stock ?? 0 });
    }
  }
}

const recipientOf = (o: typeof orders.$inferSelect): Recipient =>
  o.recipientName ? { name: o.recipientName, phone: o.recipientPhone, anonymous: o.anonymousSender } : null;

/**
 * Edits the order's fields (the file comment's rules). `language` is the admin's: the history note
 * naming the changed details is written in it. Run inside a transaction (`db` a Tx), it is part of it.
 */
export async function editOrder(
  db: Db,
  orderId: number,
  input: AdminOrderEdit,
  adminId: number,
  language: Locale = 'fr',
): Promise<EditOutcome> {
  if (!input.order_status || !input.payment_status) {
    throw new FieldValidationError({
      ...(input.order_status ? {} : { order_status: [orderEditMessages.statusRequired] }),
      ...(input.payment_status ? {} : { payment_status: [orderEditMessages.statusRequired] }),
    });
  }
  const orderStatus = input.order_status;
  const paymentStatus = input.payment_status;
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError(404, orderMessages.notFound);
    if (input.version !== undefined && order.version !== input.version) throw new StaleOrderError();
    const [shipping] = await tx
      .select({ id: orderAddresses.id, street: orderAddresses.street })
      .from(orderAddresses)
      .where(and(eq(orderAddresses.orderId, orderId), eq(orderAddresses.kind, 'shipping')));

    const wasCancelled = order.orderStatus === 'cancelled';
    const isCancelled = orderStatus === 'cancelled';
    if (!wasCancelled && isCancelled) await moveStock(tx, orderId, 1);
    if (wasCancelled && !isCancelled) await moveStock(tx, orderId, -1);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    );
    let deliveryDate = input.delivery_date === undefined ? order.deliveryDate : input.delivery_date || null;
    if (!deliveryDate) deliveryDate = today;
    // A new date must be one the shop delivers on; an unchanged one (an order delivered last week
    // whose payment is now recorded) stays as it is.
    if (input.delivery_date && input.delivery_date !== order.deliveryDate) {
      if (deliveryDate < today) throw new FieldValidationError({ delivery_date: [orderEditMessages.pastDate] });
      const [closed] = await tx.select({ date: closedDates.date }).from(closedDates).where(eq(closedDates.date, deliveryDate));
      if (closed) throw new FieldValidationError({ delivery_date: [orderEditMessages.closedDate] });
    }
    const slotKey = input.delivery_slot ?? order.deliverySlot;
    const slotMoved = slotKey !== order.deliverySlot || deliveryDate !== order.deliveryDate;
    const slot =
      slotKey && slotMoved && !isCancelled
        ? await checkedSlot(tx, {
            key: slotKey,
            day: deliveryDate,
            zoneId: order.deliveryZoneId,
            method: order.deliveryMethod === 'pickup' ? 'pickup' : 'delivery',
            closed: (await tx.select({ date: closedDates.date }).from(closedDates).where(eq(closedDates.date, deliveryDate))).map(
              (r) => r.date,
            ),
            now: new Date(),
            startedAllowed: true,
          })
        : null;
    const giftMessage = input.gift_message === undefined ? order.giftMessage : input.gift_message || null;
    const recipient = input.recipient === undefined ? recipientOf(order) : input.recipient;
    const orderNotes = input.order_notes === undefined ? order.orderNotes : input.order_notes;
    const substitution = input.substitution ?? order.substitution;
    const now = new Date();
    await tx
      .update(orders)
      .set({
        orderStatus,
        paymentStatus,
        deliveryDate,
        ...(slot ? { deliverySlot: slot.key, deliverySlotNames: slot.names, deliverySlotStarts: slot.starts } : {}),
        giftMessage,
        recipientName: recipient?.name ?? null,
        recipientPhone: recipient?.phone ?? null,
        anonymousSender: recipient?.anonymous ?? false,
        orderNotes,
        substitution,
        version: order.version + 1,
        updatedAt: now,
      })
      .where(eq(orders.id, orderId));
    if (input.address !== undefined && shipping) {
      await tx.update(orderAddresses).set({ street: input.address }).where(eq(orderAddresses.id, shipping.id));
    }
    const statusChanged = order.orderStatus !== orderStatus;
    // A call-back about who receives the flowers, the notes or a missing flower leaves a trace in the
    // history, as a status change does: the next colleague sees what was agreed and by whom.
    const details = [
      JSON.stringify(recipient) !== JSON.stringify(recipientOf(order)) && orderEditMessages.fieldRecipient,
      orderNotes !== order.orderNotes && orderEditMessages.fieldNotes,
      substitution !== order.substitution && orderEditMessages.fieldSubstitution,
    ].filter((f) => f !== false);
    const note = details.length
      ? translate(orderEditMessages.detailsChanged, language, { fields: details.map((f) => translate(f, language)).join(', ') })
      : null;
    if (statusChanged || order.paymentStatus !== paymentStatus || note) {
      await tx.insert(orderStatusHistory).values({ orderId, orderStatus, paymentStatus, note, changedBy: adminId, createdAt: now });
    }
    const before = {
      order_status: order.orderStatus,
      payment_status: order.paymentStatus,
      delivery_date: order.deliveryDate,
      delivery_slot: order.deliverySlot,
      gift_message: order.giftMessage,
      address: shipping?.street ?? null,
      recipient: recipientOf(order),
      order_notes: order.orderNotes,
      substitution: order.substitution,
    };
    return {
      before,
      after: {
        order_status: orderStatus,
        payment_status: paymentStatus,
        delivery_date: deliveryDate,
        delivery_slot: slot?.key ?? order.deliverySlot,
        gift_message: giftMessage,
        address: input.address ?? before.address,
        recipient,
        order_notes: orderNotes,
        substitution,
      },
      statusChanged,
    };
  });
}

/** Statuses of an order the shop never accepted (nobody confirmed it by phone). */
export const UNACCEPTED_STATUSES: readonly OrderStatus[] = ['pending', 'not_confirmed'];
/** At most this many orders per bulk cancel. */
export const BULK_CANCEL_MAX = 500;

const unacceptedGuest = and(isNull(orders.userId), inArray(orders.orderStatus, [...UNACCEPTED_STATUSES]));

/** The guest orders never accepted among `ids`, or placed more than `olderThanHours` ago, oldest first. */
export async function unacceptedGuestOrders(
  db: DbOrTx,
  filter: { ids?: number[]; olderThanHours?: number },
  now = new Date(),
): Promise<number[]> {
  const where = [unacceptedGuest];
  if (filter.ids) where.push(inArray(orders.id, filter.ids.length ? filter.ids : [0]));
  if (filter.olderThanHours !== undefined) where.push(lt(orders.createdAt, new Date(now.getTime() - filter.olderThanHours * 3_600_000)));
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(...where))
    .orderBy(asc(orders.id))
    .limit(BULK_CANCEL_MAX);
  return rows.map((r) => r.id);
}

/**
 * Cancels guest orders the shop never accepted, each in its own transaction (its stock moves in product
 * id order, as the checkout's, so it cannot deadlock with one): the row is locked and checked again, so
 * an order cancelled meanwhile (by the edit screen or another bulk cancel) is skipped and its units come
 * back exactly once. The status change fires the sales rollups of migration 0006 like any other.
 */
export async function cancelUnacceptedGuestOrders(
  db: Db,
  ids: number[],
  adminId: number,
): Promise<{ cancelled: number[]; skipped: number[] }> {
  const cancelled: number[] = [];
  const skipped: number[] = [];
  for (const orderId of [...new Set(ids)].sort((a, b) => a - b)) {
    const done = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order || order.userId !== null || !UNACCEPTED_STATUSES.includes(order.orderStatus as OrderStatus)) return false;
      await moveStock(tx, orderId, 1);
      const now = new Date();
      await tx
        .update(orders)
        .set({ orderStatus: 'cancelled', version: order.version + 1, updatedAt: now })
        .where(eq(orders.id, orderId));
      await tx.insert(orderStatusHistory).values({
        orderId,
        orderStatus: 'cancelled',
        paymentStatus: order.paymentStatus,
        note: null,
        changedBy: adminId,
        createdAt: now,
      });
      return true;
    });
    (done ? cancelled : skipped).push(orderId);
  }
  return { cancelled, skipped };
}
