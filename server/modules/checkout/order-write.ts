/**
 * The checkout's last statement: takes the stock and writes the order, in ONE round trip, just before
 * COMMIT.
 *
 * Why one statement at the end: every order of a product updates that product's row, and every order
 * moves the same sales rollup rows (the orders and order_items triggers of migrations 0006/0012). Those
 * row locks are held until COMMIT, so checkouts of the same product queue behind each other for as long
 * as the first one holds them. Taking them in the transaction's last statement keeps that time to this
 * statement and the COMMIT (a few ms) instead of every later round trip through Node (the 100-guest
 * storm of bench/checkout.ts measured about 50 ms of lock holding per order before, ~20 orders/s).
 *
 * In the statement, in this order:
 * 1. the products are locked in id order (`order by id for update`: the same order for every
 *    transaction, so no deadlock), then each loses its units only `where stock >= qty` and still at
 *    the unit price the caller computed the totals with;
 * 2. only when every product was taken at that price: the order, its two addresses, its lines, the
 *    coupon redemption, the first status row, the cart deleted, the order's mails in the outbox (and
 *    their graphile-worker jobs on PostgreSQL, see lib/mail-queue.ts).
 * When a product is short or its price moved, the statement raises `flora_checkout_refused` (migration
 * checkout_refused): the transaction aborts, the stock already taken goes back, and writeOrder throws
 * StockShortError / PriceMovedError.
 *
 * On PostgreSQL the statement and its COMMIT travel in one message (`inCheckoutTransaction`), so
 * PostgreSQL commits without waiting for this process to read the statement's answer: the rows stay
 * locked for the statement and the WAL flush only, never for a turn of a busy event loop. A refused
 * statement skips the COMMIT; the transaction is rolled back. On PGlite (one embedded connection) the
 * statement and the COMMIT simply follow each other.
 */
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, Tx } from '../../db/client.js';
import { outboxInsert } from '../../lib/mail-queue.js';
import { orderMailRows } from '../orders/order-mails.js';
import type { AddressInput } from './checkout.service.js';

export interface OrderRowValues {
  userId: number | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  language: string;
  recipientName: string | null;
  recipientPhone: string | null;
  anonymousSender: boolean;
  deliveryZoneId: number;
  deliveryCity: string;
  deliveryDate: string;
  subtotalCents: number;
  couponId: number | null;
  couponCode: string | null;
  couponDiscountCents: number;
  shippingCents: number;
  totalCents: number;
  paymentMethod: string;
  paymentStatus: string;
  orderStatus: string;
  isCustomized: boolean;
  customInstructions: string | null;
  giftMessage: string | null;
  orderNotes: string | null;
  substitution: string;
  idempotencyKey: string;
  idempotencyScope: string;
  createdAt: Date;
}

export interface OrderItemValues {
  productId: number;
  productName: string;
  colorId: number | null;
  colorName: string | null;
  colorHex: string | null;
  quantity: number;
  originalUnitPriceCents: number;
  discount: number;
  unitPriceCents: number;
}

export interface OrderWrite {
  order: OrderRowValues;
  billing: AddressInput;
  shipping: AddressInput;
  items: OrderItemValues[];
  /** Units per product and the unit price the totals were computed with. */
  stock: { productId: number; quantity: number; unitPriceCents: number }[];
  /** The canonical e-mail of a coupon redemption, when a coupon is used. */
  redemptionEmail: string | null;
  /** The cart to delete with the order (cart checkouts). */
  cartId: string | null;
}

/** A product had fewer units than ordered: nothing was written; the caller words the 409. */
export class StockShortError extends Error {
  constructor(readonly productId: number) {
    super('stock short');
  }
}

/** A product's price changed between reading it and locking it: nothing was written; run again. */
export class PriceMovedError extends Error {}

/** Runs the last statement of a checkout transaction and ends the transaction (see the file comment). */
export type FinishTransaction = (statement: SQL) => Promise<{ rows: Record<string, unknown>[] }>;

const dialect = new PgDialect();

/**
 * `$n` placeholders replaced by literals: integers as digits, booleans, NULL, text through
 * node-postgres's escapeLiteral (quotes doubled, backslashes in an E'' string). Anything else is refused.
 */
export function inlineParams(query: { sql: string; params: unknown[] }, client: { escapeLiteral(s: string): string }): string {
  return query.sql.replace(/\$(\d+)/g, (_m, n: string) => {
    const v = query.params[Number(n) - 1];
    if (v === null || v === undefined) return 'NULL';
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
    if (typeof v === 'string') return client.escapeLiteral(v);
    throw new Error(`checkout statement: unexpected parameter type ${typeof v}`);
  });
}

/**
 * A checkout transaction: `fn(tx, finish)`; `finish(statement)` runs the last statement and commits
 * (COMMIT pipelined on PostgreSQL). When fn returns without calling finish (a replayed key), the
 * transaction is committed; when it throws before, it is rolled back.
 */
export async function inCheckoutTransaction<T>(db: Db, fn: (tx: Tx, finish: FinishTransaction) => Promise<T>): Promise<T> {
  if (!(db instanceof NodePgDatabase)) {
    return db.transaction((tx) => fn(tx, async (statement) => (await tx.execute(statement)) as unknown as { rows: Record<string, unknown>[] }));
  }
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let ended = false;
  let broken: Error | undefined;
  // BEGIN is not waited for: the transaction's first statements go right behind it. The last statement
  // (the only write) is sent only once BEGIN has answered (long before, in the connection's order).
  const begun = client.query('begin');
  begun.catch(() => undefined);
  try {
    const tx = drizzlePg(client) as unknown as Tx;
    const result = await fn(tx, async (statement) => {
      await begun;
      ended = true;
      // One simple-protocol message holding the statement and the COMMIT: PostgreSQL runs both without
      // answering in between, so the locked rows never wait for this process to read an answer. The
      // simple protocol takes no bound parameters: they are written in as literals (inlineParams).
      try {
        const results = (await client.query(`${inlineParams(dialect.sqlToQuery(statement), client)};\ncommit`)) as unknown as pg.QueryResult[];
        return { rows: results[0]!.rows };
      } catch (err) {
        // A failed statement skips the COMMIT behind it and leaves the transaction aborted.
        await client.query('rollback').catch((e: Error) => (broken = e));
        throw err;
      }
    });
    if (!ended) {
      ended = true;
      await begun;
      await client.query('commit');
    }
    return result;
  } catch (err) {
    if (!ended) await client.query('rollback').catch((e: Error) => (broken = e));
    throw err;
  } finally {
    client.release(broken);
  }
}

const int = (v: number | null) => sql`${v}::int`;
const text = (v: string | null) => sql`${v}::text`;

function addressRow(kind: 'billing' | 'shipping', a: AddressInput): SQL {
  return sql`(${text(kind)}, ${text(a.fullName)}, ${text(a.street)}, ${text(a.city)}, ${text(a.state ?? null)}, ${text(a.postalCode)}, ${text(a.country)}, ${text(a.phone)})`;
}

/** Takes the stock and writes the order (see the file comment); returns the order id. */
export async function writeOrder(tx: Tx, finish: FinishTransaction, w: OrderWrite): Promise<number> {
  const o = w.order;
  const at = o.createdAt.toISOString();
  const stockRows = sql.join(
    [...w.stock].sort((a, b) => a.productId - b.productId).map((s) => sql`(${int(s.productId)}, ${int(s.quantity)}, ${int(s.unitPriceCents)})`),
    sql`, `,
  );
  const itemRows = sql.join(
    w.items.map(
      (i, n) =>
        sql`(${int(n)}, ${int(i.productId)}, ${text(i.productName)}, ${int(i.colorId)}, ${text(i.colorName)}, ${text(i.colorHex)}, ${int(i.quantity)}, ${int(i.originalUnitPriceCents)}, ${int(i.discount)}, ${int(i.unitPriceCents)})`,
    ),
    sql`, `,
  );
  const mails = outboxInsert(tx, orderMailRows(sql`ord.id`, sql`ord`));
  let result;
  try {
    result = await finish(sql`
    with wanted (id, qty, price) as (values ${stockRows}),
    locked as materialized (select p.id from products p where p.id in (select id from wanted) order by p.id for update),
    taken as (
      update products p set stock = p.stock - wanted.qty, popularity = p.popularity + wanted.qty
      from wanted
      where p.id = wanted.id and p.id in (select id from locked) and p.stock >= wanted.qty
      returning p.id, p.final_price_cents = wanted.price as same_price
    ),
    ord as (
      insert into orders (user_id, customer_name, customer_email, customer_phone, language, recipient_name, recipient_phone,
        anonymous_sender, delivery_zone_id, delivery_city, delivery_date, subtotal_cents, coupon_id, coupon_code,
        coupon_discount_cents, shipping_cents, total_cents, payment_method, payment_status, order_status, is_customized,
        custom_instructions, gift_message, order_notes, substitution, idempotency_key, idempotency_scope, created_at, updated_at)
      select ${int(o.userId)}, ${text(o.customerName)}, ${text(o.customerEmail)}, ${text(o.customerPhone)}, ${text(o.language)},
        ${text(o.recipientName)}, ${text(o.recipientPhone)}, ${o.anonymousSender}::boolean, ${int(o.deliveryZoneId)}, ${text(o.deliveryCity)},
        ${text(o.deliveryDate)}::date, ${int(o.subtotalCents)}, ${int(o.couponId)}, ${text(o.couponCode)}, ${int(o.couponDiscountCents)},
        ${int(o.shippingCents)}, ${int(o.totalCents)}, ${text(o.paymentMethod)}, ${text(o.paymentStatus)}, ${text(o.orderStatus)},
        ${o.isCustomized}::boolean, ${text(o.customInstructions)}, ${text(o.giftMessage)}, ${text(o.orderNotes)}, ${text(o.substitution)},
        ${text(o.idempotencyKey)}, ${text(o.idempotencyScope)}, ${at}::timestamptz, ${at}::timestamptz
      where (select count(*) from taken where same_price) = ${int(w.stock.length)}
      returning id
    ),
    addresses as (
      insert into order_addresses (order_id, kind, full_name, street, city, state, postal_code, country, phone)
      select ord.id, a.* from ord, (values ${addressRow('billing', w.billing)}, ${addressRow('shipping', w.shipping)}) as a
    ),
    items as (
      insert into order_items (order_id, product_id, product_name, color_id, color_name, color_hex, quantity,
        original_unit_price_cents, discount, unit_price_cents)
      select ord.id, i.product_id, i.product_name, i.color_id, i.color_name, i.color_hex, i.quantity, i.original, i.discount, i.unit
      from ord, (values ${itemRows}) as i (n, product_id, product_name, color_id, color_name, color_hex, quantity, original, discount, unit)
      order by i.n
    ),
    redemption as (
      insert into coupon_redemptions (coupon_id, order_id, user_id, email)
      select ${int(o.couponId)}, ord.id, ${int(o.userId)}, ${text(w.redemptionEmail)} from ord where ${int(o.couponId)} is not null
    ),
    history as (
      insert into order_status_history (order_id, order_status, payment_status, note, changed_by, created_at)
      select ord.id, ${text(o.orderStatus)}, ${text(o.paymentStatus)}, null, null, ${at}::timestamptz from ord
    ),
    gone_cart as (delete from carts where id = ${text(w.cartId)} and exists (select 1 from ord)),
    ${mails.ctes}
    select coalesce((select id from ord), flora_checkout_refused(
        coalesce((select string_agg(id::text, ',') from taken where same_price), '') || ';'
        || (exists (select 1 from taken where not same_price))::text)) as order_id,
      ${mails.select} as mails`);
  } catch (err) {
    const refused = checkoutRefusal(err);
    if (!refused) throw err;
    const [takenList, repriced] = refused.split(';');
    if (repriced === 'true') throw new PriceMovedError();
    const taken = new Set((takenList ?? '').split(',').filter(Boolean).map(Number));
    // The first product (in id order) that was short names the refusal.
    throw new StockShortError([...w.stock].map((s) => s.productId).sort((a, b) => a - b).find((id) => !taken.has(id))!);
  }
  return Number(result.rows[0]!.order_id);
}

/** The DETAIL of flora_checkout_refused, when that is the error (drizzle may wrap it in `cause`). */
function checkoutRefusal(err: unknown): string | null {
  for (let e = err as { code?: string; detail?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === 'FL409') return e.detail ?? '';
  }
  return null;
}
