/**
 * The back office's colours: every colour (active or not) with its translations and how many
 * products use it; writes keep the slug unique. A colour used by products is not deleted (409:
 * switch it off instead), so no product silently loses a colour.
 */
import { eq, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import type { AdminColor, ColorForm } from '../../../shared/schemas/catalogue-admin.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { colors } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { catalogueAdminMessages as m } from './catalogue-admin.messages.js';
import { fieldError, found, saveTranslations } from './admin-forms.js';
import { sqlRows } from '../../db/sql-rows.js';

interface ColorRow {
  id: number;
  name: string;
  hex_code: string;
  slug: string;
  is_active: boolean;
  sort_order: number;
  products_count: number;
  name_en: string | null;
  name_ar: string | null;
}

async function colorRows(db: DbOrTx, locale: Locale, id?: number): Promise<AdminColor[]> {
  const rows = await sqlRows<ColorRow>(
    db,
    sql`select k.id, coalesce(t.name, k.name) as name, k.hex_code, k.slug, k.is_active, k.sort_order,
          (select count(*)::int from product_colors pc join products p on p.id = pc.product_id
            where pc.color_id = k.id and p.archived_at is null) as products_count,
          (select name from color_translations e where e.color_id = k.id and e.locale = 'en') as name_en,
          (select name from color_translations a where a.color_id = k.id and a.locale = 'ar') as name_ar
        from colors k left join color_translations t on t.color_id = k.id and t.locale = ${locale}
        where ${id === undefined ? sql`true` : sql`k.id = ${id}`}
        order by k.sort_order, k.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    hex_code: r.hex_code,
    slug: r.slug,
    is_active: r.is_active,
    sort_order: r.sort_order,
    products_count: Number(r.products_count),
    translations: { en: { name: r.name_en ?? '' }, ar: { name: r.name_ar ?? '' } },
  }));
}

export const listAdminColors = (db: DbOrTx, locale: Locale): Promise<AdminColor[]> => colorRows(db, locale);

export async function getAdminColor(db: DbOrTx, locale: Locale, id: number): Promise<AdminColor> {
  return found((await colorRows(db, locale, id))[0], m.colorNotFound);
}

export async function saveColor(db: Db, id: number | null, form: ColorForm): Promise<number> {
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: colors.id }).from(colors).where(eq(colors.slug, form.slug));
    if (taken && taken.id !== id) throw fieldError('slug', m.slugTaken);
    // The base name is the French one (fr is also stored as a translation, like the seed does).
    const values = { name: form.name, hexCode: form.hex_code, slug: form.slug, sortOrder: form.sort_order, isActive: form.is_active };
    let colorId: number;
    if (id === null) {
      const [row] = await tx.insert(colors).values(values).returning({ id: colors.id });
      colorId = row!.id;
    } else {
      const [row] = await tx
        .update(colors)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(colors.id, id))
        .returning({ id: colors.id });
      colorId = found(row, m.colorNotFound).id;
    }
    await saveTranslations(tx, 'color_translations', colorId, {
      fr: { name: form.name },
      en: form.name_en ? { name: form.name_en } : undefined,
      ar: form.name_ar ? { name: form.name_ar } : undefined,
    });
    return colorId;
  });
}

export async function toggleColor(db: Db, id: number): Promise<void> {
  const [row] = await db
    .update(colors)
    .set({ isActive: sql`not ${colors.isActive}`, updatedAt: new Date() })
    .where(eq(colors.id, id))
    .returning({ id: colors.id });
  found(row, m.colorNotFound);
}

export async function deleteColor(db: Db, locale: Locale, id: number): Promise<AdminColor> {
  return db.transaction(async (tx) => {
    const before = await getAdminColor(tx, locale, id);
    await tx.execute(sql`select id from colors where id = ${id} for update`);
    const [row] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from product_colors where color_id = ${id}`);
    const count = Number(row?.n ?? 0);
    if (count > 0) throw new AppError(409, m.colorInUse, { count }, { products_count: count });
    await tx.delete(colors).where(eq(colors.id, id));
    return before;
  });
}
