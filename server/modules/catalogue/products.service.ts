/**
 * Products as the storefront knows them: the rules, apart from how they are read fast (the read
 * model in read/, which the routes and server pages call through `catalogueReads`).
 * - A product on sale is one the back office has not archived (archived: deleted while in orders);
 *   no storefront answer ever shows another.
 * - Filters: category, subcategory, colour (any of the product's colours), occasion (any of the
 *   product's occasions, named by a slug of any language), a price band on the
 *   DISCOUNTED price (`min_price` inclusive, `max_price` exclusive), the featured flag, search words.
 * - Orders: the shop's own (`sort_order`, set in the back office), most sold first, price either way,
 *   newest first; `id` breaks ties, so pages never overlap.
 * - Related products: the same subcategory, then the same category, in stock first.
 * - The search index of a product (search-keys.ts) is rebuilt by every write of its texts
 *   (read/search-index.ts `refreshSearchText`), which also tells the read model's caches.
 * Prices and stock shown are the catalogue's; checkout checks them again on the server.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FeaturedQuery, ProductsQuery } from '../../../shared/schemas/catalogue.js';
import { toCents } from '../../../shared/money.js';
import type { DbOrTx } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import { AppError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';

export const productMessages = defineMessages({
  notFound: { fr: 'Produit introuvable.', en: 'Product not found.', ar: 'المنتج غير موجود.' },
  pastLastPage: {
    fr: 'Cette page n’existe pas : la dernière est la page {last}.',
    en: 'This page does not exist: the last page is {last}.',
    ar: 'هذه الصفحة غير موجودة: الصفحة الأخيرة هي {last}.',
  },
});

/** How many related products a product page shows. */
export const RELATED_LIMIT = 8;

// ---------------------------------------------------------------- filters and order

export interface ProductFilter {
  search?: string;
  categoryId?: number;
  subcategoryId?: number;
  colorId?: number;
  /** An occasion's slug in any language. */
  occasion?: string;
  minPrice?: number;
  maxPrice?: number;
  featured?: boolean;
}

/** The filter of a storefront list query. */
export function productFilterOf(q: ProductsQuery): ProductFilter {
  return {
    search: q.search,
    categoryId: q.category_id,
    subcategoryId: q.subcategory_id,
    colorId: q.color_id,
    occasion: q.occasion,
    minPrice: q.min_price,
    maxPrice: q.max_price,
    featured: q.featured,
  };
}

/** The featured products: a list of those flagged, in the shop's order. */
export const featuredQuery = (q: FeaturedQuery): ProductsQuery => ({ page: q.page, per_page: q.per_page, featured: true });

/**
 * The conditions on `products p` of a filter's fields other than search words, with what identifies
 * the filter (`key`: a short name and the value of each field set, in a fixed order), which the read
 * model's caches use.
 */
export function filterConditions(f: ProductFilter): { conditions: SQL[]; key: (string | number | boolean)[] } {
  // Products the back office archived (deleted while in orders) are never shown.
  const parts: SQL[] = [sql`p.archived_at is null`];
  const key: (string | number | boolean)[] = [];
  if (f.categoryId !== undefined) {
    parts.push(sql`p.category_id = ${f.categoryId}`);
    key.push('c', f.categoryId);
  }
  if (f.subcategoryId !== undefined) {
    parts.push(sql`p.subcategory_id = ${f.subcategoryId}`);
    key.push('s', f.subcategoryId);
  }
  if (f.colorId !== undefined) {
    parts.push(sql`exists (select 1 from product_colors pc where pc.product_id = p.id and pc.color_id = ${f.colorId})`);
    key.push('k', f.colorId);
  }
  if (f.occasion !== undefined) {
    // The slug is looked up once (an InitPlan on the slugs' unique indexes), then each product is a
    // look-up in product_occasions' primary key; an unknown slug lists nothing.
    const slug = f.occasion;
    parts.push(
      sql`exists (select 1 from product_occasions po where po.product_id = p.id and po.occasion_id =
            (select o.id from occasions o where o.slug_fr = ${slug} or o.slug_en = ${slug} or o.slug_ar = ${slug} limit 1))`,
    );
    key.push('o', slug);
  }
  if (f.minPrice !== undefined) {
    parts.push(sql`p.final_price_cents >= ${toCents(f.minPrice)}`);
    key.push('min', toCents(f.minPrice));
  }
  if (f.maxPrice !== undefined) {
    parts.push(sql`p.final_price_cents < ${toCents(f.maxPrice)}`);
    key.push('max', toCents(f.maxPrice));
  }
  if (f.featured !== undefined) {
    parts.push(f.featured ? sql`p.is_featured` : sql`not p.is_featured`);
    key.push('f', f.featured);
  }
  return { conditions: parts, key };
}

/** Each order has a matching index (schema.ts); `id` breaks ties so pages never overlap. */
export function productOrder(sort: ProductsQuery['sort'], rank: SQL | null): SQL {
  switch (sort) {
    case 'popular':
      return sql`p.popularity desc, p.id desc`;
    case 'price_asc':
      return sql`p.final_price_cents asc, p.id asc`;
    case 'price_desc':
      return sql`p.final_price_cents desc, p.id desc`;
    case 'newest':
      return sql`p.created_at desc, p.id desc`;
    default:
      return rank ? sql`${rank} desc, p.sort_order asc, p.id asc` : sql`p.sort_order asc, p.id asc`;
  }
}

/** The sort key of each order, and whether it runs downwards (`id` goes the same way). */
export const ORDER_KEYS: Record<NonNullable<ProductsQuery['sort']> | 'default', { key: SQL; desc: boolean }> = {
  default: { key: sql`p.sort_order`, desc: false },
  popular: { key: sql`p.popularity`, desc: true },
  price_asc: { key: sql`p.final_price_cents`, desc: false },
  price_desc: { key: sql`p.final_price_cents`, desc: true },
  newest: { key: sql`p.created_at`, desc: true },
};

// ---------------------------------------------------------------- related products

/**
 * Up to RELATED_LIMIT products of the same subcategory, then of the same category, in stock first, in
 * the shop's order; never the product itself (404 when it is unknown). Each step walks an index and
 * stops at the limit, so it stays cheap.
 */
export async function relatedProductIds(db: DbOrTx, id: number): Promise<number[]> {
  const [self] = await sqlRows<{ category_id: number; subcategory_id: number | null }>(
    db,
    sql`select category_id, subcategory_id from products where id = ${id}`,
  );
  if (!self) throw new AppError(404, productMessages.notFound);
  const picked: number[] = [];
  const steps: SQL[] = [];
  const inSub = self.subcategory_id === null ? undefined : sql`p.subcategory_id = ${self.subcategory_id}`;
  const inCategoryOnly =
    self.subcategory_id === null
      ? sql`p.category_id = ${self.category_id}`
      : sql`p.category_id = ${self.category_id} and p.subcategory_id is distinct from ${self.subcategory_id}`;
  for (const stock of [sql`p.stock > 0`, sql`p.stock = 0`]) {
    if (inSub) steps.push(sql`${inSub} and ${stock}`);
    steps.push(sql`${inCategoryOnly} and ${stock}`);
  }
  for (const step of steps) {
    if (picked.length >= RELATED_LIMIT) break;
    const exclude = `{${[id, ...picked].join(',')}}`;
    const found = await sqlRows<{ id: number }>(
      db,
      sql`select p.id from products p where ${step} and p.archived_at is null and p.id <> all(${exclude}::int[])
          order by p.sort_order, p.id limit ${RELATED_LIMIT - picked.length}`,
    );
    picked.push(...found.map((r) => Number(r.id)));
  }
  return picked;
}

// ---------------------------------------------------------------- extras

/** How many extras the product page and the cart offer at most. */
export const EXTRAS_LIMIT = 12;

/** The extras on sale with stock (vase, chocolates…), in the shop's order. */
export async function extraProductIds(db: DbOrTx): Promise<number[]> {
  const found = await sqlRows<{ id: number }>(
    db,
    sql`select p.id from products p where p.is_extra and p.stock > 0 and p.archived_at is null
        order by p.sort_order, p.id limit ${EXTRAS_LIMIT}`,
  );
  return found.map((r) => Number(r.id));
}
