/**
 * The search index's upkeep: the search columns of products (`products.search_text` for the back
 * office's substring search, the `product_search` row of search-keys.ts for the storefront's) rebuilt
 * from the base row and every translation, and the read model's caches told. The read model owns the
 * index it reads (search.ts); product writers call `refreshSearchText` after their change.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sqlRows } from '../../../db/sql-rows.js';
import { productSearchIndex, SEARCH_INDEX_VERSION } from '../search-keys.js';
import { invalidateCatalogueCache } from './cache.js';

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
  await db.execute(
    sql`update products p set search_text = x.text from ${records} where p.id = x.id and p.search_text is distinct from x.text`,
  );
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
