/**
 * Coupon rules: active, inside its validity window, subtotal at least its minimum,
 * total uses below max_uses, uses by this customer (user id or e-mail) below max_uses_per_customer.
 * Checked at the cart and again, under a row lock, at checkout. Any failure reads "Invalid Coupon".
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { canonicalEmail } from '../../../shared/email.js';
import type { DbOrTx } from '../../db/client.js';
import { couponRedemptions, coupons } from '../../db/schema.js';
import { defineMessages } from '../../lib/i18n.js';

export const couponMessages = defineMessages({
  invalid: { fr: 'Code promo invalide', en: 'Invalid Coupon', ar: 'رمز القسيمة غير صالح' },
});

export type CouponRow = typeof coupons.$inferSelect;

export const normalizeCode = (code: string): string => code.trim().toUpperCase();

export async function findCouponByCode(db: DbOrTx, code: string, opts: { forUpdate?: boolean } = {}): Promise<CouponRow | null> {
  const query = db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCode(code)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findCouponById(db: DbOrTx, id: number, opts: { forUpdate?: boolean } = {}): Promise<CouponRow | null> {
  const query = db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export interface CouponContext {
  subtotalCents: number;
  now: Date;
  /** Who uses it, for the per-customer limit (visitors at the cart: none known yet). */
  userId?: number | null;
  email?: string | null;
}

/** The rules that need no database: true when the coupon may be used now for this subtotal. */
export function couponApplies(coupon: CouponRow, ctx: Pick<CouponContext, 'subtotalCents' | 'now'>): boolean {
  if (!coupon.isActive) return false;
  if (coupon.startsAt && ctx.now < coupon.startsAt) return false;
  if (coupon.endsAt && ctx.now > coupon.endsAt) return false;
  if (ctx.subtotalCents < coupon.minSubtotalCents) return false;
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) return false;
  return true;
}

/** How many orders this customer (by account or e-mail) already placed with the coupon. */
export async function customerUses(db: DbOrTx, couponId: number, who: { userId?: number | null; email?: string | null }): Promise<number> {
  const email = who.email?.trim().toLowerCase();
  // Redemptions keep the canonical address (older rows the lower-cased one): both are looked up.
  const match = [
    who.userId ? eq(couponRedemptions.userId, who.userId) : undefined,
    email ? inArray(couponRedemptions.email, [...new Set([email, canonicalEmail(email)])]) : undefined,
  ].filter((c) => c !== undefined);
  if (match.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), or(...match)));
  return Number(row?.n ?? 0);
}

/** Every rule, the per-customer limit included. */
export async function couponIsValid(db: DbOrTx, coupon: CouponRow, ctx: CouponContext): Promise<boolean> {
  if (!couponApplies(coupon, ctx)) return false;
  if (coupon.maxUsesPerCustomer !== null && (ctx.userId || ctx.email)) {
    if ((await customerUses(db, coupon.id, ctx)) >= coupon.maxUsesPerCustomer) return false;
  }
  return true;
}
