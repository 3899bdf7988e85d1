/**
 * Back office reads: the orders list (search by id, e-mail, phone or name: order-search.ts; status; customized or regular;
 * newest or oldest; created between two shop-calendar days; 10 a page, all in SQL with the indexes of
 * schema.ts) and one order in full with today's stock of each product and who changed its status.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  PAGE_SIZES,
  SHOP_TIME_ZONE,
  type Locale,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import type { AdminOrderDetail, AdminOrderList, AdminOrderRow, AdminOrdersQuery } from '../../../shared/schemas/orders-admin.js';
import { pageMeta } from '../../../shared/schemas/common.js';
import type { DbOrTx } from '../../db/client.js';
import { orderItems, orders, orderStatusHistory, products, users } from '../../db/schema.js';
import { sqlRows } from '../../db/sql-rows.js';
import { AppError } from '../../lib/errors.js';
import { getOrderDetail, orderMessages } from './orders.service.js';
import { pickName } from './order-names.js';
import { orderSearchCondition } from './order-search.js';
import { splitTags } from '../../../shared/tags.js';

const rowColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  customerPhone: orders.customerPhone,
  totalCents: orders.totalCents,
  orderStatus: orders.orderStatus,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
  isCustomized: orders.isCustomized,
  userId: orders.userId,
  deliveryDate: orders.deliveryDate,
  deliveryCity: orders.deliveryCity,
  deliveryZoneNames: orders.deliveryZoneNames,
  source: orders.source,
  itemsCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from ${orderItems} oi where oi.order_id = "orders"."id")`,
};

type Row = Awaited<ReturnType<typeof selectRows>>[number];
const selectRows = (db: DbOrTx) => db.select(rowColumns).from(orders);

/** A row of the list, names in `lang` (the reader's language; without it, as the customer saw them). */
const toRow = (o: Row, lang?: Locale): AdminOrderRow => ({
  id: o.id,
  created_at: o.createdAt.toISOString(),
  customer_name: o.customerName,
  customer_email: o.customerEmail,
  customer_phone: o.customerPhone,
  total_amount: fromCents(o.totalCents),
  order_status: o.orderStatus as OrderStatus,
  payment_status: o.paymentStatus as PaymentStatus,
  payment_method: o.paymentMethod as PaymentMethod,
  is_customized: o.isCustomized,
  guest: o.userId === null,
  source: o.source as AdminOrderRow['source'],
  delivery_date: o.deliveryDate,
  delivery_city: lang ? pickName(o.deliveryZoneNames, lang, o.deliveryCity) : o.deliveryCity,
  items_count: Number(o.itemsCount),
});

/** Midnight of a shop-calendar day, as an instant. */
const shopMidnight = (day: string) => sql`(${day}::timestamp at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)})`;

export function orderFilters(q: Omit<AdminOrdersQuery, 'page' | 'sort'>): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  // Id, e-mail, phone in any format, or part of a name: order-search.ts.
  where.push(orderSearchCondition(q.search));
  if (q.status) where.push(eq(orders.orderStatus, q.status));
  if (q.type) where.push(eq(orders.isCustomized, q.type === 'customized'));
  if (q.from) where.push(gte(orders.createdAt, shopMidnight(q.from)));
  if (q.to) where.push(lt(orders.createdAt, sql`${shopMidnight(q.to)} + interval '1 day'`));
  if (q.delivery) where.push(eq(orders.deliveryDate, q.delivery));
  if (q.source) where.push(eq(orders.source, q.source));
  return and(...where);
}

export function orderSort(sort: AdminOrdersQuery['sort']) {
  return sort === 'oldest' ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)];
}

/** The filters the sales rollups can answer: status, type and shop days (not a search, nor a delivery day). */
const rollupAnswers = (q: Omit<AdminOrdersQuery, 'page' | 'sort'>) => !q.search?.trim() && !q.delivery && !q.source;

/** What a rollup row holds of a filter: its orders, of one type or both. */
const rollupCount = (q: Omit<AdminOrdersQuery, 'page' | 'sort'>) =>
  sql.raw(q.type === 'customized' ? 'r.customized_orders' : q.type === 'regular' ? '(r.orders - r.customized_orders)' : 'r.orders');

/** The rollup rows of a status/date filter: shop days when the filter has dates, else shop months. */
function rollupWhere(q: Omit<AdminOrdersQuery, 'page' | 'sort'>, grain: 'day' | 'month'): SQL {
  const key = sql.raw(grain === 'day' ? 'r.day' : 'r.month');
  const where: SQL[] = [sql`true`];
  if (q.status) where.push(sql`r.order_status = ${q.status}`);
  if (q.from) where.push(sql`${key} >= ${q.from}::date`);
  if (q.to) where.push(sql`${key} <= ${q.to}::date`);
  return sql.join(where, sql` and `);
}

/**
 * How many orders match: without a search, summed from the daily rollup (shop days) when the filter
 * has dates, else from the monthly one, which stays fast at a million orders; a search counts the
 * matching orders (trigram index).
 */
async function countOrders(db: DbOrTx, q: AdminOrdersQuery, where: SQL | undefined): Promise<number> {
  if (!rollupAnswers(q))
    return Number(
      (
        await db
          .select({ total: sql<number>`count(*)::int` })
          .from(orders)
          .where(where)
      )[0]!.total,
    );
  const grain = q.from || q.to ? 'day' : 'month';
  const table = sql.raw(grain === 'day' ? 'sales_daily' : 'sales_monthly');
  const [row] = await sqlRows<{ total: number | string }>(
    db,
    sql`select coalesce(sum(${rollupCount(q)}), 0)::bigint as total from ${table} r where ${rollupWhere(q, grain)}`,
  );
  return Number(row!.total);
}

/** Offsets below this are read with OFFSET on the sort's index; deeper ones seek first. */
export const SEEK_FROM_OFFSET = 1000;

/**
 * Where a deep page starts, for the filters the rollups answer (no search): the daily rollup,
 * summed in the list's order, names the shop day holding row `offset` and how many rows come before
 * that day; the page then seeks to the day's edge on the sort's index and skips fewer rows than a
 * day holds.
 * The anchors are the rollup itself, kept exact by the order triggers: nothing to cache or go stale.
 */
async function seekStart(db: DbOrTx, q: AdminOrdersQuery, offset: number): Promise<{ bound: SQL; skip: number } | null> {
  if (offset < SEEK_FROM_OFFSET || !rollupAnswers(q)) return null;
  const dir = sql.raw(q.sort === 'oldest' ? 'asc' : 'desc');
  const [hit] = await sqlRows<{ day: string; before: number | string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, cum - n as before from (
          select r.day, sum(${rollupCount(q)}) as n, sum(sum(${rollupCount(q)})) over (order by r.day ${dir}) as cum
          from sales_daily r where ${rollupWhere(q, 'day')} group by r.day) t
        where cum > ${offset} order by day ${dir} limit 1`,
  );
  if (!hit) return null;
  const bound =
    q.sort === 'oldest'
      ? gte(orders.createdAt, shopMidnight(hit.day))
      : lt(orders.createdAt, sql`${shopMidnight(hit.day)} + interval '1 day'`);
  return { bound, skip: offset - Number(hit.before) };
}

/**
 * One page of the list: the page's ids first (an index-only walk of the sort's index, seeking for
 * deep pages), then those ten rows with their item counts, so nothing is computed for skipped rows.
 */
export async function listOrdersForAdmin(db: DbOrTx, q: AdminOrdersQuery, lang?: Locale): Promise<AdminOrderList> {
  const perPage = PAGE_SIZES.admin.orders;
  const where = orderFilters(q);
  const offset = (q.page - 1) * perPage;
  const pageRows = async () => {
    const seek = await seekStart(db, q, offset);
    const ids = db
      .select({ id: orders.id })
      .from(orders)
      .where(seek ? and(where, seek.bound) : where)
      .orderBy(...orderSort(q.sort))
      .limit(perPage)
      .offset(seek ? seek.skip : offset);
    return selectRows(db)
      .where(inArray(orders.id, ids))
      .orderBy(...orderSort(q.sort));
  };
  const [rows, total] = await Promise.all([pageRows(), countOrders(db, q, where)]);
  const data = rows.map((r) => toRow(r, lang));
  return { data, meta: pageMeta(q.page, perPage, total), orders: data };
}

/** Every row matching the filters (for the CSV export), in the list's order, in batches that seek past the last row. */
export async function* allOrdersForAdmin(db: DbOrTx, q: Omit<AdminOrdersQuery, 'page'>, lang?: Locale): AsyncGenerator<AdminOrderRow[]> {
  const batch = 1000;
  const where = orderFilters(q);
  let after: SQL | undefined;
  for (;;) {
    const rows = await selectRows(db)
      .where(and(where, after))
      .orderBy(...orderSort(q.sort))
      .limit(batch);
    if (rows.length > 0) yield rows.map((r) => toRow(r, lang));
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    // The last row's own timestamp (microseconds: a JS date would round it to milliseconds).
    const key = sql`((select o2.created_at from orders o2 where o2.id = ${last.id}), ${last.id}::int)`;
    after = q.sort === 'oldest' ? sql`(${orders.createdAt}, ${orders.id}) > ${key}` : sql`(${orders.createdAt}, ${orders.id}) < ${key}`;
  }
}

/** One order in full, names in `lang` (the reader's language). */
export async function getOrderForAdmin(db: DbOrTx, orderId: number, lang?: Locale): Promise<AdminOrderDetail> {
  const [head] = await db
    .select({
      userId: orders.userId,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      language: orders.language,
      version: orders.version,
      updatedAt: orders.updatedAt,
      deliveryZoneId: orders.deliveryZoneId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!head) throw new AppError(404, orderMessages.notFound);
  const [detail, history] = await Promise.all([
    getOrderDetail(db, orderId, { any: true }, lang),
    db
      .select({ id: orderStatusHistory.id, by: users.name })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.id, orderStatusHistory.changedBy))
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ]);
  const productIds = [...new Set(detail.order_items.map((i) => i.product_id).filter((id): id is number => id !== null))];
  const catalogue = productIds.length
    ? await db
        .select({ id: products.id, description: products.description, tags: products.tags, stock: products.stock })
        .from(products)
        .where(inArray(products.id, productIds))
    : [];
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  return {
    ...detail,
    user_id: head.userId,
    customer_name: head.customerName,
    customer_email: head.customerEmail,
    customer_phone: head.customerPhone,
    language: head.language,
    version: head.version,
    updated_at: head.updatedAt.toISOString(),
    delivery_zone_id: head.deliveryZoneId,
    order_items: detail.order_items.map((i) => {
      const p = i.product_id !== null ? byId.get(i.product_id) : undefined;
      return {
        ...i,
        description: p?.description || null,
        tags: p ? splitTags(p.tags) : [],
        stock: p?.stock ?? null,
      };
    }),
    status_history: detail.status_history.map((h, index) => ({ ...h, changed_by: history[index]?.by ?? null })),
  };
}
