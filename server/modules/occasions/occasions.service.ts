/**
 * Occasions: the storefront's list in the reader's language (each with its slug in every language,
 * and whether today is in its highlight window), the back office's rows, and the writes. A slug is
 * unique across every language's slugs: `?occasion=<slug>` and `/occasion/<slug>` take any of them.
 * Deleting an occasion removes it from its products (they stay on sale).
 */
import { eq, sql } from 'drizzle-orm';
import { shopClock } from '../../../shared/delivery-date.js';
import type { Locale } from '../../../shared/constants.js';
import type { AdminOccasion, Occasion, OccasionForm } from '../../../shared/schemas/occasions.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { occasions } from '../../db/schema.js';
import { sqlRows } from '../../db/sql-rows.js';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { occasionMessages as m } from './occasions.messages.js';

interface OccasionRow {
  id: number;
  name_fr: string;
  name_en: string;
  name_ar: string;
  slug_fr: string;
  slug_en: string;
  slug_ar: string;
  image_path: string | null;
  sort_order: number;
  highlight_from: string | null;
  highlight_to: string | null;
  products_count?: number;
}

const names = (r: OccasionRow) => ({ fr: r.name_fr, en: r.name_en, ar: r.name_ar });
const slugs = (r: OccasionRow) => ({ fr: r.slug_fr, en: r.slug_en, ar: r.slug_ar });
const day = (d: string | Date | null) => (d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/** Whether the shop's `today` is inside a window (both days included). */
export const inWindow = (today: string, from: string | null, to: string | null): boolean =>
  from !== null && to !== null && from <= today && today <= to;

function toOccasion(r: OccasionRow, locale: Locale, today: string): Occasion {
  return {
    id: Number(r.id),
    name: names(r)[locale],
    slug: slugs(r)[locale],
    slugs: slugs(r),
    image_path: r.image_path,
    highlighted: inWindow(today, day(r.highlight_from), day(r.highlight_to)),
  };
}

/**
 * Every occasion in the shop's order; the ones whose window holds today come first (they lead the
 * home page), in that same order among themselves.
 */
export async function listOccasions(db: DbOrTx, locale: Locale, now = new Date()): Promise<Occasion[]> {
  const rows = await sqlRows<OccasionRow>(db, sql`select * from occasions order by sort_order, id`);
  const today = shopClock(now).date;
  const list = rows.map((r) => toOccasion(r, locale, today));
  return [...list.filter((o) => o.highlighted), ...list.filter((o) => !o.highlighted)];
}

/** The occasion a slug of any language names, or null. */
export async function occasionBySlug(db: DbOrTx, locale: Locale, slug: string, now = new Date()): Promise<Occasion | null> {
  const [row] = await sqlRows<OccasionRow>(
    db,
    sql`select * from occasions where slug_fr = ${slug} or slug_en = ${slug} or slug_ar = ${slug} limit 1`,
  );
  return row ? toOccasion(row, locale, shopClock(now).date) : null;
}

// ---------------------------------------------------------------- back office

function toAdmin(r: OccasionRow): AdminOccasion {
  return {
    id: Number(r.id),
    names: names(r),
    slugs: slugs(r),
    image_path: r.image_path,
    sort_order: Number(r.sort_order),
    highlight_from: day(r.highlight_from),
    highlight_to: day(r.highlight_to),
    products_count: Number(r.products_count ?? 0),
  };
}

async function adminRows(db: DbOrTx, id?: number): Promise<AdminOccasion[]> {
  const rows = await sqlRows<OccasionRow>(
    db,
    sql`select o.*, (select count(*)::int from product_occasions po join products p on p.id = po.product_id
          where po.occasion_id = o.id and p.archived_at is null) as products_count
        from occasions o where ${id === undefined ? sql`true` : sql`o.id = ${id}`} order by o.sort_order, o.id`,
  );
  return rows.map(toAdmin);
}

export const listAdminOccasions = (db: DbOrTx): Promise<AdminOccasion[]> => adminRows(db);

export async function getAdminOccasion(db: DbOrTx, id: number): Promise<AdminOccasion> {
  const [row] = await adminRows(db, id);
  if (!row) throw new AppError(404, m.notFound);
  return row;
}

/**
 * Creates (`id` null) or updates an occasion in one transaction. `imagePath`: a new picture's
 * address, null to remove it, undefined to keep it. Each slug must be free among every other
 * occasion's slugs of any language (422 on the field).
 */
export async function saveOccasion(db: Db, id: number | null, form: OccasionForm, imagePath: string | null | undefined): Promise<number> {
  const mine = [form.slug_fr, form.slug_en, form.slug_ar];
  const errors: Record<string, (typeof m.slugTaken)[]> = {};
  // Two languages of one occasion may share a slug ("eid" in French and English); never two occasions.
  return db.transaction(async (tx) => {
    // Writers of occasions take turns, so two saves cannot both find a slug free.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('occasions.slugs'))`);
    const list = `{${mine.map((s) => `"${s.replace(/["\\]/g, '')}"`).join(',')}}`;
    const taken = await sqlRows<{ id: number; slug_fr: string; slug_en: string; slug_ar: string }>(
      tx,
      sql`select id, slug_fr, slug_en, slug_ar from occasions
          where (slug_fr = any(${list}::text[]) or slug_en = any(${list}::text[]) or slug_ar = any(${list}::text[]))
            and id <> ${id ?? 0}`,
    );
    for (const other of taken) {
      const theirs = new Set([other.slug_fr, other.slug_en, other.slug_ar]);
      for (const [field, value] of [
        ['slug_fr', form.slug_fr],
        ['slug_en', form.slug_en],
        ['slug_ar', form.slug_ar],
      ] as const)
        if (theirs.has(value)) errors[field] = [m.slugTaken];
    }
    if (Object.keys(errors).length) throw new FieldValidationError(errors);
    const values = {
      nameFr: form.name_fr,
      nameEn: form.name_en,
      nameAr: form.name_ar,
      slugFr: form.slug_fr,
      slugEn: form.slug_en,
      slugAr: form.slug_ar,
      sortOrder: form.sort_order,
      highlightFrom: form.highlight_from,
      highlightTo: form.highlight_to,
      ...(imagePath !== undefined ? { imagePath } : {}),
    };
    if (id === null) {
      const [row] = await tx.insert(occasions).values(values).returning({ id: occasions.id });
      return row!.id;
    }
    const [row] = await tx
      .update(occasions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(occasions.id, id))
      .returning({ id: occasions.id });
    if (!row) throw new AppError(404, m.notFound);
    return row.id;
  });
}

/** Deletes an occasion (its products lose it, and stay on sale); answers what it was. */
export async function deleteOccasion(db: Db, id: number): Promise<AdminOccasion> {
  return db.transaction(async (tx) => {
    const before = await getAdminOccasion(tx, id);
    await tx.delete(occasions).where(eq(occasions.id, id));
    return before;
  });
}
