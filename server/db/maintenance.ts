/**
 * Keeps index-only scans index-only after a table rewrite. The storefront's lists, counts and seek
 * anchors read only their order's index, which needs the table's visibility map; a rewrite
 * (CLUSTER in a migration, a bulk load) leaves the map empty until autovacuum happens to come, and
 * until then every index entry costs a visit of the table (a list page of the 100,000-product
 * benchmark went from milliseconds to hundreds of them). VACUUM cannot run in a migration's
 * transaction, so the server runs it at start, only for a large table whose map is mostly empty.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { sqlRows } from './sql-rows.js';

/** Pages below which a table is read whole anyway. */
const MIN_PAGES = 1000;

export async function vacuumIfMapEmpty(db: DbOrTx, tables: readonly string[], log: (msg: string) => void): Promise<string[]> {
  const found = await sqlRows<{ relname: string; relpages: number; relallvisible: number }>(
    db,
    sql`select relname, relpages, relallvisible from pg_class
        where relkind = 'r' and relnamespace = 'public'::regnamespace and relname = any(${`{${tables.join(',')}}`}::text[])`,
  );
  const done: string[] = [];
  for (const t of found) {
    if (t.relpages < MIN_PAGES || t.relallvisible >= t.relpages / 2) continue;
    const started = Date.now();
    // Names come from the caller's fixed list and pg_class, never from a request.
    await db.execute(sql.raw(`vacuum (analyze) "${t.relname.replace(/"/g, '""')}"`));
    log(`Vacuumed ${t.relname} (visibility map ${t.relallvisible}/${t.relpages} pages) in ${Date.now() - started} ms.`);
    done.push(t.relname);
  }
  return done;
}
