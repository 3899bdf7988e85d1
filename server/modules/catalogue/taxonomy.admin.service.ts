/**
 * The back office's categories and subcategories: lists (search over name and description in every
 * language, paged in SQL) with product counts, one row with its translations for the forms, and the
 * writes. A category or subcategory that still has products is not deleted (409 with the count).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import type {
  AdminCategory,
  AdminCategoryRow,
  AdminListQuery,
  AdminSubcategory,
  AdminSubcategoryRow,
  CategoryForm,
  SubcategoryForm,
} from '../../../shared/schemas/catalogue-admin.js';
import { pageMeta, type PageMeta } from '../../../shared/schemas/common.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { categories, products, subcategories } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { catalogueAdminMessages as m } from './catalogue-admin.messages.js';
import { fieldError, found, readTranslations, saveTranslations } from './admin-forms.js';
import { sqlRows } from '../../db/sql-rows.js';

const likeOf = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function textMatch(alias: 'c' | 's', search: string | undefined): SQL {
  if (!search) return sql`true`;
  const like = likeOf(search);
  const table =
    alias === 'c' ? sql`category_translations t where t.category_id = c.id` : sql`subcategory_translations t where t.subcategory_id = s.id`;
  const self = sql.raw(alias);
  return sql`(lower(${self}.name) like ${like} or lower(${self}.description) like ${like}
    or exists (select 1 from ${table} and (lower(t.name) like ${like} or lower(coalesce(t.description, '')) like ${like})))`;
}

const subcategorySelect = (locale: Locale) => sql`
  select s.id, coalesce(st.name, s.name) as name, coalesce(st.description, s.description) as description,
    s.category_id, coalesce(ct.name, c.name) as category_name, s.is_active,
    (select count(*)::int from products p where p.subcategory_id = s.id and p.archived_at is null) as products_count
  from subcategories s
  join categories c on c.id = s.category_id
  left join category_translations ct on ct.category_id = c.id and ct.locale = ${locale}
  left join subcategory_translations st on st.subcategory_id = s.id and st.locale = ${locale}`;

const toSubRow = (r: AdminSubcategoryRow): AdminSubcategoryRow => ({
  ...r,
  id: Number(r.id),
  category_id: Number(r.category_id),
  products_count: Number(r.products_count),
});

/**
 * Categories with their subcategories (the back office's combined table). A category matches the search
 * by its own texts or by one of its subcategories; the subcategories shown are all of its own.
 */
export async function listAdminCategories(
  db: DbOrTx,
  locale: Locale,
  q: AdminListQuery,
): Promise<{ data: AdminCategoryRow[]; meta: PageMeta }> {
  const where = q.search
    ? sql`(${textMatch('c', q.search)} or exists (select 1 from subcategories s where s.category_id = c.id and ${textMatch('s', q.search)}))`
    : sql`true`;
  const [count] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from categories c where ${where}`);
  const rows = await sqlRows<Omit<AdminCategoryRow, 'subcategories'>>(
    db,
    sql`select c.id, coalesce(ct.name, c.name) as name, coalesce(ct.description, c.description) as description, c.image_path,
          (select count(*)::int from products p where p.category_id = c.id and p.archived_at is null) as products_count
        from categories c left join category_translations ct on ct.category_id = c.id and ct.locale = ${locale}
        where ${where} order by c.sort_order, c.id limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
  );
  const ids = `{${rows.map((r) => Number(r.id)).join(',')}}`;
  const subs = rows.length
    ? (
        await sqlRows<AdminSubcategoryRow>(
          db,
          sql`${subcategorySelect(locale)} where s.category_id = any(${ids}::int[]) order by s.sort_order, s.id`,
        )
      ).map(toSubRow)
    : [];
  return {
    data: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      products_count: Number(r.products_count),
      subcategories: subs.filter((s) => s.category_id === Number(r.id)),
    })),
    meta: pageMeta(q.page, q.per_page, Number(count?.n ?? 0)),
  };
}

export async function listAdminSubcategories(
  db: DbOrTx,
  locale: Locale,
  q: AdminListQuery,
): Promise<{ data: AdminSubcategoryRow[]; meta: PageMeta }> {
  const where = sql`${textMatch('s', q.search)} and ${q.category_id === undefined ? sql`true` : sql`s.category_id = ${q.category_id}`}`;
  const [count] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from subcategories s where ${where}`);
  const rows = await sqlRows<AdminSubcategoryRow>(
    db,
    sql`${subcategorySelect(locale)} where ${where} order by c.sort_order, s.category_id, s.sort_order, s.id
        limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
  );
  return { data: rows.map(toSubRow), meta: pageMeta(q.page, q.per_page, Number(count?.n ?? 0)) };
}

const taxonomyText = (texts: Map<string, Record<string, string | null>>, locale: 'en' | 'ar') => ({
  name: texts.get(locale)?.name ?? '',
  description: texts.get(locale)?.description ?? '',
});

export async function getAdminCategory(db: DbOrTx, id: number): Promise<AdminCategory> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  const category = found(row, m.categoryNotFound);
  const texts = await readTranslations(db, 'category_translations', id);
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    image_path: category.imagePath,
    translations: { en: taxonomyText(texts, 'en'), ar: taxonomyText(texts, 'ar') },
  };
}

export async function getAdminSubcategory(db: DbOrTx, id: number): Promise<AdminSubcategory> {
  const [row] = await db.select().from(subcategories).where(eq(subcategories.id, id));
  const sub = found(row, m.subcategoryNotFound);
  const texts = await readTranslations(db, 'subcategory_translations', id);
  return {
    id: sub.id,
    name: sub.name,
    description: sub.description,
    category_id: sub.categoryId,
    is_active: sub.isActive,
    translations: { en: taxonomyText(texts, 'en'), ar: taxonomyText(texts, 'ar') },
  };
}

type TaxonomyForm = Pick<CategoryForm, 'name' | 'description' | 'name_en' | 'name_ar' | 'description_en' | 'description_ar'>;
const textsOf = (form: TaxonomyForm) => ({
  fr: { name: form.name, description: form.description },
  en: form.name_en ? { name: form.name_en, description: form.description_en ?? null } : undefined,
  ar: form.name_ar ? { name: form.name_ar, description: form.description_ar ?? null } : undefined,
});

/** Creates or updates a category; `imagePath` undefined keeps the current picture. */
export async function saveCategory(db: Db, id: number | null, form: CategoryForm, imagePath: string | null | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    const values = { name: form.name, description: form.description, ...(imagePath !== undefined ? { imagePath } : {}) };
    let categoryId: number;
    if (id === null) {
      const [row] = await tx
        .insert(categories)
        .values({ ...values, sortOrder: sql`(select coalesce(max(sort_order), 0) + 1 from categories)` })
        .returning({ id: categories.id });
      categoryId = row!.id;
    } else {
      const [row] = await tx
        .update(categories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(categories.id, id))
        .returning({ id: categories.id });
      categoryId = found(row, m.categoryNotFound).id;
    }
    await saveTranslations(tx, 'category_translations', categoryId, textsOf(form));
    return categoryId;
  });
}

/** Deletes a category and its subcategories, refused (409) while any product (archived ones too, kept for orders) is in it. */
export async function deleteCategory(db: Db, id: number): Promise<AdminCategory> {
  return db.transaction(async (tx) => {
    const before = await getAdminCategory(tx, id);
    await tx.execute(sql`select id from categories where id = ${id} for update`);
    const [row] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from products where category_id = ${id}`);
    const count = Number(row?.n ?? 0);
    if (count > 0) throw new AppError(409, m.categoryHasProducts, { count }, { products_count: count });
    await tx.delete(categories).where(eq(categories.id, id));
    return before;
  });
}

export async function saveSubcategory(db: Db, id: number | null, form: SubcategoryForm): Promise<number> {
  return db.transaction(async (tx) => {
    const [parent] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, form.category_id));
    if (!parent) throw fieldError('category_id', m.unknownCategory);
    const values = { name: form.name, description: form.description, categoryId: form.category_id, isActive: form.is_active };
    let subId: number;
    if (id === null) {
      const [row] = await tx
        .insert(subcategories)
        .values({
          ...values,
          sortOrder: sql`(select coalesce(max(sort_order), 0) + 1 from subcategories where category_id = ${form.category_id})`,
        })
        .returning({ id: subcategories.id });
      subId = row!.id;
    } else {
      const [row] = await tx
        .update(subcategories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(subcategories.id, id))
        .returning({ id: subcategories.id });
      subId = found(row, m.subcategoryNotFound).id;
      // Products follow their subcategory into its new category, so a product never sits in a
      // subcategory of another category.
      await tx
        .update(products)
        .set({ categoryId: form.category_id })
        .where(and(eq(products.subcategoryId, subId)));
    }
    await saveTranslations(tx, 'subcategory_translations', subId, textsOf(form));
    return subId;
  });
}

export async function deleteSubcategory(db: Db, id: number): Promise<AdminSubcategory> {
  return db.transaction(async (tx) => {
    const before = await getAdminSubcategory(tx, id);
    await tx.execute(sql`select id from subcategories where id = ${id} for update`);
    const [row] = await sqlRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from products where subcategory_id = ${id} and archived_at is null`,
    );
    const count = Number(row?.n ?? 0);
    if (count > 0) throw new AppError(409, m.subcategoryHasProducts, { count }, { products_count: count });
    await tx.delete(subcategories).where(eq(subcategories.id, id));
    return before;
  });
}
