/**
 * Delivery slots (parts of the shop's delivery day) and pick-up at the shop: the slots of a day for
 * the storefront, the check a checkout makes in its transaction, and the back office's edits.
 *
 * Rules (docs/DECISIONS.md "Delivery slots and pick-up"):
 * - a slot with no zone row is offered in every zone; with rows, only in those zones; the slot list of
 *   a zone leaves out the slots it does not offer;
 * - a pick-up chooses among the same active slots (when to collect), whatever the zone, and counts in
 *   the same capacity (the capacity is what the workshop prepares in the slot);
 * - a slot is available on a day unless it has started (today, shop time), the day is closed, or its
 *   orders (not cancelled) that day reached its capacity;
 * - a checkout must name a slot once the shop has any active slot; the capacity holds under
 *   concurrency: the (day, slot) row of `delivery_slot_days` is locked before the slot's orders are
 *   counted, in the order's transaction, so the last place goes to one checkout only.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import { slotIsPast, slotLabel } from '../../../shared/delivery-slots.js';
import type { AdminSlot, DeliverySlot, slotInputSchema } from '../../../shared/schemas/delivery-slots.js';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { closedDates, deliverySlots, deliveryZoneSlots, deliveryZones, type ShopNames } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { offeredIn, slotMessages, slotsWithZones, takenOn, type SlotWithZones } from '../orders/slot-places.js';

// The checkout's and the order edit's check of a slot lives with the orders (orders/slot-places.ts),
// so the order edit can use it; the checkout reads it from here as before.
export { checkedSlot, slotMessages, type ChosenSlot } from '../orders/slot-places.js';

async function isClosed(db: DbOrTx, day: string): Promise<boolean> {
  const [row] = await db.select({ date: closedDates.date }).from(closedDates).where(eq(closedDates.date, day));
  return Boolean(row);
}

/**
 * GET /api/delivery/slots: the active slots of `day` offered in the zone (every active slot without
 * one: a pick-up), in display order, each available or not and why.
 */
export async function slotsForDay(
  db: DbOrTx,
  q: { day: string; zoneId: number | null; locale: Locale; now: Date },
): Promise<DeliverySlot[]> {
  const slots = (await slotsWithZones(db, true)).filter((s) => offeredIn(s, q.zoneId));
  const [closed, taken] = await Promise.all([
    isClosed(db, q.day),
    takenOn(
      db,
      q.day,
      slots.map((s) => s.key),
    ),
  ]);
  return slots.map((s) => {
    const reason = slotIsPast(q.day, s.starts, q.now)
      ? ('past' as const)
      : closed
        ? ('closed' as const)
        : s.capacity !== null && (taken.get(s.key) ?? 0) >= s.capacity
          ? ('full' as const)
          : null;
    return { key: s.key, label: slotLabel(s, q.locale), starts: s.starts, ends: s.ends, available: reason === null, reason };
  });
}

/** The label of pick-up orders in every language (the order's "city"). */
export const pickupNames = (): ShopNames => ({ ...slotMessages.pickup });

// ---------------------------------------------------------------- back office

type SlotValues = z.output<typeof slotInputSchema>;

const toAdminSlot = (s: SlotWithZones, locale: Locale): AdminSlot => ({
  id: s.id,
  key: s.key,
  starts: s.starts,
  ends: s.ends,
  name_fr: s.names?.fr ?? '',
  name_en: s.names?.en ?? '',
  name_ar: s.names?.ar ?? '',
  label: slotLabel(s, locale),
  capacity: s.capacity,
  is_active: s.isActive,
  sort_order: s.sortOrder,
  zone_ids: [...s.zoneIds].sort((a, b) => a - b),
});

export async function listAllSlots(db: DbOrTx, locale: Locale): Promise<AdminSlot[]> {
  return (await slotsWithZones(db, false)).map((s) => toAdminSlot(s, locale));
}

async function oneSlot(db: DbOrTx, id: number, locale: Locale): Promise<AdminSlot> {
  const found = (await slotsWithZones(db, false)).find((s) => s.id === id);
  if (!found) throw new AppError(404, slotMessages.slotNotFound);
  return toAdminSlot(found, locale);
}

const slotRow = (v: SlotValues) => {
  const given = v.name_fr || v.name_en || v.name_ar;
  return {
    starts: v.starts,
    ends: v.ends,
    // Names partly given: the missing ones fall back to the times (slotLabel).
    names: given ? { fr: v.name_fr, en: v.name_en, ar: v.name_ar } : null,
    capacity: v.capacity,
    isActive: v.is_active,
    sortOrder: v.sort_order,
  };
};

async function setZones(tx: DbOrTx, slotId: number, zoneIds: number[]) {
  const ids = [...new Set(zoneIds)];
  if (ids.length > 0) {
    const found = await tx.select({ id: deliveryZones.id }).from(deliveryZones).where(inArray(deliveryZones.id, ids));
    if (found.length !== ids.length) throw new FieldValidationError({ zone_ids: [slotMessages.unknownZones] });
  }
  await tx.delete(deliveryZoneSlots).where(eq(deliveryZoneSlots.slotId, slotId));
  if (ids.length > 0) await tx.insert(deliveryZoneSlots).values(ids.map((zoneId) => ({ zoneId, slotId })));
}

/** A new slot; its key is written from its times (`0900-1200`) and never changes. */
export async function createSlot(db: DbOrTx, v: SlotValues, locale: Locale): Promise<AdminSlot> {
  const key = `${v.starts.replace(':', '')}-${v.ends.replace(':', '')}`;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(deliverySlots)
      .values({ key, ...slotRow(v) })
      .onConflictDoNothing()
      .returning({ id: deliverySlots.id });
    if (!row) throw new FieldValidationError({ starts: [slotMessages.slotExists] });
    await setZones(tx, row.id, v.zone_ids);
    return row.id;
  });
  return oneSlot(db, id, locale);
}

/** Edits a slot (its key stays: orders name it). */
export async function updateSlot(db: DbOrTx, id: number, v: SlotValues, locale: Locale) {
  const before = await oneSlot(db, id, locale);
  await db.transaction(async (tx) => {
    await tx
      .update(deliverySlots)
      .set({ ...slotRow(v), updatedAt: new Date() })
      .where(eq(deliverySlots.id, id));
    await setZones(tx, id, v.zone_ids);
  });
  return { before, after: await oneSlot(db, id, locale) };
}

/** Deletes a slot; the orders that named it keep its key and label. */
export async function deleteSlot(db: DbOrTx, id: number, locale: Locale): Promise<AdminSlot> {
  const before = await oneSlot(db, id, locale);
  await db.delete(deliverySlots).where(eq(deliverySlots.id, id));
  return before;
}
