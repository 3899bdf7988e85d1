/**
 * Back office customers: every account (customers and admins, labelled by role), searched by id,
 * name or e-mail, with its orders count, paged in SQL (index users_created_at_idx for the order).
 */
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../shared/constants.js';
import { pageMeta } from '../../../shared/schemas/common.js';
import type { Customer, CustomerDetail, CustomerList } from '../../../shared/schemas/people.js';
import type { DbOrTx } from '../../db/client.js';
import { orders, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { containsPattern } from '../../lib/sql-like.js';
import { listUserOrders } from '../orders/orders.service.js';
import { peopleMessages } from './people.messages.js';


// Qualified by hand: drizzle writes bare column names inside sql``, and "id" would mean orders.id here.
const ordersCount = sql<number>`(select count(*)::int from ${orders} o where o.user_id = ${users}.id)`;

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  address: users.address,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  ordersCount,
};
type Row = { id: number; name: string; email: string; phone: string | null; role: string; emailVerifiedAt: Date | null; createdAt: Date; updatedAt: Date; ordersCount: number };

const toCustomer = (r: Row): Customer => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  role: r.role as Role,
  orders_count: Number(r.ordersCount),
  email_verified_at: r.emailVerifiedAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  const byText = or(ilike(users.name, pattern), ilike(users.email, pattern))!;
  // A whole number is also an id (ids fit in a 32-bit integer column).
  const asId = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : null;
  return asId !== null ? or(eq(users.id, asId), byText) : byText;
}

export async function listCustomers(db: DbOrTx, q: { page: number; per_page: number; search?: string }): Promise<CustomerList> {
  const where = and(searchCondition(q.search));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { data: rows.map(toCustomer), meta: pageMeta(q.page, q.per_page, Number(total)) };
}

export async function getCustomer(db: DbOrTx, id: number, q: { page: number; per_page: number }): Promise<CustomerDetail> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id));
  if (!row) throw new AppError(404, peopleMessages.customerNotFound);
  const customerOrders = await listUserOrders(db, id, q.page, q.per_page);
  return { customer: { ...toCustomer(row), address: row.address }, orders: customerOrders };
}
