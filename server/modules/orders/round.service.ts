/**
 * Drivers' rounds: staff assign orders to a driver (`order_deliveries`, one row per order) and set the
 * order of a day's stops; the driver reads its own stops only and says how each ended:
 *   - delivered: the order moves to `delivered` (a history row by the driver, the customer's status
 *     mail), with an optional photo kept as WebP in the picture store and shown to the customer;
 *   - cash collected: a `cash` payment recorded by the driver through the payments service;
 *   - not delivered: the reason is kept on the stop and written in the order's history for staff.
 * A stop of another driver's round is 404 to a driver: it never learns which orders exist.
 * Stops sort by delivery slot (when the shop has slots), then `stop_position`, then order number.
 * A pick-up (`delivery_method = 'pickup'`, collected at the shop) is on no round: left out of the board
 * and of every driver's round, and never given to a driver.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Locale, OrderPaymentMethod, OrderStatus, PaymentStatus } from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import type { Driver, DeliveryOutcome, ReorderStops, RoundStop } from '../../../shared/schemas/rounds.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { orderDeliveries, orderItems, orders, orderStatusHistory, users } from '../../db/schema.js';
import { sqlRows } from '../../db/sql-rows.js';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { defineMessages, translate } from '../../lib/i18n.js';
import { ImageError, processImage, removeImage, type ProcessedImage } from '../../lib/images.js';
import type { PictureStore } from '../../lib/storage/picture-store.js';
import { deliveryPhotoUrl } from './delivery-proof.js';
import { lineNameSql, zoneNameSql } from './order-names.js';
import { orderMessages } from './orders.service.js';
import { recordPayment, type MoneyRecorded } from './payments.service.js';

export const roundMessages = defineMessages({
  notADriver: { fr: 'Choisissez un livreur de la liste.', en: 'Choose a driver from the list.', ar: 'اختر سائق توصيل من القائمة.' },
  assigned: { fr: 'Commandes confiées au livreur : {n}', en: 'Orders given to the driver: {n}', ar: 'الطلبات المسندة إلى السائق: {n}' },
  alreadyDelivered: {
    fr: 'La commande n°{id} est déjà livrée : son livreur ne change plus.',
    en: 'Order #{id} is already delivered: its driver no longer changes.',
    ar: 'الطلب رقم {id} تم توصيله: لم يعد سائقه يتغير.',
  },
  cancelled: {
    fr: 'Cette commande est annulée.',
    en: 'This order is cancelled.',
    ar: 'هذا الطلب ملغى.',
  },
  pickup: {
    fr: 'La commande n°{id} est retirée en boutique : elle n’entre dans aucune tournée.',
    en: 'Order #{id} is collected at the shop: it is on no driver’s round.',
    ar: 'الطلب رقم {id} يُستلم من المتجر: لا يدخل في أي جولة توصيل.',
  },
  notInRound: {
    fr: 'La commande n°{id} n’est pas dans la tournée de ce livreur ce jour-là.',
    en: 'Order #{id} is not in this driver’s round that day.',
    ar: 'الطلب رقم {id} ليس ضمن جولة هذا السائق في ذلك اليوم.',
  },
  reordered: { fr: 'Ordre des arrêts enregistré.', en: 'Stop order saved.', ar: 'تم حفظ ترتيب المحطات.' },
  delivered: { fr: 'Livraison enregistrée.', en: 'Delivery recorded.', ar: 'تم تسجيل التوصيل.' },
  failed: { fr: 'Échec de livraison enregistré.', en: 'Failed delivery recorded.', ar: 'تم تسجيل تعذر التوصيل.' },
  cashCollected: { fr: 'Encaissement enregistré.', en: 'Cash recorded.', ar: 'تم تسجيل المبلغ المحصّل.' },
  failedNote: { fr: 'Non livrée : {reason}', en: 'Not delivered: {reason}', ar: 'لم يتم التوصيل: {reason}' },
  photoNotImage: {
    fr: 'La photo doit être une image JPEG, PNG, WebP ou AVIF.',
    en: 'The photo must be a JPEG, PNG, WebP or AVIF image.',
    ar: 'يجب أن تكون الصورة بصيغة JPEG أو PNG أو WebP أو AVIF.',
  },
  photoTooLarge: {
    fr: 'La photo est trop lourde (12 Mo au plus).',
    en: 'The photo is too large (12 MB at most).',
    ar: 'الصورة كبيرة جدًا (12 ميغابايت على الأكثر).',
  },
});

/**
 * The order's delivery slot, as the label the order kept in the reader's language (its key when it
 * kept none); null: no slot. The stops are sorted by the slot's start, then by the driver's order.
 * `locale` is one of the shop's languages (never text from a request), so it is safe inside the SQL.
 */
const slotSql = (locale: Locale): SQL => sql.raw(`coalesce(o.delivery_slot_names ->> '${locale}', o.delivery_slot)`);

/** A phone as wa.me wants it: digits with the country code (a Moroccan 06… number is 2126…). */
export function internationalPhone(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = `212${digits.slice(1)}`;
  return digits;
}

export const mapsSearchUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

interface StopRow {
  order_id: number;
  driver_id: number | null;
  driver_name: string | null;
  stop_position: number | null;
  delivery_slot: string | null;
  order_status: string;
  payment_status: string;
  payment_method: string;
  total_cents: number;
  paid_cents: number;
  customer_name: string;
  customer_phone: string;
  recipient_name: string | null;
  recipient_phone: string | null;
  street: string | null;
  postal_code: string | null;
  city: string;
  zone: string;
  gift_message: string | null;
  order_notes: string | null;
  outcome: string | null;
  failure_reason: string | null;
  photo_key: string | null;
  photo_widths: number[] | string | null;
  outcome_at: string | Date | null;
}

/** The stops of `day` matching `where` (on `o` the order and `d` its delivery row), in driving order. */
async function stops(db: DbOrTx, locale: Locale, day: string, where: SQL): Promise<RoundStop[]> {
  const rows = await sqlRows<StopRow>(
    db,
    sql`select o.id as order_id, d.driver_id, u.name as driver_name, d.stop_position, ${slotSql(locale)} as delivery_slot,
          o.order_status, o.payment_status, o.payment_method, o.total_cents,
          (select coalesce(sum(case when p.kind = 'payment' then p.amount_cents else 0 end), 0)::int
             from order_payments p where p.order_id = o.id) as paid_cents,
          o.customer_name, o.customer_phone, o.recipient_name, o.recipient_phone,
          a.street, a.postal_code, coalesce(a.city, o.delivery_city) as city, ${zoneNameSql(locale, 'o')} as zone,
          o.gift_message, o.order_notes, d.outcome, d.failure_reason, d.photo_key, d.photo_widths, d.outcome_at
        from orders o
        left join order_deliveries d on d.order_id = o.id
        left join users u on u.id = d.driver_id
        left join order_addresses a on a.order_id = o.id and a.kind = 'shipping'
        where o.delivery_date = ${day}::date and ${where}
        order by o.delivery_slot_starts nulls first, d.stop_position nulls last, o.id
        limit 500`,
  );
  const ids = rows.map((r) => r.order_id);
  const lines = ids.length
    ? await db
        .select({ orderId: orderItems.orderId, name: lineNameSql(locale), quantity: orderItems.quantity })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.orderId), asc(orderItems.id))
    : [];
  const itemsOf = new Map<number, RoundStop['items']>();
  for (const l of lines) itemsOf.set(l.orderId, [...(itemsOf.get(l.orderId) ?? []), { name: l.name, quantity: l.quantity }]);
  return rows.map((r) => {
    const contactPhone = r.recipient_phone || r.customer_phone;
    const address = [r.street, r.postal_code, r.city].filter((p) => p && p.trim()).join(', ');
    const cashDue =
      r.payment_method === 'cash_on_delivery' && r.order_status !== 'cancelled' ? Math.max(0, r.total_cents - r.paid_cents) : 0;
    return {
      order_id: r.order_id,
      driver_id: r.driver_id === null ? null : Number(r.driver_id),
      driver_name: r.driver_name,
      stop_position: Number(r.stop_position ?? 0),
      delivery_slot: r.delivery_slot,
      order_status: r.order_status as OrderStatus,
      payment_status: r.payment_status as PaymentStatus,
      payment_method: r.payment_method as OrderPaymentMethod,
      contact_name: r.recipient_name || r.customer_name,
      contact_phone: contactPhone,
      tel_url: `tel:${contactPhone.replace(/[^\d+]/g, '')}`,
      whatsapp_url: `https://wa.me/${internationalPhone(contactPhone)}`,
      address,
      maps_url: mapsSearchUrl(address),
      zone: r.zone,
      gift_message: r.gift_message,
      order_notes: r.order_notes,
      items: itemsOf.get(r.order_id) ?? [],
      cash_due: fromCents(Number(cashDue)),
      outcome: r.outcome as DeliveryOutcome | null,
      failure_reason: r.failure_reason,
      photo_url: deliveryPhotoUrl(r.photo_key, r.photo_widths),
      outcome_at: r.outcome_at ? new Date(r.outcome_at).toISOString() : null,
    };
  });
}

export async function listDrivers(db: DbOrTx): Promise<Driver[]> {
  return db
    .select({ id: users.id, name: users.name, phone: users.phone })
    .from(users)
    .where(eq(users.role, 'driver'))
    .orderBy(asc(users.name), asc(users.id));
}

/** A pick-up is collected at the shop: no driver takes it. */
const notPickup = sql`o.delivery_method <> 'pickup'`;

/** One driver's stops of `day` (cancelled orders and pick-ups left out, even one given to it before the rule). */
export function driverStops(db: DbOrTx, locale: Locale, driverId: number, day: string): Promise<RoundStop[]> {
  return stops(db, locale, day, sql`d.driver_id = ${driverId} and o.order_status <> 'cancelled' and ${notPickup}`);
}

/** Every order to deliver on `day` but the cancelled ones and the pick-ups, assigned or not (staff's board). */
export function dayStops(db: DbOrTx, locale: Locale, day: string): Promise<RoundStop[]> {
  return stops(db, locale, day, sql`o.order_status <> 'cancelled' and ${notPickup}`);
}

/** One stop of the driver's round (any day), or 404. */
export async function driverStop(db: DbOrTx, locale: Locale, driverId: number, orderId: number): Promise<RoundStop> {
  const [row] = await db
    .select({ day: orders.deliveryDate })
    .from(orders)
    .innerJoin(orderDeliveries, eq(orderDeliveries.orderId, orders.id))
    .where(and(eq(orders.id, orderId), eq(orderDeliveries.driverId, driverId)));
  if (!row?.day) throw new AppError(404, orderMessages.notFound);
  const found = (await stops(db, locale, row.day, sql`o.id = ${orderId}`))[0];
  if (!found) throw new AppError(404, orderMessages.notFound);
  return found;
}

async function requireDriver(db: DbOrTx, driverId: number): Promise<void> {
  const [driver] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, driverId), eq(users.role, 'driver')));
  if (!driver) throw new FieldValidationError({ driver_id: [roundMessages.notADriver] });
}

/**
 * Gives orders to a driver (or to nobody with null), in one transaction: a new stop goes last in the
 * driver's day; giving a stop that failed to a driver again clears its failure (it is back on a round).
 * A delivered order keeps its driver (409); a cancelled order or a pick-up gets none (409, nothing
 * changed; taking a driver off one is allowed); a missing order is 404.
 */
export async function assignDriver(db: Db, orderIds: readonly number[], driverId: number | null): Promise<number[]> {
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    if (driverId !== null) await requireDriver(tx, driverId);
    const found = await tx
      .select({ id: orders.id, status: orders.orderStatus, day: orders.deliveryDate, method: orders.deliveryMethod })
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(asc(orders.id))
      .for('update');
    if (found.length !== ids.length) throw new AppError(404, orderMessages.notFound);
    const current = await tx
      .select({ orderId: orderDeliveries.orderId, driverId: orderDeliveries.driverId, outcome: orderDeliveries.outcome })
      .from(orderDeliveries)
      .where(inArray(orderDeliveries.orderId, ids));
    const byOrder = new Map(current.map((c) => [c.orderId, c]));
    for (const o of found) {
      const row = byOrder.get(o.id);
      if (row?.outcome === 'delivered' && row.driverId !== driverId) throw new AppError(409, roundMessages.alreadyDelivered, { id: o.id });
      if (driverId !== null && o.status === 'cancelled') throw new AppError(409, roundMessages.cancelled);
      if (driverId !== null && o.method === 'pickup') throw new AppError(409, roundMessages.pickup, { id: o.id });
    }
    const now = new Date();
    for (const o of found) {
      const row = byOrder.get(o.id);
      if (row && row.driverId === driverId) {
        // The same driver again: only a failed stop changes (back on the round).
        if (row.outcome === 'failed') {
          await tx
            .update(orderDeliveries)
            .set({ outcome: null, failureReason: null, outcomeAt: null, updatedAt: now })
            .where(eq(orderDeliveries.orderId, o.id));
        }
        continue;
      }
      const [last] = await sqlRows<{ max: number | null }>(
        tx,
        sql`select max(d.stop_position)::int as max from order_deliveries d join orders x on x.id = d.order_id
            where d.driver_id = ${driverId} and x.delivery_date is not distinct from ${o.day}::date`,
      );
      const values = {
        driverId,
        stopPosition: driverId === null ? 0 : Number(last?.max ?? 0) + 1,
        outcome: null,
        failureReason: null,
        outcomeAt: null,
        updatedAt: now,
      };
      await tx
        .insert(orderDeliveries)
        .values({ orderId: o.id, ...values })
        .onConflictDoUpdate({ target: orderDeliveries.orderId, set: values });
    }
    return ids;
  });
}

/** Sets the order of one driver's stops of a day (1, 2, 3… as listed); every order listed must be in that round. */
export async function reorderStops(db: Db, input: ReorderStops): Promise<void> {
  const ids = input.order_ids;
  if (new Set(ids).size !== ids.length) throw new FieldValidationError({ order_ids: [roundMessages.notInRound] });
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: orderDeliveries.orderId })
      .from(orderDeliveries)
      .innerJoin(orders, eq(orders.id, orderDeliveries.orderId))
      .where(and(inArray(orderDeliveries.orderId, ids), eq(orderDeliveries.driverId, input.driver_id), eq(orders.deliveryDate, input.day)))
      .for('update', { of: orderDeliveries });
    const inRound = new Set(rows.map((r) => r.id));
    const stray = ids.find((id) => !inRound.has(id));
    if (stray !== undefined) {
      throw new FieldValidationError({ order_ids: [interpolate(roundMessages.notInRound, { id: stray })] });
    }
    for (const [index, id] of ids.entries()) {
      await tx
        .update(orderDeliveries)
        .set({ stopPosition: index + 1, updatedAt: new Date() })
        .where(eq(orderDeliveries.orderId, id));
    }
  });
}

const interpolate = (message: Record<Locale, string>, params: Record<string, string | number>) =>
  Object.fromEntries(
    Object.entries(message).map(([lang, text]) => [lang, translate({ fr: text, en: text, ar: text }, lang as Locale, params)]),
  ) as Record<Locale, string>;

/** Locks the driver's stop and its order; 404 when the order is not in this driver's round. */
async function lockStop(tx: DbOrTx, driverId: number, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  const [stop] = order
    ? await tx
        .select()
        .from(orderDeliveries)
        .where(and(eq(orderDeliveries.orderId, orderId), eq(orderDeliveries.driverId, driverId)))
    : [];
  if (!order || !stop) throw new AppError(404, orderMessages.notFound);
  if (order.orderStatus === 'cancelled') throw new AppError(409, roundMessages.cancelled);
  return { order, stop };
}

export interface DeliveredOutcome {
  from: string;
  photo: ProcessedImage | null;
}

/**
 * The driver handed the flowers over: the stop is delivered (its photo replacing an older one), the
 * order moves to `delivered` with a history row by the driver. The photo is stored first and removed
 * again when the transaction fails, so no half-written delivery is left.
 */
export async function markDelivered(
  db: Db,
  pictures: PictureStore,
  driverId: number,
  orderId: number,
  photo: Buffer | null,
): Promise<DeliveredOutcome> {
  // The stop must be the driver's before any picture is stored.
  await db.transaction((tx) => lockStop(tx, driverId, orderId));
  let stored: ProcessedImage | null = null;
  if (photo) {
    try {
      stored = await processImage(photo, { store: pictures, prefix: 'deliveries' });
    } catch (err) {
      if (err instanceof ImageError) throw new FieldValidationError({ photo: [roundMessages.photoNotImage] });
      throw err;
    }
  }
  try {
    const { from, old } = await db.transaction(async (tx) => {
      const { order, stop } = await lockStop(tx, driverId, orderId);
      const now = new Date();
      await tx
        .update(orderDeliveries)
        .set({
          outcome: 'delivered',
          failureReason: null,
          outcomeAt: now,
          updatedAt: now,
          ...(stored ? { photoKey: stored.key, photoWidths: stored.widths } : {}),
        })
        .where(eq(orderDeliveries.orderId, orderId));
      if (order.orderStatus !== 'delivered') {
        await tx
          .update(orders)
          .set({ orderStatus: 'delivered', version: order.version + 1, updatedAt: now })
          .where(eq(orders.id, orderId));
        await tx
          .insert(orderStatusHistory)
          .values({ orderId, orderStatus: 'delivered', paymentStatus: order.paymentStatus, changedBy: driverId, createdAt: now });
      }
      return { from: order.orderStatus, old: stored && stop.photoKey ? { key: stop.photoKey, widths: stop.photoWidths ?? [] } : null };
    });
    if (old) await removeImage(pictures, old.key, old.widths).catch(() => {});
    return { from, photo: stored };
  } catch (err) {
    if (stored) await removeImage(pictures, stored.key, stored.widths).catch(() => {});
    throw err;
  }
}

/** The driver could not deliver: the reason stays on the stop and, for staff, in the order's history. */
export async function markFailed(db: Db, driverId: number, orderId: number, reason: string, staffLocale: Locale): Promise<void> {
  await db.transaction(async (tx) => {
    const { order } = await lockStop(tx, driverId, orderId);
    if (order.orderStatus === 'delivered') throw new AppError(409, roundMessages.alreadyDelivered, { id: orderId });
    const now = new Date();
    await tx
      .update(orderDeliveries)
      .set({ outcome: 'failed', failureReason: reason, outcomeAt: now, updatedAt: now })
      .where(eq(orderDeliveries.orderId, orderId));
    await tx
      .update(orders)
      .set({ version: order.version + 1, updatedAt: now })
      .where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({
      orderId,
      orderStatus: order.orderStatus,
      paymentStatus: order.paymentStatus,
      note: translate(roundMessages.failedNote, staffLocale, { reason }),
      changedBy: driverId,
      createdAt: now,
    });
  });
}

/** Cash the driver took at the door: a `cash` payment recorded by the driver (payments.service.ts). */
export async function collectCash(db: Db, driverId: number, orderId: number, amount: number): Promise<MoneyRecorded> {
  await db.transaction((tx) => lockStop(tx, driverId, orderId));
  return recordPayment(db, orderId, { method: 'cash', amount, reference: null }, driverId);
}
