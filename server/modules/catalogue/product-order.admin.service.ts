/**
 * Back office: the shop's own product order (the storefront's default sort is `sort_order, id`).
 * The reorder screen saves the whole list at once; a swap moves one product to a position, trading
 * places with the product there. Positions are always 1..n over the products on sale, and one save
 * runs at a time (an advisory lock), so two admins saving at once cannot interleave their numbering.
 * The storefront's caches are cleared after the write by read/cache-invalidation.ts.
 */
import { sql } from 'drizzle-orm';
import type { ReorderItem } from '../../../shared/schemas/catalogue-admin.js';
import { fromCents } from '../../../shared/money.js';
import type { DbOrTx } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import { AppError } from '../../lib/errors.js';
import { imageUrl } from '../../lib/images.js';
import { catalogueAdminMessages as m } from './catalogue-admin.messages.js';

/** Every product on sale in the shop's order, with its name in `locale` and its smallest picture. */
export async function listProductOrder(db: DbOrTx, locale: string): Promise<ReorderItem[]> {
  const found = await sqlRows<{
    id: number;
    name: string;
    sort_order: number;
    price_cents: number;
    stock: number;
    image: { key: string; widths: number[] } | string | null;
  }>(
    db,
    sql`select p.id, coalesce(pt.name, p.name) as name, p.sort_order, p.price_cents, p.stock,
          (select json_build_object('key', i.key, 'widths', i.widths) from product_images i
            where i.product_id = p.id order by i.sort_order, i.id limit 1) as image
        from products p left join product_translations pt on pt.product_id = p.id and pt.locale = ${locale}
        where p.archived_at is null order by p.sort_order, p.id`,
  );
  return found.map((r) => {
    const image = typeof r.image === 'string' ? (JSON.parse(r.image) as { key: string; widths: number[] }) : r.image;
    return {
      id: Number(r.id),
      name: r.name,
      sort_order: r.sort_order,
      price: fromCents(r.price_cents),
      stock: r.stock,
      image_path: image ? imageUrl(image.key, Math.min(...image.widths)) : null,
    };
  });
}

/** Numbers every product on sale 1..n: the placed ones at their positions, the others after ties. */
async function renumber(tx: DbOrTx, placed: { id: number; sort_order: number }[]): Promise<void> {
  const ids = `{${placed.map((p) => p.id).join(',')}}`;
  const positions = `{${placed.map((p) => p.sort_order).join(',')}}`;
  await tx.execute(sql`
    with given as (select * from unnest(${ids}::int[], ${positions}::int[]) as g(id, pos)),
    ranked as (
      select p.id, row_number() over (order by coalesce(g.pos, p.sort_order), (g.id is null), p.id)::int as rn
      from products p left join given g on g.id = p.id where p.archived_at is null
    )
    update products p set sort_order = r.rn from ranked r where r.id = p.id and p.sort_order <> r.rn`);
}

/** Saves the shop's order: the placed products at their positions, the others after ties (409 for an unknown product). */
export async function saveProductOrder(db: DbOrTx, placed: { id: number; sort_order: number }[]): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = `{${placed.map((p) => p.id).join(',')}}`;
    const [row] = await sqlRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from products where id = any(${ids}::int[]) and archived_at is null`,
    );
    if (Number(row?.n) !== new Set(placed.map((p) => p.id)).size) throw new AppError(409, m.reorderUnknown);
    // One save at a time: two admins saving at once cannot interleave their numbering.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('products.sort_order'))`);
    await renumber(tx, placed);
  });
}

/** Moves product `id` to position `target`, trading places with the product there (404 for an unknown product). */
export async function swapProductPosition(db: DbOrTx, id: number, target: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('products.sort_order'))`);
    const [self] = await sqlRows<{ sort_order: number }>(tx, sql`select sort_order from products where id = ${id} and archived_at is null`);
    if (!self) throw new AppError(404, m.productNotFound);
    const [other] = await sqlRows<{ id: number }>(
      tx,
      sql`select id from products where sort_order = ${target} and archived_at is null and id <> ${id} order by id limit 1`,
    );
    const placed = [{ id, sort_order: target }];
    if (other) placed.push({ id: Number(other.id), sort_order: self.sort_order });
    await renumber(tx, placed);
  });
}
