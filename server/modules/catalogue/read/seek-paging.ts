/**
 * Seek paging: a deep page of a list without search words costs a short walk of an index whatever
 * its number. The (sort key, id) of every ANCHOR_STRIDE-th product of a filter in an order (its
 * anchors) are read in one pass and kept with the filter's total (cache.ts); a page then starts from
 * the anchor before it and skips fewer than ANCHOR_STRIDE rows, instead of an OFFSET that grows with
 * the page number.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZES } from '../../../../shared/constants.js';
import type { ProductsQuery } from '../../../../shared/schemas/catalogue.js';
import type { DbOrTx } from '../../../db/client.js';
import { ORDER_KEYS, productOrder } from '../products.service.js';
import { anchorsFor, viaShared, type Anchor } from './cache.js';
import { shapeRows } from './list-filter.js';
import type { Where } from './where.js';

/**
 * Rows between two anchors: a page never walks more than this many rows with OFFSET. Small, since with
 * a colour filter each row walked is a look-up in product_colors (a skip of 500 such rows took 3 ms);
 * the anchors cost one pass over the filter whatever the stride, and at 100,000 products every filter
 * and order together keep about 60,000 of them (a few MB). At least the largest `per_page`, so a page
 * never spans more than two strides.
 */
export const ANCHOR_STRIDE = Math.max(100, PAGE_SIZES.max);

/**
 * The (sort key, id) of every ANCHOR_STRIDE-th product of a filter in an order, read in one pass and
 * kept with the filter's total (cleared by catalogue writes; for "popular", by orders too). A deep
 * page then starts from the anchor before it, a seek on the order's index, and skips fewer than
 * ANCHOR_STRIDE rows, instead of an OFFSET that grows with the page number.
 */
export function anchorsOf(db: DbOrTx, where: Where, sort: ProductsQuery['sort']): Promise<Anchor[]> {
  const { key } = ORDER_KEYS[sort ?? 'default'];
  const cacheKey = `${where.key}|${sort ?? ''}`;
  return anchorsFor(db, sort).get(cacheKey, () =>
    viaShared(db, 'a', cacheKey, sort === 'popular', async () => {
      const found = await shapeRows<{ key: string; id: number }>(
        db,
        where,
        sql`select k::text as key, id from (
            select ${key} as k, p.id, row_number() over (order by ${productOrder(sort, null)}) - 1 as n
            from products p where ${where.clause}) t
          where n % ${ANCHOR_STRIDE} = 0 and n > 0 order by n`,
      );
      // As text, so a timestamp keeps its microseconds; PostgreSQL reads it back as the key's type.
      return found.map((r) => ({ key: r.key, id: Number(r.id) }));
    }),
  );
}

/**
 * The statement that picks a page of a filter without search words, each product's `id` with its
 * place `n`: a seek on the shop's order from the nearest anchor (a short walk of an index whatever
 * the page), bounded by the anchor two strides on. readPage joins the cards to it.
 */
export async function seekPage(db: DbOrTx, where: Where, sort: ProductsQuery['sort'], limit: number, offset: number): Promise<SQL> {
  const order = productOrder(sort, null);
  let from = sql``;
  let skip = offset;
  if (offset >= ANCHOR_STRIDE) {
    const anchors = await anchorsOf(db, where, sort);
    const stride = Math.floor(offset / ANCHOR_STRIDE);
    const anchor = anchors[stride - 1];
    if (anchor) {
      const { key, desc } = ORDER_KEYS[sort ?? 'default'];
      from = desc ? sql` and (${key}, p.id) <= (${anchor.key}, ${anchor.id})` : sql` and (${key}, p.id) >= (${anchor.key}, ${anchor.id})`;
      // The page ends before the anchor two strides on: bounded both ways, the range is small in the
      // planner's eyes too, which then looks up each row's colour instead of hashing all of a
      // colour's products (11 ms against 0.5 ms measured for a category and a colour).
      const end = anchors[stride + 1];
      if (end)
        from = desc ? sql`${from} and (${key}, p.id) > (${end.key}, ${end.id})` : sql`${from} and (${key}, p.id) < (${end.key}, ${end.id})`;
      skip = offset % ANCHOR_STRIDE;
    }
  }
  return sql`select p.id, row_number() over (order by ${order}) as n from products p where ${where.clause}${from}
             order by ${order} limit ${limit} offset ${skip}`;
}
