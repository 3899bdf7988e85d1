/**
 * Categories, subcategories and colours in the reader's language: the translation of the locale when
 * there is one, the base text otherwise. Each list is one query with a left join.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.js';
import type { Category, Color, Subcategory } from '../../../shared/schemas/catalogue.js';
import type { DbOrTx } from '../../db/client.js';
import { categories, categoryTranslations, colors, colorTranslations, subcategories, subcategoryTranslations } from '../../db/schema.js';

export async function listCategories(db: DbOrTx, locale: Locale): Promise<Category[]> {
  return db
    .select({
      id: categories.id,
      name: sql<string>`coalesce(${categoryTranslations.name}, ${categories.name})`,
      description: sql<string>`coalesce(${categoryTranslations.description}, ${categories.description})`,
      image_path: categories.imagePath,
    })
    .from(categories)
    .leftJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

export async function listSubcategories(
  db: DbOrTx,
  locale: Locale,
  filter: { id?: number; categoryId?: number; activeOnly?: boolean } = {},
): Promise<Subcategory[]> {
  const conditions = [
    filter.id !== undefined ? eq(subcategories.id, filter.id) : undefined,
    filter.categoryId !== undefined ? eq(subcategories.categoryId, filter.categoryId) : undefined,
    filter.activeOnly ? eq(subcategories.isActive, true) : undefined,
  ].filter((c) => c !== undefined);
  return db
    .select({
      id: subcategories.id,
      name: sql<string>`coalesce(${subcategoryTranslations.name}, ${subcategories.name})`,
      description: sql<string>`coalesce(${subcategoryTranslations.description}, ${subcategories.description})`,
      category_id: subcategories.categoryId,
      is_active: subcategories.isActive,
      image_path: subcategories.imagePath,
    })
    .from(subcategories)
    .leftJoin(
      subcategoryTranslations,
      and(eq(subcategoryTranslations.subcategoryId, subcategories.id), eq(subcategoryTranslations.locale, locale)),
    )
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(subcategories.categoryId), asc(subcategories.sortOrder), asc(subcategories.id));
}

export async function listColors(db: DbOrTx, locale: Locale, opts: { activeOnly?: boolean } = {}): Promise<Color[]> {
  return db
    .select({
      id: colors.id,
      name: sql<string>`coalesce(${colorTranslations.name}, ${colors.name})`,
      hex_code: colors.hexCode,
    })
    .from(colors)
    .leftJoin(colorTranslations, and(eq(colorTranslations.colorId, colors.id), eq(colorTranslations.locale, locale)))
    .where(opts.activeOnly ? eq(colors.isActive, true) : undefined)
    .orderBy(asc(colors.sortOrder), asc(colors.id));
}
