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
import { LOCALES, type Locale } from '../../../shared/constants.js';
import { dateInText } from '../../../shared/dates.js';
import { slotIsPast, slotLabel, slotLabels, slotOfferedFor } from '../../../shared/delivery-slots.js';
import type { TargetSlot } from '../../../shared/schemas/delivery-admin.js';
import type { AdminSlot, DeliverySlot, slotInputSchema } from '../../../shared/schemas/delivery-slots.js';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import { closedDates, deliverySlotDays, deliverySlots, deliveryZoneSlots, deliveryZones, type ShopNames } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { translate, type Localized } from '../../lib/i18n.js';
import { offeredIn, slotMessages, slotsWithZones, takenOn, type ChosenSlot, type SlotWithZones } from '../orders/slot-places.js';

// The checkout's and the order edit's check of a slot lives with the orders (orders/slot-places.ts),
// so the order edit can use it; the checkout reads it from here as before.
export { checkedSlot, slotMessages, type ChosenSlot } from '../orders/slot-places.js';

/** A message in every language, its placeholders filled per language (a slot's label, a date). */
const filled = (message: Localized, params: (locale: Locale) => Record<string, string | number>): Localized =>
  Object.fromEntries(LOCALES.map((l) => [l, translate(message, l, params(l))])) as Localized;

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

/** The active slots of `day` in display order with the places each has left there (the day due orders would move to). */
export async function slotsRoomOn(db: DbOrTx, day: string, locale: Locale): Promise<TargetSlot[]> {
  const slots = await slotsWithZones(db, true);
  const taken = await takenOn(
    db,
    day,
    slots.map((s) => s.key),
  );
  return slots.map((s) => ({
    key: s.key,
    label: slotLabel(s, locale),
    left: s.capacity === null ? null : Math.max(0, s.capacity - (taken.get(s.key) ?? 0)),
    zone_ids: [...s.zoneIds].sort((a, b) => a - b),
  }));
}

/** An order moved to another day, and the slot it asks for there. */
export interface SlotMove {
  id: number;
  method: string;
  zoneId: number | null;
  /** Its own slot's key (null: none). */
  key: string | null;
  /** Another slot of the target day (its key), chosen by staff. */
  wanted?: string;
}

/**
 * In the transaction moving orders to `day` (a day being closed, its lock held): the slot each order
 * takes there. It keeps its own slot unless staff chose another (one the shop offers it, 422 else);
 * each slot with a capacity has its (day, slot) row locked, in key order, before its orders are counted,
 * like a checkout's, and must hold the orders already there plus the ones moved in: the first order
 * that does not fit refuses the whole move (409 naming it). Returns the new slot of each order given
 * another one. An order whose own slot is no longer active keeps it, counted nowhere.
 */
export async function placesForMoves(tx: Tx, day: string, moves: readonly SlotMove[]): Promise<Map<number, ChosenSlot>> {
  const slots = await slotsWithZones(tx, true);
  const chosen = new Map<number, ChosenSlot>();
  const into = new Map<string, SlotMove[]>();
  for (const m of moves) {
    if (m.wanted !== undefined && m.wanted !== m.key) {
      const slot = slots.find((s) => s.key === m.wanted);
      if (!slot || !slotOfferedFor(slot.zoneIds, m)) {
        throw new FieldValidationError({ decisions: [filled(slotMessages.movedSlotUnknown, () => ({ id: m.id }))] });
      }
      chosen.set(m.id, { key: slot.key, names: slotLabels(slot), starts: slot.starts });
    }
    const key = m.wanted ?? m.key;
    if (key !== null) into.set(key, [...(into.get(key) ?? []), m]);
  }
  const limited = slots.filter((s) => s.capacity !== null && into.has(s.key)).sort((a, b) => a.key.localeCompare(b.key));
  for (const slot of limited) {
    await tx
      .insert(deliverySlotDays)
      .values({ day, slotKey: slot.key })
      .onConflictDoUpdate({ target: [deliverySlotDays.day, deliverySlotDays.slotKey], set: { day } });
  }
  const taken = await takenOn(
    tx,
    day,
    limited.map((s) => s.key),
  );
  for (const slot of limited) {
    const incoming = into.get(slot.key)!;
    const room = slot.capacity! - (taken.get(slot.key) ?? 0);
    if (incoming.length > room) {
      const first = incoming[Math.max(0, room)]!;
      throw new AppError(
        409,
        filled(slotMessages.movedFull, (l) => ({ id: first.id, slot: slotLabel(slot, l), date: dateInText(l, day, 'day') })),
        undefined,
        { order_id: first.id },
      );
    }
  }
  return chosen;
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
