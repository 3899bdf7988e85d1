/**
 * Back office delivery settings: zones (cities, fees, free-delivery threshold, active flag) and
 * closed dates. Nothing here is cached: the storefront's city list, the date picker and the
 * checkout read these tables on every request, so a change applies at once.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { addDays, shopClock } from '../../../shared/delivery-date.js';
import { fromCents, toCents } from '../../../shared/money.js';
import type { AdminClosedDate, AdminZone, zoneInputSchema } from '../../../shared/schemas/delivery-admin.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { closedDates, deliveryZones } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';
import type { ZoneRow } from './delivery.service.js';

export const deliveryAdminMessages = defineMessages({
  zoneNotFound: { fr: 'Zone de livraison introuvable.', en: 'Delivery zone not found.', ar: 'منطقة التوصيل غير موجودة.' },
  dateNotFound: { fr: 'Ce jour n’est pas fermé.', en: 'This day is not closed.', ar: 'هذا اليوم ليس مغلقًا.' },
  saved: { fr: 'Enregistré.', en: 'Saved.', ar: 'تم الحفظ.' },
  reopened: { fr: 'Jour rouvert.', en: 'Day reopened.', ar: 'تمت إعادة فتح اليوم.' },
});

type ZoneValues = z.output<typeof zoneInputSchema>;

export const toAdminZone = (z_: ZoneRow): AdminZone => ({
  id: z_.id,
  name: z_.name,
  name_en: z_.nameEn,
  name_ar: z_.nameAr,
  fee: fromCents(z_.feeCents),
  fee_max: z_.feeMaxCents === null ? null : fromCents(z_.feeMaxCents),
  free_threshold: z_.freeThresholdCents === null ? null : fromCents(z_.freeThresholdCents),
  is_active: z_.isActive,
  sort_order: z_.sortOrder,
});

const zoneRow = (v: ZoneValues) => ({
  name: v.name,
  nameEn: v.name_en || null,
  nameAr: v.name_ar,
  feeCents: toCents(v.fee),
  feeMaxCents: v.fee_max === null ? null : toCents(v.fee_max),
  freeThresholdCents: v.free_threshold === null ? null : toCents(v.free_threshold),
  isActive: v.is_active,
  sortOrder: v.sort_order,
  updatedAt: new Date(),
});

export async function listAllZones(db: Db): Promise<AdminZone[]> {
  const rows = await db.select().from(deliveryZones).orderBy(asc(deliveryZones.sortOrder), asc(deliveryZones.id));
  return rows.map(toAdminZone);
}

export async function createZone(db: Db, v: ZoneValues): Promise<AdminZone> {
  const [row] = await db.insert(deliveryZones).values(zoneRow(v)).returning();
  return toAdminZone(row!);
}

export async function updateZone(db: Db, id: number, v: ZoneValues): Promise<{ before: AdminZone; after: AdminZone }> {
  const [old] = await db.select().from(deliveryZones).where(eq(deliveryZones.id, id));
  if (!old) throw new AppError(404, deliveryAdminMessages.zoneNotFound);
  const [row] = await db.update(deliveryZones).set(zoneRow(v)).where(eq(deliveryZones.id, id)).returning();
  return { before: toAdminZone(old), after: toAdminZone(row!) };
}

/** Closed days between `from` (default: the shop's today) and `to` (default: a year later). */
export async function listClosedDates(db: Db, q: { from?: string; to?: string }, now = new Date()): Promise<{ data: AdminClosedDate[]; today: string }> {
  const today = shopClock(now).date;
  const from = q.from ?? today;
  const to = q.to ?? addDays(from, 366);
  const rows = await db
    .select({ date: closedDates.date, reason: closedDates.reason })
    .from(closedDates)
    .where(and(gte(closedDates.date, from), lte(closedDates.date, to)))
    .orderBy(asc(closedDates.date));
  return { data: rows, today };
}

/** Closes a day (or changes the reason of a closed one). */
export async function closeDate(db: Db, body: { date: string; reason: string | null }): Promise<{ before: AdminClosedDate | null; after: AdminClosedDate }> {
  const input = { date: body.date, reason: body.reason || null };
  const [old] = await db.select({ date: closedDates.date, reason: closedDates.reason }).from(closedDates).where(eq(closedDates.date, input.date));
  await db.insert(closedDates).values(input).onConflictDoUpdate({ target: closedDates.date, set: { reason: input.reason } });
  return { before: old ?? null, after: input };
}

export async function reopenDate(db: Db, date: string): Promise<AdminClosedDate> {
  const [deleted] = await db.delete(closedDates).where(eq(closedDates.date, date)).returning({ date: closedDates.date, reason: closedDates.reason });
  if (!deleted) throw new AppError(404, deliveryAdminMessages.dateNotFound);
  return deleted;
}
