/**
 * The workshop sheet of one delivery day (shop calendar): every order to deliver that day except the
 * cancelled ones (delivered ones stay, so the driver sees the round done and a mistaken tap can be
 * undone), grouped by delivery zone id in the shop's zone order, each with what to make, for whom,
 * where, the card's words, the substitution choice and the notes. Zone, product and colour names are in
 * the reader's language (an order keeps its names in every shop language), so a French admin reads an
 * Arabic order in French; an order whose zone was deleted since is grouped by the name it kept. Two
 * queries: the orders, then their lines.
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  SHOP_TIME_ZONE,
  type Locale,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type Substitution,
} from '../../../shared/constants.js';
import { fromCents } from '../../../shared/money.js';
import type {
  ProductionLine,
  WorkshopOrder,
  WorkshopProduction,
  WorkshopSheet,
  WorkshopState,
  WorkshopStateAnswer,
} from '../../../shared/schemas/workshop.js';
import type { DbOrTx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';
import { sqlRows } from '../../db/sql-rows.js';
import { colorNameSql, lineNameWithSizeSql, sizeNameSql, zoneKeySql, zoneNameSql } from './order-names.js';
import { orderMessages } from './orders.service.js';

/** At most this many orders on one sheet (a busy Valentine's day is a few hundred). */
export const WORKSHOP_MAX_ORDERS = 1000;

/** A shop-calendar day (YYYY-MM-DD) of an instant. */
export const shopDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/** The order's slot label in `locale` (the one it kept), else its key, else null. */
const slotLabelSql = (locale: Locale) => sql.raw(`coalesce(o.delivery_slot_names ->> '${locale}', o.delivery_slot)`);

/** The day after a YYYY-MM-DD day (calendar arithmetic, no time zone involved). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The group's name: the zone as the shop names it today in `locale` (one name per group even when its
 * orders kept older ones), else the name the order kept in `locale` (a zone deleted since).
 */
const zoneName = (locale: Locale) =>
  sql`coalesce(${locale === 'ar' ? sql`z.name_ar` : locale === 'en' ? sql`coalesce(nullif(z.name_en, ''), z.name)` : sql`z.name`}, ${zoneNameSql(locale, 'o')})`;

export const workshopMessages = defineMessages({
  cancelled: {
    fr: 'Cette commande est annulée : rien à préparer.',
    en: 'This order is cancelled: nothing to make.',
    ar: 'هذا الطلب ملغى: لا شيء لتحضيره.',
  },
});

/** The orders a day's sheet, its production totals and its cards are made of (`o` is `orders`). */
const dayOrders = (day: string): SQL => sql`o.delivery_date = ${day}::date and o.order_status <> 'cancelled'`;

interface Row {
  id: number;
  version: number;
  order_status: string;
  payment_status: string;
  payment_method: string;
  total_cents: number;
  customer_name: string;
  customer_phone: string;
  recipient_name: string | null;
  recipient_phone: string | null;
  anonymous_sender: boolean;
  workshop_state: string | null;
  street: string | null;
  postal_code: string | null;
  city: string;
  gift_message: string | null;
  substitution: string;
  order_notes: string | null;
  is_customized: boolean;
  custom_instructions: string | null;
  zone_key: string | null;
  zone_id: number | null;
  zone_name: string;
  delivery_method: string;
  delivery_slot: string | null;
}

/** `day` as the query gives it (a date, `today`, `tomorrow` or nothing), as a YYYY-MM-DD shop day. */
export function resolveDay(day: string | undefined, now: Date = new Date()): string {
  const today = shopDay(now);
  if (!day || day === 'today') return today;
  return day === 'tomorrow' ? nextDay(today) : day;
}

export async function workshopSheet(db: DbOrTx, locale: Locale, day?: string, now: Date = new Date()): Promise<WorkshopSheet> {
  const today = shopDay(now);
  const sheetDay = resolveDay(day, now);
  const rows = await sqlRows<Row>(
    db,
    sql`select o.id, o.version, o.order_status, o.payment_status, o.payment_method, o.total_cents,
          o.customer_name, o.customer_phone, o.recipient_name, o.recipient_phone, o.anonymous_sender, o.workshop_state,
          a.street, a.postal_code, coalesce(a.city, o.delivery_city) as city,
          o.gift_message, o.substitution, o.order_notes, o.is_customized, o.custom_instructions,
          case when o.delivery_method = 'pickup' then 'pickup' else ${zoneKeySql('o')} end as zone_key, z.id as zone_id,
          ${zoneName(locale)} as zone_name, o.delivery_method, ${slotLabelSql(locale)} as delivery_slot
        from orders o
        left join delivery_zones z on z.id = o.delivery_zone_id
        left join order_addresses a on a.order_id = o.id and a.kind = 'shipping'
        where ${dayOrders(sheetDay)}
        order by o.delivery_method = 'pickup', z.sort_order nulls last, zone_key, o.delivery_slot_starts nulls last, o.id
        limit ${WORKSHOP_MAX_ORDERS}`,
  );
  const lines = rows.length
    ? await db
        .select({
          orderId: orderItems.orderId,
          name: lineNameWithSizeSql(locale),
          color: colorNameSql(locale),
          colorHex: orderItems.colorHex,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(orderItems.orderId), asc(orderItems.id))
    : [];
  const itemsOf = new Map<number, WorkshopOrder['items']>();
  for (const l of lines) {
    const list = itemsOf.get(l.orderId) ?? [];
    list.push({ name: l.name, color: l.color, color_hex: l.colorHex, quantity: l.quantity });
    itemsOf.set(l.orderId, list);
  }
  // Rows come in zone order: a group starts where the zone key changes.
  const zones: WorkshopSheet['zones'] = [];
  let key: string | null | undefined;
  for (const r of rows) {
    if (r.zone_key !== key)
      zones.push({
        zone_id: r.zone_id === null ? null : Number(r.zone_id),
        name: r.zone_name,
        pickup: r.delivery_method === 'pickup',
        orders: [],
      });
    key = r.zone_key;
    zones[zones.length - 1]!.orders.push({
      id: r.id,
      version: r.version,
      order_status: r.order_status as OrderStatus,
      payment_status: r.payment_status as PaymentStatus,
      payment_method: r.payment_method as PaymentMethod,
      total_amount: fromCents(Number(r.total_cents)),
      customer_name: r.customer_name,
      customer_phone: r.customer_phone,
      recipient_name: r.recipient_name,
      recipient_phone: r.recipient_phone,
      anonymous_sender: r.anonymous_sender,
      workshop_state: r.workshop_state as WorkshopState | null,
      street: r.street,
      postal_code: r.postal_code,
      city: r.city,
      gift_message: r.gift_message,
      substitution: r.substitution as Substitution,
      order_notes: r.order_notes,
      is_customized: r.is_customized,
      custom_instructions: r.custom_instructions,
      delivery_slot: r.delivery_slot,
      items: itemsOf.get(r.id) ?? [],
    });
  }
  return { day: sheetDay, today, tomorrow: nextDay(today), zones };
}

/**
 * What the lines of a day are added up by: the product (its id; a product deleted since, by the French
 * name the line kept), the colour (its id, else the French name kept; none is a group of its own) and
 * the size (its id, else the French name kept; a product without sizes is a group of its own): the
 * workshop makes a Prestige bouquet and a Classique one of the same product as two different things.
 * Extras (vase, chocolates…) are products of their own, so they come out as lines of their own. A
 * further split (a delivery slot of the order) is one more entry here and one more column in the
 * select, nothing else.
 */
const productionKeys = (): SQL[] => [
  sql`coalesce(oi.product_id::text, 'name:' || coalesce(oi.product_names ->> 'fr', oi.product_name))`,
  sql`coalesce(oi.color_id::text, 'name:' || coalesce(oi.color_names ->> 'fr', oi.color_name), '')`,
  sql`coalesce(oi.size_id::text, 'name:' || coalesce(oi.size_names ->> 'fr', oi.size_name), '')`,
];

interface ProductionRow {
  product_id: number | null;
  name: string;
  size: string | null;
  is_extra: boolean | null;
  color: string | null;
  color_hex: string | null;
  quantity: number | string;
  custom_quantity: number | string;
  orders: number | string;
}

/**
 * The day's production: its order lines added up in SQL per product, colour and size (custom bouquets'
 * stems are order lines of their single-stem products, so they count with the rest), most needed
 * first; and how many of the day's orders carry each mark of the bench. With `slot` (a slot's key),
 * the same for that slot's orders alone.
 */
export async function workshopProduction(
  db: DbOrTx,
  locale: Locale,
  day?: string,
  now: Date = new Date(),
  slot: string | null = null,
): Promise<WorkshopProduction> {
  const sheetDay = resolveDay(day, now);
  // One slot's orders only (the batch to make before it), else the whole day.
  const inSlot = slot === null ? sql`true` : sql`o.delivery_slot = ${slot}`;
  const keys = productionKeys();
  const rows = await sqlRows<ProductionRow>(
    db,
    sql`select max(oi.product_id) as product_id, max(${lineNameWithSizeSql(locale, 'oi')}) as name,
          max(${sizeNameSql(locale, 'oi')}) as size, bool_or(p.is_extra) as is_extra,
          max(${colorNameSql(locale, 'oi')}) as color, max(oi.color_hex) as color_hex,
          sum(oi.quantity) as quantity,
          sum(case when o.is_customized then oi.quantity else 0 end) as custom_quantity,
          count(distinct o.id) as orders
        from order_items oi
        join orders o on o.id = oi.order_id
        left join products p on p.id = oi.product_id
        where ${dayOrders(sheetDay)} and ${inSlot}
        group by ${sql.join(keys, sql`, `)}
        order by quantity desc, name, color nulls first`,
  );
  const marks = await sqlRows<{ state: string | null; n: number | string }>(
    db,
    sql`select o.workshop_state as state, count(*) as n from orders o where ${dayOrders(sheetDay)} and ${inSlot} group by o.workshop_state`,
  );
  const lines: ProductionLine[] = rows.map((r) => ({
    product_id: r.product_id === null ? null : Number(r.product_id),
    name: r.name,
    size: r.size,
    is_extra: r.is_extra === true,
    color: r.color,
    color_hex: r.color_hex,
    quantity: Number(r.quantity),
    custom_quantity: Number(r.custom_quantity),
    orders: Number(r.orders),
  }));
  const count = (state: string | null) => Number(marks.find((m) => m.state === state)?.n ?? 0);
  return {
    day: sheetDay,
    lines,
    total_quantity: lines.reduce((n, l) => n + l.quantity, 0),
    marks: { none: count(null), in_preparation: count('in_preparation'), ready: count('ready') },
  };
}

/**
 * Sets the bench's mark on an order (null takes it off), under the order's lock; answers the mark
 * before and after for the audit row. The order's version is not bumped: the mark edits nothing the
 * customer ordered, and a colleague's status tap on the sheet must not be refused because of it. A
 * cancelled order is refused (409).
 */
export async function setWorkshopState(
  db: DbOrTx,
  id: number,
  state: WorkshopState | null,
): Promise<{ before: WorkshopState | null; after: WorkshopStateAnswer }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.orderStatus, state: orders.workshopState })
      .from(orders)
      .where(eq(orders.id, id))
      .for('update');
    if (!order) throw new AppError(404, orderMessages.notFound);
    if (order.status === 'cancelled') throw new AppError(409, workshopMessages.cancelled);
    await tx.update(orders).set({ workshopState: state }).where(eq(orders.id, id));
    return { before: order.state as WorkshopState | null, after: { id, workshop_state: state } };
  });
}
