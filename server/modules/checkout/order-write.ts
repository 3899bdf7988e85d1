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
 * On PostgreSQL the statement and its COMMIT are sent together (`inCheckoutTransaction`; the pool's
 * connections pipeline), so PostgreSQL commits without waiting for this process to read the
 * statement's answer: the rows stay locked for the statement and the WAL flush only, never for a turn
 * of a busy event loop. A refused statement aborts the transaction and the COMMIT behind it rolls it
 * back. The statement's text is the same for every order (the lines and addresses are arrays), so it
 * is built once per process and prepared once per connection, like the transaction's reads
 * (checkout-reads.ts). On PGlite (one embedded connection) the statement and the COMMIT simply follow
 * each other.
 */
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
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

/**
 * The last statement of a checkout: its name (PostgreSQL prepares it once per connection), how to
 * build it from a function giving each value's SQL (a placeholder, or the value itself), and the values.
 */
export interface LastStatement<V extends Record<string, unknown>> {
  name: string;
  build: (value: (key: keyof V & string) => SQL) => SQL;
  values: V;
}

/** Runs the last statement of a checkout transaction and ends the transaction (see the file comment). */
export type FinishTransaction = <V extends Record<string, unknown>>(statement: LastStatement<V>) => Promise<{ rows: Record<string, unknown>[] }>;

const dialect = new PgDialect();

/** Each last statement's text and parameters (placeholders), built once per process. */
const prepared = new Map<string, { sql: string; params: unknown[] }>();

function preparedQuery<V extends Record<string, unknown>>(statement: LastStatement<V>): pg.QueryConfig {
  let query = prepared.get(statement.name);
  if (!query) prepared.set(statement.name, (query = dialect.sqlToQuery(statement.build((key) => sql`${sql.placeholder(key)}`))));
  return { name: statement.name, text: query.sql, values: fillPlaceholders(query.params, statement.values) };
}

/** The transaction handle of each pool connection: its prepared reads are cached on it (checkout-reads.ts). */
const handles = new WeakMap<pg.PoolClient, Tx>();

function handleOf(client: pg.PoolClient): Tx {
  let tx = handles.get(client);
  if (!tx) handles.set(client, (tx = drizzlePg(client) as unknown as Tx));
  return tx;
}

/**
 * Runs `send` with the connection's socket corked, so the statements it queues leave in ONE write:
 * PostgreSQL's session wakes once, runs them all and answers in one go, instead of a wake-up, a
 * reply and a socket read per statement (on two busy cores those context switches cost more than
 * the statements). node-postgres writes each statement on its own otherwise.
 */
function together<T>(client: pg.PoolClient, send: () => T): T {
  const socket = (client as unknown as pg.Client).connection.stream;
  socket.cork();
  try {
    return send();
  } finally {
    socket.uncork();
  }
}

/**
 * A checkout transaction: `fn(tx, finish)`; `finish(statement)` runs the last statement and commits
 * (COMMIT pipelined on PostgreSQL). When fn returns without calling finish (a replayed key), the
 * transaction is committed; when it throws before, it is rolled back.
 */
export async function inCheckoutTransaction<T>(db: Db, fn: (tx: Tx, finish: FinishTransaction) => Promise<T>): Promise<T> {
  if (!(db instanceof NodePgDatabase)) {
    return db.transaction((tx) =>
      fn(tx, async (statement) => (await tx.execute(statement.build((key) => sql`${sql.param(statement.values[key])}`))) as unknown as { rows: Record<string, unknown>[] }),
    );
  }
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let ended = false;
  let broken: Error | undefined;
  // BEGIN is not waited for: the transaction's first statements go right behind it, in the same write
  // (fn queues its reads before its first await). The last statement (the only write) is sent only once
  // BEGIN has answered (long before, in the connection's order).
  let begun: Promise<unknown> | undefined;
  const finish: FinishTransaction = async (statement) => {
    await begun;
    ended = true;
    // The statement and the COMMIT are sent together (one write; the connection pipelines them):
    // PostgreSQL runs the COMMIT right after the statement, without waiting for this process to read
    // its answer, so the locked rows are held for the statement and the WAL flush only. When the
    // statement fails, the transaction is aborted and the COMMIT behind it only ends it (rolls back).
    const [written, committed] = together(client, () => [client.query(preparedQuery(statement)), client.query('commit')] as const);
    committed.catch(() => undefined);
    try {
      const { rows } = await written;
      await committed;
      return { rows };
    } catch (err) {
      await committed.catch((e: Error) => (broken = e));
      throw err;
    }
  };
  try {
    const result = await together(client, () => {
      begun = client.query('begin');
      begun.catch(() => undefined);
      return fn(handleOf(client), finish);
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

/** The values of the order statement, by name: one row's columns, and the lines and addresses as arrays. */
function orderValues(w: OrderWrite) {
  const o = w.order;
  const at = o.createdAt.toISOString();
  const stock = [...w.stock].sort((a, b) => a.productId - b.productId);
  const addresses = [w.billing, w.shipping];
  return {
    productIds: stock.map((s) => s.productId),
    quantities: stock.map((s) => s.quantity),
    prices: stock.map((s) => s.unitPriceCents),
    userId: o.userId,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    customerPhone: o.customerPhone,
    language: o.language,
    recipientName: o.recipientName,
    recipientPhone: o.recipientPhone,
    anonymousSender: o.anonymousSender,
    deliveryZoneId: o.deliveryZoneId,
    deliveryCity: o.deliveryCity,
    deliveryDate: o.deliveryDate,
    subtotalCents: o.subtotalCents,
    couponId: o.couponId,
    couponCode: o.couponCode,
    couponDiscountCents: o.couponDiscountCents,
    shippingCents: o.shippingCents,
    totalCents: o.totalCents,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    orderStatus: o.orderStatus,
    isCustomized: o.isCustomized,
    customInstructions: o.customInstructions,
    giftMessage: o.giftMessage,
    orderNotes: o.orderNotes,
    substitution: o.substitution,
    idempotencyKey: o.idempotencyKey,
    idempotencyScope: o.idempotencyScope,
    at,
    addressNames: addresses.map((a) => a.fullName),
    addressStreets: addresses.map((a) => a.street),
    addressCities: addresses.map((a) => a.city),
    addressStates: addresses.map((a) => a.state ?? null),
    addressPostalCodes: addresses.map((a) => a.postalCode),
    addressCountries: addresses.map((a) => a.country),
    addressPhones: addresses.map((a) => a.phone),
    itemProductIds: w.items.map((i) => i.productId),
    itemNames: w.items.map((i) => i.productName),
    itemColorIds: w.items.map((i) => i.colorId),
    itemColorNames: w.items.map((i) => i.colorName),
    itemColorHexes: w.items.map((i) => i.colorHex),
    itemQuantities: w.items.map((i) => i.quantity),
    itemOriginalPrices: w.items.map((i) => i.originalUnitPriceCents),
    itemDiscounts: w.items.map((i) => i.discount),
    itemUnitPrices: w.items.map((i) => i.unitPriceCents),
    redemptionEmail: w.redemptionEmail,
    cartId: w.cartId,
  };
}

type OrderValues = ReturnType<typeof orderValues>;

/**
 * The statement (see the file comment). Its text is the same for every order (lines and addresses
 * come as arrays, unnested), so PostgreSQL prepares it once per connection.
 */
function orderStatement(v: (key: keyof OrderValues) => SQL, mails: { ctes: SQL; select: SQL }): SQL {
  return sql`
    with wanted (id, qty, price) as (select * from unnest(${v('productIds')}::int[], ${v('quantities')}::int[], ${v('prices')}::int[])),
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
      select ${v('userId')}::int, ${v('customerName')}::text, ${v('customerEmail')}::text, ${v('customerPhone')}::text, ${v('language')}::text,
        ${v('recipientName')}::text, ${v('recipientPhone')}::text, ${v('anonymousSender')}::boolean, ${v('deliveryZoneId')}::int, ${v('deliveryCity')}::text,
        ${v('deliveryDate')}::text::date, ${v('subtotalCents')}::int, ${v('couponId')}::int, ${v('couponCode')}::text, ${v('couponDiscountCents')}::int,
        ${v('shippingCents')}::int, ${v('totalCents')}::int, ${v('paymentMethod')}::text, ${v('paymentStatus')}::text, ${v('orderStatus')}::text,
        ${v('isCustomized')}::boolean, ${v('customInstructions')}::text, ${v('giftMessage')}::text, ${v('orderNotes')}::text, ${v('substitution')}::text,
        ${v('idempotencyKey')}::text, ${v('idempotencyScope')}::text, ${v('at')}::timestamptz, ${v('at')}::timestamptz
      where (select count(*) from taken where same_price) = (select count(*) from wanted)
      returning id
    ),
    addresses as (
      insert into order_addresses (order_id, kind, full_name, street, city, state, postal_code, country, phone)
      select ord.id, a.* from ord, unnest(array['billing', 'shipping'], ${v('addressNames')}::text[], ${v('addressStreets')}::text[],
        ${v('addressCities')}::text[], ${v('addressStates')}::text[], ${v('addressPostalCodes')}::text[], ${v('addressCountries')}::text[],
        ${v('addressPhones')}::text[]) as a
    ),
    items as (
      insert into order_items (order_id, product_id, product_name, color_id, color_name, color_hex, quantity,
        original_unit_price_cents, discount, unit_price_cents)
      select ord.id, i.product_id, i.product_name, i.color_id, i.color_name, i.color_hex, i.quantity, i.original, i.discount, i.unit
      from ord, unnest(${v('itemProductIds')}::int[], ${v('itemNames')}::text[], ${v('itemColorIds')}::int[], ${v('itemColorNames')}::text[],
        ${v('itemColorHexes')}::text[], ${v('itemQuantities')}::int[], ${v('itemOriginalPrices')}::int[], ${v('itemDiscounts')}::int[],
        ${v('itemUnitPrices')}::int[]) with ordinality as i (product_id, product_name, color_id, color_name, color_hex, quantity, original, discount, unit, n)
      order by i.n
    ),
    redemption as (
      insert into coupon_redemptions (coupon_id, order_id, user_id, email)
      select ${v('couponId')}::int, ord.id, ${v('userId')}::int, ${v('redemptionEmail')}::text from ord where ${v('couponId')}::int is not null
    ),
    history as (
      insert into order_status_history (order_id, order_status, payment_status, note, changed_by, created_at)
      select ord.id, ${v('orderStatus')}::text, ${v('paymentStatus')}::text, null, null, ${v('at')}::timestamptz from ord
    ),
    gone_cart as (delete from carts where id = ${v('cartId')}::text and exists (select 1 from ord)),
    ${mails.ctes}
    select coalesce((select id from ord), flora_checkout_refused(
        coalesce((select string_agg(id::text, ',') from taken where same_price), '') || ';'
        || (exists (select 1 from taken where not same_price))::text)) as order_id,
      ${mails.select} as mails`;
}

/** Takes the stock and writes the order (see the file comment); returns the order id. */
export async function writeOrder(tx: Tx, finish: FinishTransaction, w: OrderWrite): Promise<number> {
  let result;
  try {
    result = await finish({
      name: 'checkout_write_order',
      build: (value) => orderStatement(value, outboxInsert(tx, orderMailRows(sql`ord.id`, sql`ord`))),
      values: orderValues(w),
    });
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
