/**
 * Products as the storefront knows them: the rules, apart from how they are read fast (the read
 * model in read/, which the routes and server pages call through `catalogueReads`).
 * - A product on sale is one the back office has not archived (archived: deleted while in orders);
 *   no storefront answer ever shows another.
 * - Filters: category, subcategory, colour (any of the product's colours), a price band on the
 *   DISCOUNTED price (`min_price` inclusive, `max_price` exclusive), the featured flag, search words.
 * - Orders: the shop's own (`sort_order`, set in the back office), most sold first, price either way,
 *   newest first; `id` breaks ties, so pages never overlap.
 * - Related products: the same subcategory, then the same category, in stock first.
 * - The search index of a product (search-keys.ts) is rebuilt by every write of its texts, and the
 *   read model's caches are told (`invalidateCatalogueCache`).
 * Prices and stock shown are the catalogue's; checkout checks them again on the server.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FeaturedQuery, ProductsQuery } from '../../../shared/schemas/catalogue.js';
import { toCents } from '../../../shared/money.js';
import type { DbOrTx } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import { AppError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';
import { invalidateCatalogueCache } from './read/cache.js';
import { productSearchIndex, SEARCH_INDEX_VERSION } from './search-keys.js';

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

// ---------------------------------------------------------------- search index upkeep

/**
 * Rebuilds the search columns of the given products (`search_text` and the keys of search-keys.ts,
 * from the base row and every translation) in one statement. Writers of products and product
 * translations call it after their change, inside their transaction if they have one.
 */
export async function refreshSearchText(db: DbOrTx, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await reindexProducts(db, `{${productIds.map((id) => Math.trunc(id)).join(',')}}`);
  invalidateCatalogueCache(db);
}

async function reindexProducts(db: DbOrTx, idArray: string): Promise<number> {
  const found = await sqlRows<{ id: number; names: string[]; tags: string[]; descriptions: string[] }>(
    db,
    sql`select p.id,
          array[p.name] || coalesce(array_agg(t.name) filter (where t.name is not null), '{}') as names,
          array[p.tags] || coalesce(array_agg(t.tags) filter (where t.tags is not null), '{}') as tags,
          array[p.description] || coalesce(array_agg(t.description) filter (where t.description is not null), '{}') as descriptions
        from products p left join product_translations t on t.product_id = p.id
        where p.id = any(${idArray}::int[]) group by p.id`,
  );
  if (found.length === 0) return 0;
  const indexed = found.map((r) => ({ id: Number(r.id), ...productSearchIndex(r) }));
  const records = sql`jsonb_to_recordset(${JSON.stringify(indexed)}::jsonb) as x(id int, text text, keys text[], "nameKeys" text[], fuzzy text[])`;
  // The back office's substring search reads products.search_text; the storefront's, product_search.
  await db.execute(sql`update products p set search_text = x.text from ${records} where p.id = x.id and p.search_text is distinct from x.text`);
  await db.execute(sql`
    insert into product_search (product_id, search_text, search_keys, name_keys, search_fuzzy, version)
    select x.id, x.text, x.keys, x."nameKeys", x.fuzzy, ${SEARCH_INDEX_VERSION} from ${records}
    on conflict (product_id) do update set search_text = excluded.search_text, search_keys = excluded.search_keys,
      name_keys = excluded.name_keys, search_fuzzy = excluded.search_fuzzy, version = excluded.version`);
  return found.length;
}

/**
 * Re-indexes products whose search columns an older version of the code wrote (or that a bulk load
 * inserted without them), in batches; the server runs it at start. Returns how many it did.
 */
export async function reindexStaleProducts(db: DbOrTx, batchSize = 1000): Promise<number> {
  let done = 0;
  for (;;) {
    const stale = await sqlRows<{ id: number }>(
      db,
      // Two ranges rather than <>, so the version index answers at once when nothing is stale; and
      // products without a search row (a bulk load), an anti-join of two primary keys.
      sql`(select product_id as id from product_search where version < ${SEARCH_INDEX_VERSION} or version > ${SEARCH_INDEX_VERSION} limit ${batchSize})
          union all
          (select p.id from products p where not exists (select 1 from product_search s where s.product_id = p.id) limit ${batchSize})
          limit ${batchSize}`,
    );
    if (stale.length === 0) break;
    done += await reindexProducts(db, `{${stale.map((r) => Number(r.id)).join(',')}}`);
  }
  if (done > 0) invalidateCatalogueCache(db);
  return done;
}

