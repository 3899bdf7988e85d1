/**
 * Back office delivery settings: zones (cities, fees, free-delivery threshold, active flag) and
 * closed dates. Nothing here is cached: the storefront's city list, the date picker and the
 * checkout read these tables on every request, so a change applies at once.
 */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { addDays, deliveryDateProblem, MAX_DELIVERY_DAYS_AHEAD, shopClock } from '../../../shared/delivery-date.js';
import { fromCents, toCents } from '../../../shared/money.js';
import type { AdminClosedDate, AdminZone, DUE_ORDER_CHOICES, DueOrders, zoneInputSchema } from '../../../shared/schemas/delivery-admin.js';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { closedDates, deliveryZones } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';
import { moveDueOrders, ordersDueOn } from '../orders/due-orders.js';

type DueOrderChoice = (typeof DUE_ORDER_CHOICES)[number];
import type { ZoneRow } from './delivery.service.js';

export const deliveryAdminMessages = defineMessages({
  zoneNotFound: { fr: 'Zone de livraison introuvable.', en: 'Delivery zone not found.', ar: 'منطقة التوصيل غير موجودة.' },
  dateNotFound: { fr: 'Ce jour n’est pas fermé.', en: 'This day is not closed.', ar: 'هذا اليوم ليس مغلقًا.' },
  saved: { fr: 'Enregistré.', en: 'Saved.', ar: 'تم الحفظ.' },
  reopened: { fr: 'Jour rouvert.', en: 'Day reopened.', ar: 'تمت إعادة فتح اليوم.' },
  ordersDue: {
    fr: 'Commandes encore à livrer ce jour-là : {count}. Choisissez de les déplacer ou de les laisser.',
    en: 'Orders still due that day: {count}. Choose to move them or to keep them.',
    ar: 'الطلبات التي لا يزال توصيلها مقررًا في هذا اليوم: {count}. اختر نقلها أو إبقاءها.',
  },
  noOpenDay: {
    fr: 'Aucun jour de livraison ouvert dans les 90 prochains jours : rouvrez un jour d’abord.',
    en: 'No open delivery day in the next 90 days: reopen a day first.',
    ar: 'لا يوجد يوم توصيل مفتوح خلال الأيام التسعين القادمة: أعد فتح يوم أولاً.',
  },
  closedAndMoved: {
    fr: 'Jour fermé. Commandes déplacées au {date} : {count} ; les clients sont prévenus par e-mail.',
    en: 'Day closed. Orders moved to {date}: {count}; the customers are told by e-mail.',
    ar: 'تم إغلاق اليوم. الطلبات المنقولة إلى {date}: {count}؛ تم إعلام الزبائن بالبريد الإلكتروني.',
  },
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
export async function listClosedDates(
  db: Db,
  q: { from?: string; to?: string },
  now = new Date(),
): Promise<{ data: AdminClosedDate[]; today: string }> {
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

/** How many due orders a list shows (the total is always told). */
const DUE_LISTED = 100;

/**
 * The first day after `date` a customer could choose (delivery-date.ts: not past, not closed, within
 * the booking window), given the closed days from `date` on; null when the window has none.
 */
export function nextOpenDay(date: string, closed: Iterable<string>, now: Date): string | null {
  const closedSet = new Set(closed);
  for (let day = addDays(date, 1), i = 0; i <= MAX_DELIVERY_DAYS_AHEAD + 1; day = addDays(day, 1), i++) {
    if (deliveryDateProblem(day, now, closedSet) === null) return day;
  }
  return null;
}

/** The orders due on `date` (the first 100 and the total) and the day they would move to. */
export async function dueOrders(db: DbOrTx, date: string, now = new Date(), closeToo = true): Promise<DueOrders> {
  const [due, closed] = await Promise.all([
    ordersDueOn(db, date, DUE_LISTED),
    db.select({ date: closedDates.date }).from(closedDates).where(gte(closedDates.date, date)),
  ]);
  const closedDays = closed.map((c) => c.date);
  // The day being closed counts as closed even before it is.
  if (closeToo) closedDays.push(date);
  return { ...due, next_open_day: nextOpenDay(date, closedDays, now) };
}

interface Actor {
  id: number;
  email: string;
}

/**
 * Closes a day (or changes the reason of a closed one). With orders still due that day, `due_orders`
 * says what becomes of them: `move` gives each the next open day (version bumped, a history row, an
 * audit row, a mail to the customer in the order's language queued in the outbox), `keep` leaves them;
 * without it nothing is closed (409 with the list). All in one transaction holding the day's lock, which
 * every order written for a day also takes (migration closed_day_orders): an order placed meanwhile is
 * either moved here or refused, never left on the closed day.
 */
export async function closeDate(
  db: Db,
  body: { date: string; reason: string | null; due_orders?: DueOrderChoice },
  actor: Actor,
  now = new Date(),
): Promise<{ before: AdminClosedDate | null; after: AdminClosedDate; moved: { id: number; delivery_date: string }[] }> {
  const input = { date: body.date, reason: body.reason || null };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(flora_delivery_day_lock(${input.date}::date))`);
    const [old] = await tx
      .select({ date: closedDates.date, reason: closedDates.reason })
      .from(closedDates)
      .where(eq(closedDates.date, input.date));
    const due = await dueOrders(tx, input.date, now);
    // Not said what becomes of the due orders: 409 listing them (the answer carries the list and the next open day).
    if (due.total > 0 && !body.due_orders) throw new AppError(409, deliveryAdminMessages.ordersDue, { count: due.total }, { ...due });
    await tx
      .insert(closedDates)
      .values(input)
      .onConflictDoUpdate({ target: closedDates.date, set: { reason: input.reason } });
    let moved: { id: number; delivery_date: string }[] = [];
    if (due.total > 0 && body.due_orders === 'move') {
      const to = due.next_open_day;
      // Nowhere to move them: refused like a wrong choice (the whole close rolls back).
      if (!to) throw new FieldValidationError({ due_orders: [deliveryAdminMessages.noOpenDay] });
      // Every due order, not only the listed ones: the orders module moves them (rows, history, mails).
      moved = await moveDueOrders(tx, { from: input.date, to, actor, route: '/api/admin/closed-dates', now });
    }
    return { before: old ?? null, after: input, moved };
  });
}

export async function reopenDate(db: Db, date: string): Promise<AdminClosedDate> {
  const [deleted] = await db
    .delete(closedDates)
    .where(eq(closedDates.date, date))
    .returning({ date: closedDates.date, reason: closedDates.reason });
  if (!deleted) throw new AppError(404, deliveryAdminMessages.dateNotFound);
  return deleted;
}
