/**
 * A returning customer found by phone, for a staff order: the phone as typed becomes its canonical
 * key (orders/order-search.ts `phoneKey`, the twin of the stored generated columns), and every lookup
 * is an equality on an index — accounts by `users.phone_key`, guest buyers by `guest_buyer_keys`
 * (primary key), orders by `orders.customer_phone_key` (btree) and an account's orders by
 * `orders_user_created_idx`. One round trip: the people, and the addresses, recipients and orders of
 * their last orders, each most recent first.
 */
import { sql } from 'drizzle-orm';
import { fromCents } from '../../../shared/money.js';
import type { PhoneLookup } from '../../../shared/schemas/people.js';
import type { DbOrTx } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import { phoneKey } from '../orders/order-search.js';

/** Under 8 digits a number is still being typed: it would match strangers' numbers by chance. */
const MIN_KEY_DIGITS = 8;
/** What is offered: a handful of choices, one tap each. */
const OFFERED = 5;
/** The past orders looked at (most recent first). */
const RECENT_ORDERS = 20;

type Num = number | string;
const iso = (d: Date | string) => new Date(d).toISOString();

export async function lookupByPhone(db: DbOrTx, phone: string): Promise<PhoneLookup> {
  const key = phoneKey(phone);
  if (!key || key.length < MIN_KEY_DIGITS) return { people: [], addresses: [], recipients: [], orders: [] };
  const [row] = await sqlRows<{ people: unknown; addresses: unknown; recipients: unknown; orders: unknown }>(
    db,
    sql`with acct as (
          select u.id, u.name, u.email, u.phone from users u where u.phone_key = ${key} and u.role = 'customer'),
        gb as (
          select b.id, b.name, b.email, b.phone, b.orders_count from guest_buyer_keys k join guest_buyers b on b.id = k.buyer_id
          where k.key = ${`p:${key}`} and (b.user_id is null or b.user_id not in (select id from acct))),
        hit as (
          select * from (
            (select o.id, o.created_at from orders o where o.customer_phone_key = ${key} order by o.created_at desc limit ${RECENT_ORDERS})
            union
            (select o.id, o.created_at from orders o where o.user_id in (select id from acct) order by o.created_at desc limit ${RECENT_ORDERS})
          ) h order by created_at desc, id desc limit ${RECENT_ORDERS}),
        recent as (
          select o.*, h.created_at as at from hit h join orders o on o.id = h.id)
        select
          (select coalesce(json_agg(p), '[]'::json) from (
             select 'account' as kind, a.id, a.name, a.email, a.phone,
                    (select count(*) from orders o where o.user_id = a.id)
                    + coalesce((select sum(x.orders_count) from guest_buyers x where x.user_id = a.id), 0) as orders_count
             from acct a
             union all
             select 'guest', g.id, g.name,
                    -- The latest order may have been taken without an e-mail: the last one they gave.
                    coalesce(nullif(g.email, ''), (select r.customer_email from recent r where r.customer_email <> '' order by r.at desc limit 1)),
                    g.phone, g.orders_count from gb g) p) as people,
          (select coalesce(json_agg(a), '[]'::json) from (
             select street, postal_code, country, city, delivery_zone_id from (
               select distinct on (lower(trim(oa.street)), oa.postal_code, r.delivery_zone_id)
                      oa.street, oa.postal_code, oa.country, r.delivery_city as city,
                      (select z.id from delivery_zones z where z.id = r.delivery_zone_id and z.is_active) as delivery_zone_id,
                      r.delivery_zone_id as zone_key, r.at
               from recent r join order_addresses oa on oa.order_id = r.id and oa.kind = 'shipping'
               order by lower(trim(oa.street)), oa.postal_code, r.delivery_zone_id, r.at desc) d
             order by at desc limit ${OFFERED}) a) as addresses,
          (select coalesce(json_agg(x), '[]'::json) from (
             select name, phone from (
               select distinct on (lower(trim(r.recipient_name)), r.recipient_phone_key)
                      r.recipient_name as name, r.recipient_phone as phone, r.at
               from recent r where r.recipient_name is not null and trim(r.recipient_name) <> ''
               order by lower(trim(r.recipient_name)), r.recipient_phone_key, r.at desc) d
             order by at desc limit ${OFFERED}) x) as recipients,
          (select coalesce(json_agg(o), '[]'::json) from (
             select r.id, r.at as created_at, r.delivery_date, r.order_status, r.total_cents
             from recent r order by r.at desc, r.id desc limit ${OFFERED}) o) as orders`,
  );
  const parse = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
  const people = parse<{ kind: 'account' | 'guest'; id: number; name: string; email: string | null; phone: string; orders_count: Num }[]>(
    row!.people,
  );
  const past = parse<{ id: number; created_at: string; delivery_date: string | null; order_status: string; total_cents: Num }[]>(
    row!.orders,
  );
  return {
    people: people.map((p) => ({ ...p, orders_count: Number(p.orders_count) })),
    addresses: parse<PhoneLookup['addresses']>(row!.addresses),
    recipients: parse<PhoneLookup['recipients']>(row!.recipients),
    orders: past.map((o) => ({
      id: o.id,
      created_at: iso(o.created_at),
      delivery_date: o.delivery_date,
      order_status: o.order_status,
      total_amount: fromCents(Number(o.total_cents)),
    })),
  };
}
