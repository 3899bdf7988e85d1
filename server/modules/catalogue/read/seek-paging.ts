/**
 * Seek paging: a deep page of a list without search words costs a short walk of an index whatever
 * its number. The (sort key, id) of every stride-th product of a filter in an order (its anchors) are
 * read in one pass and kept with the filter's total (cache.ts); a page then starts from the anchor
 * before it and skips fewer than a stride of the filter's products, instead of an OFFSET that grows
 * with the page number.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ProductsQuery } from '../../../../shared/schemas/catalogue.js';
import type { DbOrTx } from '../../../db/client.js';
import { ORDER_KEYS, productOrder } from '../products.service.js';
import { anchorsFor, viaShared, type Anchor } from './cache.js';
import { shapeRows, whereOf } from './list-filter.js';
import { countProducts } from './totals.js';
import type { Where } from './where.js';

/**
 * Products of a filter between two anchors, at most: a dense filter (a category, a colour: a quarter
 * of the shop or more) skips fewer than this many with OFFSET. Small, since with a colour filter each
 * row walked is a look-up in product_colors (a skip of 500 such rows took 3 ms); the anchors cost one
 * pass over the filter whatever the stride, and at 100,000 products every filter and order together
 * keep about 60,000 of them (a few MB).
 */
export const ANCHOR_STRIDE = 100;
/** The stride of the sparsest filters: no filter keeps more than a 20th of its products as anchors. */
export const MIN_ANCHOR_STRIDE = 20;
/**
 * Rows of the order's index a page walks past between two anchors, about. The walk visits the shop's
 * products in the order's index and keeps the filter's: an occasion that holds 7.5 % of the shop
 * walked 940 rows for the 70 products to a page's end where a colour, at 25 %, walked 280
 * (`EXPLAIN ANALYZE` at 100,000 products). The stride of a filter is its products among this many
 * rows (its share of the shop's products times this), so a sparse filter keeps anchors closer
 * together and walks as few rows as a dense one.
 */
const ROWS_PER_STRIDE = 400;

/** Every product on sale: its total is the shop's size, which a filter's share is measured against. */
const EVERY_PRODUCT = whereOf({});

/** The anchors' stride of a filter of `total` products in a shop of `all` on sale. */
export function strideOf(total: number, all: number): number {
  if (all <= 0) return ANCHOR_STRIDE;
  return Math.min(ANCHOR_STRIDE, Math.max(MIN_ANCHOR_STRIDE, Math.floor((ROWS_PER_STRIDE * total) / all)));
}

/**
 * The (sort key, id) of every `stride`-th product of a filter in an order, read in one pass and kept
 * with the filter's total (cleared by catalogue writes; for "popular", by orders too). A deep page
 * then starts from the anchor before it, a seek on the order's index, and skips fewer than `stride`
 * of the filter's products, instead of an OFFSET that grows with the page number. The stride is part
 * of the key: anchors are only ever read with the stride they were taken at.
 */
export function anchorsOf(db: DbOrTx, where: Where, sort: ProductsQuery['sort'], stride: number): Promise<Anchor[]> {
  const { key } = ORDER_KEYS[sort ?? 'default'];
  // The densest filters' key names no stride: the one anchors were kept under before strides varied.
  const cacheKey = `${where.key}|${sort ?? ''}${stride === ANCHOR_STRIDE ? '' : `|${stride}`}`;
  return anchorsFor(db, sort).get(cacheKey, () =>
    viaShared(db, 'a', cacheKey, sort === 'popular', async () => {
      const found = await shapeRows<{ key: string; id: number }>(
        db,
        where,
        sql`select k::text as key, id from (
            select ${key} as k, p.id, row_number() over (order by ${productOrder(sort, null)}) - 1 as n
            from products p where ${where.clause}) t
          where n % ${stride} = 0 and n > 0 order by n`,
      );
      // As text, so a timestamp keeps its microseconds; PostgreSQL reads it back as the key's type.
      return found.map((r) => ({ key: r.key, id: Number(r.id) }));
    }),
  );
}

/**
 * The statement that picks a page of a filter without search words, each product's `id` with its
 * place `n`: a seek on the shop's order from the nearest anchor (a short walk of an index whatever
 * the page), bounded by the first anchor past the page's end. readPage joins the cards to it.
 * `total` is the filter's count: with the shop's, it gives the filter's stride (strideOf).
 */
export async function seekPage(
  db: DbOrTx,
  where: Where,
  sort: ProductsQuery['sort'],
  limit: number,
  offset: number,
  total: number,
): Promise<SQL> {
  const order = productOrder(sort, null);
  let from = sql``;
  let skip = offset;
  // No filter keeps anchors closer than MIN_ANCHOR_STRIDE: a page before it needs no shop size.
  const stride = offset < MIN_ANCHOR_STRIDE ? ANCHOR_STRIDE : strideOf(total, await countProducts(db, EVERY_PRODUCT));
  if (offset >= stride) {
    const anchors = await anchorsOf(db, where, sort, stride);
    // anchors[i] is the filter's product number (i + 1) * stride in the order.
    const before = Math.floor(offset / stride);
    const anchor = anchors[before - 1];
    if (anchor) {
      const { key, desc } = ORDER_KEYS[sort ?? 'default'];
      from = desc ? sql` and (${key}, p.id) <= (${anchor.key}, ${anchor.id})` : sql` and (${key}, p.id) >= (${anchor.key}, ${anchor.id})`;
      // The page ends before the first anchor past its last product: bounded both ways, the range is
      // small in the planner's eyes too, which then looks up each row's colour instead of hashing all
      // of a colour's products (11 ms against 0.5 ms measured for a category and a colour).
      const end = anchors[Math.ceil((offset + limit) / stride) - 1];
      if (end)
        from = desc ? sql`${from} and (${key}, p.id) > (${end.key}, ${end.id})` : sql`${from} and (${key}, p.id) < (${end.key}, ${end.id})`;
      skip = offset - before * stride;
    }
  }
  return sql`select p.id, row_number() over (order by ${order}) as n from products p where ${where.clause}${from}
             order by ${order} limit ${limit} offset ${skip}`;
}
