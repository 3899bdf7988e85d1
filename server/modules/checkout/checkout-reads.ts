/**
 * The reads of a checkout's transaction, as prepared statements.
 *
 * Every cart checkout runs the same reads (the key's lock and look-up, the cart's lock and lines, the
 * zone, the closed dates). Building their SQL with drizzle for each order took about a fifth of the
 * server's CPU in the 100-guest storm (`npm run bench:checkout`), and PostgreSQL parsed and planned
 * each one again. Here each is built once per pool connection with drizzle's `.prepare(name)`:
 * node-postgres then sends only the statement's name and values, and PostgreSQL keeps the parse and
 * plan for the connection's life. The cache is keyed by the transaction handle, which
 * inOneTripTransaction (db/one-trip-transaction.ts) keeps per connection on PostgreSQL; on PGlite
 * every transaction is a new handle, so the statements are built for each (same SQL, no cache).
 */
import { and, asc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { carts, cartItems, colors, colorTranslations, orders, products, productSizes, productTranslations } from '../../db/schema.js';
import { cartOf } from '../cart/cart.service.js';
import { colorColumns, pricedProductColumns, productTranslationIn, sizeColumns } from '../catalogue/product-language.js';
import { activeZoneQuery, closedDatesQuery } from '../delivery/delivery.service.js';

const value = sql.placeholder;

/** The caller's order for an idempotency key, if any. */
export const orderForKeyQuery = (tx: DbOrTx, scope: string | Placeholder, key: string | Placeholder) =>
  tx
    .select({ id: orders.id, userId: orders.userId, email: orders.customerEmail })
    .from(orders)
    .where(and(eq(orders.idempotencyScope, scope), eq(orders.idempotencyKey, key)))
    .limit(1);

/** The cart row of an account or a visitor, locked, and its lines with their products and colours. */
function cartReads(tx: Tx, kind: 'user' | 'guest') {
  const where = cartOf(kind, value('owner'));
  return {
    lock: tx
      .select({ id: carts.id, couponId: carts.couponId })
      .from(carts)
      .where(where)
      .limit(1)
      .for('update')
      .prepare(`checkout_cart_lock_${kind}`),
    lines: tx
      .select({
        productId: cartItems.productId,
        colorId: cartItems.colorId,
        sizeId: cartItems.sizeId,
        quantity: cartItems.quantity,
        product: pricedProductColumns,
        color: colorColumns,
        size: sizeColumns(value('language')),
      })
      .from(cartItems)
      .leftJoin(products, eq(products.id, cartItems.productId))
      .leftJoin(productTranslations, productTranslationIn(value('language')))
      .leftJoin(colors, eq(colors.id, cartItems.colorId))
      .leftJoin(colorTranslations, and(eq(colorTranslations.colorId, cartItems.colorId), eq(colorTranslations.locale, value('language'))))
      .leftJoin(productSizes, eq(productSizes.id, cartItems.sizeId))
      .where(inArray(cartItems.cartId, tx.select({ id: carts.id }).from(carts).where(where)))
      .orderBy(asc(cartItems.id))
      .prepare(`checkout_cart_lines_v2_${kind}`),
  };
}

function build(tx: Tx) {
  return {
    // The lock is a statement of its own: the look-up after it sees an order that a racing request
    // with the same key committed while this one waited.
    keyLock: tx
      .select({ locked: sql`pg_advisory_xact_lock(hashtextextended(${value('lock')}, 0))` })
      .from(sql`(select 1) as one`)
      .prepare('checkout_key_lock'),
    keyLookup: orderForKeyQuery(tx, value('scope'), value('key')).prepare('checkout_key_lookup'),
    cart: { user: cartReads(tx, 'user'), guest: cartReads(tx, 'guest') },
    zone: activeZoneQuery(tx, value('zone')).prepare('checkout_zone'),
    closedDates: closedDatesQuery(tx, value('from')).prepare('checkout_closed_dates'),
  };
}

export type CheckoutReads = ReturnType<typeof build>;

const built = new WeakMap<Tx, CheckoutReads>();

/** The prepared reads for this transaction handle (built at its first checkout, see the file comment). */
export function checkoutReads(tx: Tx): CheckoutReads {
  let reads = built.get(tx);
  if (!reads) built.set(tx, (reads = build(tx)));
  return reads;
}
