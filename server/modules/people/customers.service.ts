/**
 * Back office customers: one row per person. Every customer account (admins are staff: they are listed
 * on the profile page's admin list, not here), and every guest buyer without an account (guest_buyers: guest orders sharing an e-mail or phone,
 * kept by triggers), marked as guests. A guest whose e-mail or phone is an account's is that account's
 * row: its order count and last order include those guest orders, and so does its page.
 * Searched by id, name, e-mail or phone in any format; newest first (an account's creation, a guest's
 * first order), paged in SQL.
 */
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../shared/constants.js';
import { pageMeta } from '../../../shared/schemas/common.js';
import type { Customer, CustomerDetail, CustomerList } from '../../../shared/schemas/people.js';
import type { DbOrTx } from '../../db/client.js';
import { guestBuyerKeys, guestBuyers, orders, users } from '../../db/schema.js';
import { sqlRows } from '../../db/sql-rows.js';
import { AppError } from '../../lib/errors.js';
import { containsPattern } from '../../lib/sql-like.js';
import { asPhoneEnding, asPhoneSearch, nameKeyPattern } from '../orders/order-search.js';
import { listOrderSummaries } from '../orders/orders.service.js';
import { peopleMessages } from './people.messages.js';

/** A whole national number has 9 digits: looked up by its index; a shorter one is a start (a scan). */
const WHOLE_PHONE_DIGITS = 9;

interface PersonRow {
  guest: boolean;
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: string;
  email_verified_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  orders_count: number | string;
  last_order_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const toCustomer = (r: PersonRow): Customer => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  role: r.role as Role,
  orders_count: Number(r.orders_count),
  last_order_at: iso(r.last_order_at),
  guest: r.guest,
  email_verified_at: iso(r.email_verified_at),
  created_at: iso(r.created_at)!,
  updated_at: iso(r.updated_at)!,
});

/**
 * The search as conditions on accounts (`u`) and on guest buyers (`b`): the row's id is among the ids
 * that each way of matching finds by its own index (a UNION of lookups, not an OR over one table, which
 * the planner can only answer by reading every row): a part of a name or an e-mail (trigram indexes, for
 * ILIKE '%…%'), a name written in the other script (Khadija, خديجة: the consonant keys `name_key`, by
 * trigrams), an id (primary key), a phone (whole: equality; a start: text_pattern_ops or trigrams; its
 * last 4 digits or more: trigrams).
 */
function searchConditions(search: string | undefined): { account: SQL; guest: SQL } {
  if (!search) return { account: sql`true`, guest: sql`true` };
  const pattern = containsPattern(search);
  const asId = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : null;
  const phone = asPhoneSearch(search);
  const ending = asPhoneEnding(search);
  const nameKey = nameKeyPattern(search);
  const account: SQL[] = [
    sql`select x.id from users x where x.name ilike ${pattern}`,
    sql`select x.id from users x where x.email ilike ${pattern}`,
  ];
  // A guest's every e-mail, not only the latest order's.
  const guest: SQL[] = [
    sql`select x.id from guest_buyers x where x.name ilike ${pattern}`,
    sql`select k.buyer_id from guest_buyer_keys k where k.key ilike ${`e:${pattern}`}`,
  ];
  if (nameKey) {
    account.push(sql`select x.id from users x where x.name_key like ${nameKey}`);
    guest.push(sql`select x.id from guest_buyers x where x.name_key like ${nameKey}`);
  }
  if (ending !== null) {
    const keyEnd = sql`k.key like ${`p:%${ending}`}`;
    account.push(sql`select x.id from users x where x.phone_key like ${`%${ending}`}`);
    account.push(
      sql`select gb.user_id from guest_buyer_keys k join guest_buyers gb on gb.id = k.buyer_id where ${keyEnd} and gb.user_id is not null`,
    );
    guest.push(sql`select k.buyer_id from guest_buyer_keys k where ${keyEnd}`);
  }
  if (asId !== null) account.push(sql`select ${asId}::integer`);
  if (phone !== null) {
    const whole = phone.length >= WHOLE_PHONE_DIGITS;
    const key = `p:${phone}`;
    const keyMatch = whole ? sql`k.key = ${key}` : sql`k.key like ${`${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
    // An account's own phone, or the phone of a guest buyer linked to it.
    account.push(sql`select x.id from users x where ${whole ? sql`x.phone_key = ${phone}` : sql`x.phone_key like ${`${phone}%`}`}`);
    account.push(
      sql`select gb.user_id from guest_buyer_keys k join guest_buyers gb on gb.id = k.buyer_id where ${keyMatch} and gb.user_id is not null`,
    );
    guest.push(sql`select k.buyer_id from guest_buyer_keys k where ${keyMatch}`);
  }
  return {
    account: sql`u.id in (${sql.join(account, sql` union `)})`,
    guest: sql`b.id in (${sql.join(guest, sql` union `)})`,
  };
}

/**
 * Guest buyers linked to a staff account (an order taken with an admin's phone or e-mail): the admin is
 * not a customer, so they stay guests here. Few rows: the staff accounts, then their guests by index.
 */
const staffLinkedGuests = sql`guest_buyers b join users s on s.id = b.user_id and s.role <> 'customer' where true`;

/**
 * One page of people: accounts and unlinked guest buyers in one order (newest first), read as one
 * UNION ALL ordered and cut in SQL; the counts and last orders are computed for the page's rows only.
 */
export async function listCustomers(db: DbOrTx, q: { page: number; per_page: number; search?: string }): Promise<CustomerList> {
  const { account, guest } = searchConditions(q.search?.trim() || undefined);
  const offset = (q.page - 1) * q.per_page;
  // The page lies within the first offset + per_page rows of each side: each side reads only those, in
  // its index's order (users_created_id_idx, guest_buyers_unlinked_first_idx), and the two are merged.
  const reach = offset + q.per_page;
  const [rows, [counts]] = await Promise.all([
    sqlRows<PersonRow>(
      db,
      sql`select p.guest, p.id, p.name, p.email, p.phone, p.role, p.email_verified_at, p.since as created_at, p.updated_at,
            case when p.guest then p.guest_orders
                 else (select count(*) from orders o where o.user_id = p.id)
                      + coalesce((select sum(gb.orders_count) from guest_buyers gb where gb.user_id = p.id), 0) end as orders_count,
            case when p.guest then p.guest_last
                 else greatest((select max(o.created_at) from orders o where o.user_id = p.id),
                               (select max(gb.last_order_at) from guest_buyers gb where gb.user_id = p.id)) end as last_order_at
          from (
            select * from (
              (select false as guest, u.id, u.name, u.email, u.phone, u.role, u.email_verified_at, u.created_at as since, u.updated_at,
                     0 as guest_orders, null::timestamptz as guest_last
              from users u where u.role = 'customer' and ${account}
              order by u.created_at desc, u.id desc limit ${reach})
              union all
              (select true, b.id, b.name, b.email, b.phone, 'customer', null, b.first_order_at, b.last_order_at, b.orders_count, b.last_order_at
              from guest_buyers b where b.user_id is null and ${guest}
              order by b.first_order_at desc, b.id desc limit ${reach})
              union all
              (select true, b.id, b.name, b.email, b.phone, 'customer', null, b.first_order_at, b.last_order_at, b.orders_count, b.last_order_at
              from ${staffLinkedGuests} and ${guest}
              order by b.first_order_at desc, b.id desc limit ${reach})
            ) people
            order by since desc, id desc
            limit ${q.per_page} offset ${offset}
          ) p
          order by p.since desc, p.id desc`,
    ),
    sqlRows<{ accounts: number | string; guests: number | string }>(
      db,
      sql`select (select count(*) from users u where u.role = 'customer' and ${account}) as accounts,
                 (select count(*) from guest_buyers b where b.user_id is null and ${guest})
                 + (select count(*) from ${staffLinkedGuests} and ${guest}) as guests`,
    ),
  ]);
  const total = Number(counts!.accounts) + Number(counts!.guests);
  return { data: rows.map(toCustomer), meta: pageMeta(q.page, q.per_page, total) };
}

/** The guest orders of the guest buyers `buyerIds` (by their e-mails and phones). */
function guestOrdersOf(buyerIds: SQL): SQL {
  return and(
    isNull(orders.userId),
    or(
      sql`lower(${orders.customerEmail}) in (select substr(k.key, 3) from ${guestBuyerKeys} k where k.buyer_id in (${buyerIds}) and k.key like 'e:%')`,
      sql`${orders.customerPhoneKey} in (select substr(k.key, 3) from ${guestBuyerKeys} k where k.buyer_id in (${buyerIds}) and k.key like 'p:%')`,
    ),
  )!;
}

export async function getCustomer(db: DbOrTx, id: number, q: { page: number; per_page: number }): Promise<CustomerDetail> {
  const [row] = await db.select({ address: users.address }).from(users).where(eq(users.id, id));
  if (!row) throw new AppError(404, peopleMessages.customerNotFound);
  const [person] = await sqlRows<PersonRow>(
    db,
    sql`select false as guest, u.id, u.name, u.email, u.phone, u.role, u.email_verified_at, u.created_at, u.updated_at,
          (select count(*) from orders o where o.user_id = u.id) + coalesce((select sum(gb.orders_count) from guest_buyers gb where gb.user_id = u.id), 0) as orders_count,
          greatest((select max(o.created_at) from orders o where o.user_id = u.id), (select max(gb.last_order_at) from guest_buyers gb where gb.user_id = u.id)) as last_order_at
        from users u where u.id = ${id}`,
  );
  const linked = sql`select gb.id from ${guestBuyers} gb where gb.user_id = ${id}`;
  const customerOrders = await listOrderSummaries(db, or(eq(orders.userId, id), guestOrdersOf(linked)), q.page, q.per_page);
  return { customer: { ...toCustomer(person!), address: row.address }, orders: customerOrders };
}

/** A guest buyer's page: who they are (as on their latest order) and their orders. */
export async function getGuestCustomer(db: DbOrTx, id: number, q: { page: number; per_page: number }): Promise<CustomerDetail> {
  const [buyer] = await db.select().from(guestBuyers).where(eq(guestBuyers.id, id));
  if (!buyer) throw new AppError(404, peopleMessages.customerNotFound);
  // A guest since linked to an account is that account's row: its page is the account's.
  if (buyer.userId !== null) return getCustomer(db, buyer.userId, q);
  const customerOrders = await listOrderSummaries(db, guestOrdersOf(sql`${id}`), q.page, q.per_page);
  const customer = toCustomer({
    guest: true,
    id: buyer.id,
    name: buyer.name,
    email: buyer.email,
    phone: buyer.phone,
    role: 'customer',
    email_verified_at: null,
    created_at: buyer.firstOrderAt,
    updated_at: buyer.lastOrderAt,
    orders_count: buyer.ordersCount,
    last_order_at: buyer.lastOrderAt,
  });
  return { customer: { ...customer, address: null }, orders: customerOrders };
}
