/**
 * The place an order takes in a delivery slot: the slots with the zones that offer them, the orders a
 * slot holds on a day, and the check of a chosen slot that the checkout and the back office's order
 * edit both run in their transaction (the rules: delivery/delivery-slots.service.ts and
 * docs/DECISIONS.md "Delivery slots and pick-up"). It sits with the orders so that the order edit
 * (orders/) can run it: delivery/ builds on orders/, not the other way.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { slotIsPast, slotLabels, type DeliveryMethod } from '../../../shared/delivery-slots.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { deliverySlotDays, deliverySlots, deliveryZoneSlots, orders, type ShopNames } from '../../db/schema.js';
import { FieldValidationError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';

export const slotMessages = defineMessages({
  required: { fr: 'Choisissez un créneau.', en: 'Choose a time slot.', ar: 'اختر فترة زمنية.' },
  unknown: { fr: 'Ce créneau n’existe pas (ou plus).', en: 'This time slot does not exist.', ar: 'هذه الفترة غير موجودة.' },
  past: {
    fr: 'Ce créneau est déjà commencé. Choisissez-en un autre.',
    en: 'This time slot has already started. Please choose another.',
    ar: 'لقد بدأت هذه الفترة بالفعل. اختر فترة أخرى.',
  },
  closed: {
    fr: 'Nous ne livrons pas ce jour-là : aucun créneau n’est ouvert.',
    en: 'We do not deliver that day: no time slot is open.',
    ar: 'لا نقوم بالتوصيل في هذا اليوم: لا توجد فترة متاحة.',
  },
  full: {
    fr: 'Ce créneau est complet ce jour-là. Choisissez-en un autre.',
    en: 'This time slot is full that day. Please choose another.',
    ar: 'هذه الفترة ممتلئة في هذا اليوم. اختر فترة أخرى.',
  },
  notOffered: {
    fr: 'Ce créneau n’est pas proposé dans cette ville.',
    en: 'This time slot is not offered in this city.',
    ar: 'هذه الفترة غير متاحة في هذه المدينة.',
  },
  pickup: { fr: 'Retrait en boutique', en: 'Pick-up at the shop', ar: 'الاستلام من المتجر' },
  slotNotFound: { fr: 'Créneau introuvable.', en: 'Time slot not found.', ar: 'الفترة غير موجودة.' },
  slotExists: {
    fr: 'Un créneau avec ces horaires existe déjà.',
    en: 'A time slot with these times already exists.',
    ar: 'توجد بالفعل فترة بهذه الأوقات.',
  },
  unknownZones: { fr: 'Zone de livraison introuvable.', en: 'Delivery zone not found.', ar: 'منطقة التوصيل غير موجودة.' },
  movedFull: {
    fr: 'Le créneau {slot} du {date} est complet : la commande n°{id} n’y tient plus. Choisissez-lui un autre créneau ou gardez-la. Rien n’a été changé.',
    en: 'The {slot} time slot on {date} is full: order #{id} no longer fits in it. Choose another slot for it or keep it. Nothing was changed.',
    ar: 'الفترة {slot} يوم {date} ممتلئة: لم يعد الطلب رقم {id} يتسع فيها. اختر له فترة أخرى أو أبقه. لم يتم تغيير أي شيء.',
  },
  movedSlotUnknown: {
    fr: 'Le créneau choisi pour la commande n°{id} n’est pas proposé ce jour-là pour elle.',
    en: 'The time slot chosen for order #{id} is not offered for it that day.',
    ar: 'الفترة المختارة للطلب رقم {id} غير متاحة له في ذلك اليوم.',
  },
});

type SlotRow = typeof deliverySlots.$inferSelect;
export type SlotWithZones = SlotRow & { zoneIds: number[] };

/** The active slots in display order, each with the zones it is restricted to (empty: every zone). */
export async function slotsWithZones(db: DbOrTx, onlyActive: boolean): Promise<SlotWithZones[]> {
  const rows = await db
    .select()
    .from(deliverySlots)
    .where(onlyActive ? eq(deliverySlots.isActive, true) : undefined)
    .orderBy(asc(deliverySlots.sortOrder), asc(deliverySlots.starts), asc(deliverySlots.id));
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(deliveryZoneSlots)
    .where(
      inArray(
        deliveryZoneSlots.slotId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({ ...r, zoneIds: links.filter((l) => l.slotId === r.id).map((l) => l.zoneId) }));
}

export const offeredIn = (slot: SlotWithZones, zoneId: number | null) =>
  zoneId === null || slot.zoneIds.length === 0 || slot.zoneIds.includes(zoneId);

/** Orders (not cancelled) per slot key on `day`. */
export async function takenOn(db: DbOrTx, day: string, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: orders.deliverySlot, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.deliveryDate, day), inArray(orders.deliverySlot, keys), ne(orders.orderStatus, 'cancelled')))
    .groupBy(orders.deliverySlot);
  return new Map(rows.map((r) => [r.key!, Number(r.n)]));
}

/** What an order keeps of its slot. */
export interface ChosenSlot {
  key: string;
  names: ShopNames;
  starts: string;
}

/**
 * In the order's transaction: the slot the checkout names, checked (given, known, offered in the zone,
 * not started unless staff edit the order, not on a closed day) and, when it has a capacity, its (day, slot) row locked before its
 * orders are counted: a checkout for the last place waits for the one ahead of it and then counts its
 * order. Null when the shop has no active slot and none was named. Throws a 422 on `delivery_slot`.
 */
export async function checkedSlot(
  tx: Tx,
  c: {
    key: string | null;
    day: string;
    zoneId: number | null;
    method: DeliveryMethod;
    closed: readonly string[];
    now: Date;
    /** Staff editing an order may put it in a slot that has started (a late delivery agreed by phone). */
    startedAllowed?: boolean;
  },
): Promise<ChosenSlot | null> {
  const slots = await slotsWithZones(tx, true);
  const refuse = (m: (typeof slotMessages)[keyof typeof slotMessages]) => new FieldValidationError({ delivery_slot: [m] });
  if (!c.key) {
    if (slots.length === 0) return null;
    throw refuse(slotMessages.required);
  }
  const slot = slots.find((s) => s.key === c.key);
  if (!slot) throw refuse(slotMessages.unknown);
  if (c.method === 'delivery' && !offeredIn(slot, c.zoneId)) throw refuse(slotMessages.notOffered);
  if (!c.startedAllowed && slotIsPast(c.day, slot.starts, c.now)) throw refuse(slotMessages.past);
  if (c.closed.includes(c.day)) throw refuse(slotMessages.closed);
  if (slot.capacity !== null) {
    // The lock first (a statement of its own), then the count, whose snapshot is taken after the lock
    // is granted: it sees the order of whoever held the lock before.
    await tx
      .insert(deliverySlotDays)
      .values({ day: c.day, slotKey: slot.key })
      .onConflictDoUpdate({ target: [deliverySlotDays.day, deliverySlotDays.slotKey], set: { day: c.day } });
    const taken = (await takenOn(tx, c.day, [slot.key])).get(slot.key) ?? 0;
    if (taken >= slot.capacity) throw refuse(slotMessages.full);
  }
  return { key: slot.key, names: slotLabels(slot), starts: slot.starts };
}
