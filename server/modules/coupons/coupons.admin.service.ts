/**
 * Back office coupons: list, one coupon with the orders that used it, create, edit, switch on/off.
 * Start and end are shop days: stored as the instants the first day starts and the day after the
 * last one starts in Africa/Casablanca, so the checkout's `now` comparisons hold the whole last day.
 */
import { count, desc, eq, ilike } from 'drizzle-orm';
import { addDays, shopClock } from '../../../shared/delivery-date.js';
import { fromCents, toCents } from '../../../shared/money.js';
import { pageMeta } from '../../../shared/schemas/common.js';
import type { AdminCoupon, AdminCouponDetail, CouponValues } from '../../../shared/schemas/coupons.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { couponRedemptions, coupons, orders } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';
import { containsPattern } from '../../lib/sql-like.js';
import type { CouponRow } from './coupons.service.js';

export const couponAdminMessages = defineMessages({
  notFound: { fr: 'Code promo introuvable.', en: 'Coupon not found.', ar: 'القسيمة غير موجودة.' },
  codeTaken: { fr: 'Ce code existe déjà.', en: 'This code already exists.', ar: 'هذا الرمز موجود بالفعل.' },
  saved: { fr: 'Code promo enregistré.', en: 'Coupon saved.', ar: 'تم حفظ القسيمة.' },
});

/**
 * The instant a shop day starts (Africa/Casablanca): UTC midnight moved back by the shop's offset
 * at that moment, checked once more in case the offset changes that night (Ramadan).
 */
export function shopDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const offsetAt = (t: number) => {
    const { date, hour, minute } = shopClock(new Date(t));
    return Date.parse(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`) - t;
  };
  let start = utcMidnight - offsetAt(utcMidnight);
  start = utcMidnight - offsetAt(start);
  return new Date(start);
}

export function toAdminCoupon(c: CouponRow): AdminCoupon {
  return {
    id: c.id,
    code: c.code,
    type: c.type as AdminCoupon['type'],
    value: c.type === 'fixed' ? fromCents(c.value) : c.value,
    min_subtotal: fromCents(c.minSubtotalCents),
    starts_on: c.startsAt ? shopClock(c.startsAt).date : null,
    // Stored as the start of the next day: the last day is the one just before.
    ends_on: c.endsAt ? shopClock(new Date(c.endsAt.getTime() - 1)).date : null,
    max_uses: c.maxUses,
    max_uses_per_customer: c.maxUsesPerCustomer,
    used_count: c.usedCount,
    is_active: c.isActive,
    created_at: c.createdAt.toISOString(),
  };
}

function toRow(input: CouponValues) {
  return {
    code: input.code,
    type: input.type,
    value: input.type === 'fixed' ? toCents(input.value) : input.value,
    minSubtotalCents: toCents(input.min_subtotal),
    startsAt: input.starts_on ? shopDayStart(input.starts_on) : null,
    endsAt: input.ends_on ? shopDayStart(addDays(input.ends_on, 1)) : null,
    maxUses: input.max_uses,
    maxUsesPerCustomer: input.max_uses_per_customer,
    isActive: input.is_active,
    updatedAt: new Date(),
  };
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new FieldValidationError({ code: [couponAdminMessages.codeTaken] });
    throw err;
  }
}

export async function listCoupons(db: DbOrTx, q: { page: number; per_page: number; search?: string }) {
  const where = q.search ? ilike(coupons.code, containsPattern(q.search)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ total: count() }).from(coupons).where(where),
  ]);
  return { data: rows.map(toAdminCoupon), meta: pageMeta(q.page, q.per_page, Number(total)) };
}

async function findCoupon(db: DbOrTx, id: number): Promise<CouponRow> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw new AppError(404, couponAdminMessages.notFound);
  return row;
}

/** A coupon and a page of the orders that used it, newest first. */
export async function getCoupon(db: DbOrTx, id: number, q: { page: number; per_page: number }): Promise<AdminCouponDetail> {
  const coupon = await findCoupon(db, id);
  const where = eq(couponRedemptions.couponId, id);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        customerName: orders.customerName,
        email: couponRedemptions.email,
        totalCents: orders.totalCents,
        discountCents: orders.couponDiscountCents,
        orderStatus: orders.orderStatus,
      })
      .from(couponRedemptions)
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ total: count() }).from(couponRedemptions).where(where),
  ]);
  return {
    coupon: toAdminCoupon(coupon),
    orders: {
      data: rows.map((r) => ({
        id: r.id,
        created_at: r.createdAt.toISOString(),
        customer_name: r.customerName,
        email: r.email,
        total_amount: fromCents(r.totalCents),
        discount: fromCents(r.discountCents),
        order_status: r.orderStatus,
      })),
      meta: pageMeta(q.page, q.per_page, Number(total)),
    },
  };
}

export async function createCoupon(db: Db, input: CouponValues): Promise<AdminCoupon> {
  const [row] = await saving(() => db.insert(coupons).values(toRow(input)).returning());
  return toAdminCoupon(row!);
}

export async function updateCoupon(db: Db, id: number, input: CouponValues): Promise<{ before: AdminCoupon; after: AdminCoupon }> {
  const before = toAdminCoupon(await findCoupon(db, id));
  const [row] = await saving(() => db.update(coupons).set(toRow(input)).where(eq(coupons.id, id)).returning());
  return { before, after: toAdminCoupon(row!) };
}

export async function setCouponActive(db: Db, id: number, isActive: boolean): Promise<{ before: AdminCoupon; after: AdminCoupon }> {
  const before = toAdminCoupon(await findCoupon(db, id));
  const [row] = await db.update(coupons).set({ isActive, updatedAt: new Date() }).where(eq(coupons.id, id)).returning();
  return { before, after: toAdminCoupon(row!) };
}
