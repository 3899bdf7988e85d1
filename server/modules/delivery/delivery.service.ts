/** Delivery zones (cities and their fee) and closed dates: read by the cart, checkout and date picker. */
import { and, asc, eq, gte, type Placeholder } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import type { DeliveryZone } from '../../../shared/schemas/delivery.js';
import type { DbOrTx } from '../../db/client.js';
import { closedDates, deliveryZones } from '../../db/schema.js';
import { defineMessages } from '../../lib/i18n.js';

export const deliveryMessages = defineMessages({
  selectCityFirst: { fr: 'Choisissez d’abord une ville.', en: 'Select city first', ar: 'اختر المدينة أولاً.' },
  unknownZone: {
    fr: 'Nous ne livrons pas (ou plus) dans cette ville.',
    en: 'We do not deliver to this city.',
    ar: 'لا نقوم بالتوصيل إلى هذه المدينة.',
  },
  dateTooSoon: {
    fr: 'La date de livraison doit être demain ou plus tard.',
    en: 'The delivery date must be tomorrow or later.',
    ar: 'يجب أن يكون تاريخ التوصيل غدًا أو بعده.',
  },
  dateTooFar: {
    fr: 'La date de livraison est trop lointaine (90 jours au plus).',
    en: 'The delivery date is too far ahead (90 days at most).',
    ar: 'تاريخ التوصيل بعيد جدًا (90 يومًا على الأكثر).',
  },
  dateClosed: {
    fr: 'Nous ne livrons pas à cette date. Choisissez un autre jour.',
    en: 'We do not deliver on this date. Please choose another day.',
    ar: 'لا نقوم بالتوصيل في هذا التاريخ. يرجى اختيار يوم آخر.',
  },
});

export type ZoneRow = typeof deliveryZones.$inferSelect;

export const zoneName = (zone: Pick<ZoneRow, 'name' | 'nameEn' | 'nameAr'>, locale: Locale): string =>
  locale === 'ar' ? zone.nameAr : locale === 'en' ? (zone.nameEn ?? zone.name) : zone.name;

export function toDeliveryZone(zone: ZoneRow, locale: Locale): DeliveryZone {
  return {
    id: zone.id,
    name: zoneName(zone, locale),
    fee: fromCents(zone.feeCents),
    fee_max: zone.feeMaxCents === null ? null : fromCents(zone.feeMaxCents),
    free_threshold: zone.freeThresholdCents === null ? null : fromCents(zone.freeThresholdCents),
  };
}

export async function listZones(db: DbOrTx, locale: Locale): Promise<DeliveryZone[]> {
  const rows = await db
    .select()
    .from(deliveryZones)
    .where(eq(deliveryZones.isActive, true))
    .orderBy(asc(deliveryZones.sortOrder), asc(deliveryZones.id));
  return rows.map((z) => toDeliveryZone(z, locale));
}

/** The active zone `id` (at most one row); `id` may be a placeholder (the checkout prepares it). */
export const activeZoneQuery = (db: DbOrTx, id: number | Placeholder) =>
  db
    .select()
    .from(deliveryZones)
    .where(and(eq(deliveryZones.id, id), eq(deliveryZones.isActive, true)))
    .limit(1);

/** An active zone, or null. */
export async function findActiveZone(db: DbOrTx, id: number): Promise<ZoneRow | null> {
  const [row] = await activeZoneQuery(db, id);
  return row ?? null;
}

/** Closed dates from `from` (YYYY-MM-DD) on, ascending; `from` may be a placeholder. */
export const closedDatesQuery = (db: DbOrTx, from: string | Placeholder) =>
  db.select({ date: closedDates.date }).from(closedDates).where(gte(closedDates.date, from)).orderBy(asc(closedDates.date));

export async function closedDatesFrom(db: DbOrTx, from: string): Promise<string[]> {
  const rows = await closedDatesQuery(db, from);
  return rows.map((r) => r.date);
}
