/**
 * Testimonials: customers write them, they wait for moderation (is_confirmed false), admins confirm
 * or delete them, and the home page shows the confirmed ones, newest first
 * (index testimonials_confirmed_idx).
 */
import { and, count, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { pageMeta, type PageMeta } from '../../../shared/schemas/common.js';
import type { Testimonial, TestimonialAdmin } from '../../../shared/schemas/testimonials.js';
import type { DbOrTx } from '../../db/client.js';
import { testimonials } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { containsPattern } from '../../lib/sql-like.js';
import { defineMessages } from '../../lib/i18n.js';

export const testimonialMessages = defineMessages({
  thanks: {
    fr: 'Merci d’avoir partagé votre expérience ! Votre témoignage apparaîtra après validation.',
    en: 'Thank you for sharing your experience! Your testimonial will appear once it has been reviewed.',
    ar: 'شكرًا لمشاركتك تجربتك! ستظهر شهادتك بعد مراجعتها.',
  },
  notFound: { fr: 'Témoignage introuvable.', en: 'Testimonial not found.', ar: 'الشهادة غير موجودة.' },
  confirmed: { fr: 'Témoignage confirmé.', en: 'Testimonial confirmed.', ar: 'تم تأكيد الشهادة.' },
  deleted: { fr: 'Témoignage supprimé.', en: 'Testimonial deleted.', ar: 'تم حذف الشهادة.' },
  tooMany: {
    fr: 'Vous avez envoyé plusieurs témoignages récemment. Réessayez dans une heure.',
    en: 'You have sent several testimonials recently. Please try again in an hour.',
    ar: 'لقد أرسلت عدة شهادات مؤخرًا. يرجى المحاولة بعد ساعة.',
  },
});

/** At most this many testimonials per customer per hour (when rate limits are on). */
export const TESTIMONIALS_PER_HOUR = 5;

const adminColumns = {
  id: testimonials.id,
  userId: testimonials.userId,
  userName: testimonials.authorName,
  content: testimonials.content,
  rating: testimonials.rating,
  isConfirmed: testimonials.isConfirmed,
  createdAt: testimonials.createdAt,
};
type AdminRow = {
  id: number;
  userId: number | null;
  userName: string | null;
  content: string;
  rating: number;
  isConfirmed: boolean;
  createdAt: Date;
};

const toAdmin = (r: AdminRow): TestimonialAdmin => ({
  id: r.id,
  user_id: r.userId,
  user: r.userId !== null && r.userName !== null ? { id: r.userId, name: r.userName } : null,
  content: r.content,
  rating: r.rating,
  is_confirmed: r.isConfirmed ? 1 : 0,
  created_at: r.createdAt.toISOString(),
});

/** The newest confirmed testimonials. */
export async function listConfirmed(db: DbOrTx, limit: number): Promise<Testimonial[]> {
  const rows = await db
    .select({
      id: testimonials.id,
      content: testimonials.content,
      rating: testimonials.rating,
      createdAt: testimonials.createdAt,
      userId: testimonials.userId,
      authorName: testimonials.authorName,
    })
    .from(testimonials)
    .where(eq(testimonials.isConfirmed, true))
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    rating: r.rating,
    created_at: r.createdAt.toISOString(),
    // The name fixed when it was written; a deleted account's testimonial stays, anonymous.
    user: r.userId !== null ? { name: r.authorName } : null,
  }));
}

/** Stores a customer's testimonial, pending moderation. */
export async function createTestimonial(
  db: DbOrTx,
  user: { id: number; name: string },
  input: { content: string; rating: number },
  opts: { rateLimit: boolean },
): Promise<TestimonialAdmin> {
  if (opts.rateLimit) {
    const [{ recent }] = await db
      .select({ recent: count() })
      .from(testimonials)
      .where(and(eq(testimonials.userId, user.id), gt(testimonials.createdAt, sql`now() - interval '1 hour'`)));
    if (Number(recent) >= TESTIMONIALS_PER_HOUR) throw new AppError(429, testimonialMessages.tooMany);
  }
  const [row] = await db
    .insert(testimonials)
    .values({ userId: user.id, authorName: user.name, content: input.content, rating: input.rating, isConfirmed: false })
    .returning();
  return toAdmin({ ...row, userName: user.name });
}

export async function listForAdmin(
  db: DbOrTx,
  q: { page: number; per_page: number; search?: string; status: 'all' | 'confirmed' | 'pending' },
): Promise<{ data: TestimonialAdmin[]; meta: PageMeta }> {
  const conditions: SQL[] = [];
  if (q.status !== 'all') conditions.push(eq(testimonials.isConfirmed, q.status === 'confirmed'));
  if (q.search) {
    const pattern = containsPattern(q.search);
    conditions.push(or(ilike(testimonials.content, pattern), ilike(testimonials.authorName, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(adminColumns)
      .from(testimonials)
      .where(where)
      .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ total: count() }).from(testimonials).where(where),
  ]);
  return { data: rows.map(toAdmin), meta: pageMeta(q.page, q.per_page, Number(total)) };
}

async function findForAdmin(db: DbOrTx, id: number): Promise<TestimonialAdmin> {
  const [row] = await db.select(adminColumns).from(testimonials).where(eq(testimonials.id, id));
  if (!row) throw new AppError(404, testimonialMessages.notFound);
  return toAdmin(row);
}

/** Confirms a testimonial (confirming it again changes nothing). */
export async function confirmTestimonial(db: DbOrTx, id: number): Promise<TestimonialAdmin> {
  const updated = await db
    .update(testimonials)
    .set({ isConfirmed: true, updatedAt: new Date() })
    .where(eq(testimonials.id, id))
    .returning({ id: testimonials.id });
  if (updated.length === 0) throw new AppError(404, testimonialMessages.notFound);
  return findForAdmin(db, id);
}

export async function deleteTestimonial(db: DbOrTx, id: number): Promise<void> {
  const deleted = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  if (deleted.length === 0) throw new AppError(404, testimonialMessages.notFound);
}
