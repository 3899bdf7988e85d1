/**
 * The dashboard's first block: today's and tomorrow's deliveries (split per slot), the orders waiting
 * to be confirmed, the cash the drivers still have to bring back and today's bench marks — one SQL
 * statement, each figure read by an index: the two days' orders by `orders_delivery_date_idx` (their
 * slots and bench marks counted from those rows, each slot's current label by `delivery_slots_key_uq`),
 * orders to confirm by `orders_status_created_idx` (two statuses), cash by `orders_cash_due_idx` (a
 * partial index of the cash orders not yet marked paid) with each one's payments by
 * `order_payments_order_idx`.
 */
import { sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE, type Locale } from '../../../shared/constants.js';
import { slotLabel } from '../../../shared/delivery-slots.js';
import { fromCents } from '../../../shared/money.js';
import type { DashboardSlot, DashboardToday } from '../../../shared/schemas/dashboard.js';
import type { DbOrTx } from '../../db/client.js';
import type { ShopNames } from '../../db/schema.js';
import { sqlRows } from '../../db/sql-rows.js';

type Num = number | string;

/** One (day, slot) group of the two days' orders, with the slot as the shop has it now (if it still does). */
interface SlotGroup {
  day: string;
  key: string | null;
  starts: string | null;
  kept: ShopNames | null;
  deliveries: Num;
  pickups: Num;
  now_starts: string | null;
  now_ends: string | null;
  now_names: ShopNames | null;
}

function slotOf(g: SlotGroup, locale: Locale): DashboardSlot {
  const label =
    g.key === null
      ? null
      : g.now_starts !== null && g.now_ends !== null
        ? slotLabel({ starts: g.now_starts, ends: g.now_ends, names: g.now_names }, locale)
        : g.kept?.[locale] || g.key;
  return {
    key: g.key,
    label,
    starts: g.now_starts ?? g.starts,
    deliveries: Number(g.deliveries),
    pickups: Number(g.pickups),
  };
}

/** Earliest slot first, orders without a slot last. */
const slotOrder = (a: DashboardSlot, b: DashboardSlot) =>
  (a.key === null ? 1 : 0) - (b.key === null ? 1 : 0) ||
  (a.starts ?? '').localeCompare(b.starts ?? '') ||
  (a.key ?? '').localeCompare(b.key ?? '');

export async function todayFor(db: DbOrTx, now: Date = new Date(), locale: Locale = 'fr'): Promise<DashboardToday> {
  const tz = sql.raw(`'${SHOP_TIME_ZONE}'`);
  const [row] = await sqlRows<{
    today: string;
    tomorrow: string;
    today_total: Num;
    today_to_deliver: Num;
    tomorrow_total: Num;
    tomorrow_to_deliver: Num;
    to_confirm: Num;
    cash_orders: Num;
    cash_cents: Num;
    in_preparation: Num;
    ready: Num;
    slots: SlotGroup[] | string;
  }>(
    db,
    sql`with d as (select (${now.toISOString()}::timestamptz at time zone ${tz})::date as today),
        days as (
          select o.id, o.delivery_date, o.order_status, o.delivery_method, o.delivery_slot, o.delivery_slot_names,
            o.delivery_slot_starts, o.workshop_state
          from orders o, d
          where o.delivery_date in (d.today, d.today + 1) and o.order_status <> 'cancelled'),
        groups as (
          select delivery_date, delivery_slot, min(delivery_slot_starts) as starts,
            (array_agg(delivery_slot_names order by id desc) filter (where delivery_slot_names is not null))[1] as kept,
            count(*) filter (where delivery_method <> 'pickup') as deliveries,
            count(*) filter (where delivery_method = 'pickup') as pickups
          from days group by delivery_date, delivery_slot),
        cash as (
          select o.total_cents - coalesce((
                   select sum(case when p.kind = 'refund' then -p.amount_cents else p.amount_cents end)
                   from order_payments p where p.order_id = o.id), 0) as due_cents
          from orders o
          where o.payment_method = 'cash_on_delivery' and o.payment_status not in ('paid', 'refunded')
            and o.order_status in ('on_delivery', 'shipped', 'delivered'))
        select to_char(d.today, 'YYYY-MM-DD') as today, to_char(d.today + 1, 'YYYY-MM-DD') as tomorrow,
          (select count(*) from days where delivery_date = d.today) as today_total,
          (select count(*) from days where delivery_date = d.today and order_status <> 'delivered') as today_to_deliver,
          (select count(*) from days where delivery_date = d.today + 1) as tomorrow_total,
          (select count(*) from days where delivery_date = d.today + 1 and order_status <> 'delivered') as tomorrow_to_deliver,
          (select count(*) from days where delivery_date = d.today and workshop_state = 'in_preparation') as in_preparation,
          (select count(*) from days where delivery_date = d.today and workshop_state = 'ready') as ready,
          (select coalesce(json_agg(json_build_object(
              'day', to_char(g.delivery_date, 'YYYY-MM-DD'), 'key', g.delivery_slot, 'starts', g.starts, 'kept', g.kept,
              'deliveries', g.deliveries, 'pickups', g.pickups,
              'now_starts', s.starts, 'now_ends', s.ends, 'now_names', s.names)), '[]'::json)
            from groups g left join delivery_slots s on s.key = g.delivery_slot) as slots,
          (select count(*) from orders o where o.order_status in ('pending', 'not_confirmed')) as to_confirm,
          (select count(*) from cash where due_cents > 0) as cash_orders,
          (select coalesce(sum(due_cents), 0) from cash where due_cents > 0) as cash_cents
        from d`,
  );
  const r = row!;
  const groups: SlotGroup[] = typeof r.slots === 'string' ? (JSON.parse(r.slots) as SlotGroup[]) : r.slots;
  const slotsOn = (day: string) =>
    groups
      .filter((g) => g.day === day)
      .map((g) => slotOf(g, locale))
      .sort(slotOrder);
  const todayTotal = Number(r.today_total);
  const inPreparation = Number(r.in_preparation);
  const ready = Number(r.ready);
  return {
    today: r.today,
    tomorrow: r.tomorrow,
    deliveries: {
      today: { total: todayTotal, to_deliver: Number(r.today_to_deliver), slots: slotsOn(r.today) },
      tomorrow: { total: Number(r.tomorrow_total), to_deliver: Number(r.tomorrow_to_deliver), slots: slotsOn(r.tomorrow) },
    },
    to_confirm: Number(r.to_confirm),
    cash_to_collect: { orders: Number(r.cash_orders), amount: fromCents(Number(r.cash_cents)) },
    workshop: { not_started: todayTotal - inPreparation - ready, in_preparation: inPreparation, ready },
  };
}
