/** Back office people: customers list and page, admin management (super admins only). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, users } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';

let ctx: TestContext;
let admin: TestUser;
let superAdmin: TestUser;
let nadia: TestUser;
const as = requester(() => ctx.app);

const order = (userId: number | null, createdAt: Date) => ({
  userId,
  customerName: 'Nadia',
  customerEmail: 'nadia@example.test',
  customerPhone: '0612345678',
  deliveryCity: 'Rabat',
  subtotalCents: 20000,
  totalCents: 20000,
  paymentMethod: 'cash_on_delivery',
  createdAt,
});

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await userWithSession(ctx.db, 'admin', { name: 'Plain Admin', email: 'plain.admin@example.test' });
  superAdmin = await userWithSession(ctx.db, 'super_admin', { name: 'Chief', email: 'chief@example.test' });
  nadia = await userWithSession(ctx.db, 'customer', { name: 'Nadia Benali', email: 'nadia@example.test' });
  await ctx.db.insert(users).values({ name: 'Unconfirmed 100%', email: 'late@example.test', passwordHash: 'x' });
  await ctx.db
    .insert(orders)
    .values([order(nadia.id, new Date('2025-03-01T10:00:00Z')), order(nadia.id, new Date('2025-03-02T10:00:00Z'))]);
});
afterAll(() => ctx?.close());

describe('customers', () => {
  it('lists every customer account newest first (admins are not customers) with orders count and e-mail confirmation, on both spec paths', async () => {
    for (const path of ['/api/admin/customers', '/api/admin/costumer']) {
      const res = await as(admin)('GET', path);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.meta).toEqual({ page: 1, per_page: 10, total: 2, last_page: 1 });
      expect(body.data[0]).toMatchObject({ name: 'Unconfirmed 100%', role: 'customer', orders_count: 0, email_verified_at: null });
      expect(body.data.find((c: { id: number }) => c.id === nadia.id)).toMatchObject({
        email: 'nadia@example.test',
        orders_count: 2,
        role: 'customer',
        email_verified_at: expect.any(String),
      });
      expect(body.data.map((c: { role: string }) => c.role)).toEqual(['customer', 'customer']);
    }
  });

  it('searches the id, the name or the e-mail, ignoring case, with % taken literally', async () => {
    const search = async (s: string) =>
      (await as(admin)('GET', `/api/admin/customers?search=${encodeURIComponent(s)}`)).json().data.map((c: { id: number }) => c.id);
    expect(await search('NADIA')).toEqual([nadia.id]);
    expect(await search('chief@EXAMPLE')).toEqual([]);
    expect(await search(String(nadia.id))).toContain(nadia.id);
    expect(await search('100%')).toHaveLength(1);
    expect(await search('nobody-here')).toEqual([]);
    const paged = (await as(admin)('GET', '/api/admin/customers?per_page=1&page=2')).json();
    expect(paged.meta).toEqual({ page: 2, per_page: 1, total: 2, last_page: 2 });
    expect(paged.data).toHaveLength(1);
  });

  it('shows a customer’s page with their orders, 404 for an unknown id', async () => {
    const res = await as(admin, 'fr')('GET', `/api/admin/customers/${nadia.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.customer).toMatchObject({ id: nadia.id, name: 'Nadia Benali', orders_count: 2 });
    expect(body.orders.meta.total).toBe(2);
    expect(body.orders.data[0].created_at).toBe('2025-03-02T10:00:00.000Z');
    const missing = await as(admin, 'fr')('GET', '/api/admin/customers/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Client introuvable.' });
  });
});

describe('admin management', () => {
  const newAdmin = {
    name: '  Samira  ',
    email: 'Samira@Example.test',
    password: 'a-long-password-1',
    password_confirmation: 'a-long-password-1',
    role: 'Super admin',
    phone: '',
    address: ' ',
  };

  it('is for super admins only: a plain admin gets 403 on every route', async () => {
    expect((await as(admin)('GET', '/api/admin/admins')).statusCode).toBe(403);
    expect((await as(admin)('POST', '/api/admin/admins/new', newAdmin)).statusCode).toBe(403);
    expect((await as(admin)('DELETE', `/api/admin/admins/${superAdmin.id}/delete`)).statusCode).toBe(403);
    expect((await ctx.db.select().from(users).where(eq(users.email, 'samira@example.test'))).length).toBe(0);
  });

  it('lists admins and super admins only', async () => {
    const res = await as(superAdmin)('GET', '/api/admin/admins');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((a: { id: number }) => a.id)).toEqual([admin.id, superAdmin.id]);
  });

  it('validates a new admin: 12-character passwords, confirmation, taken e-mail', async () => {
    const short = await as(superAdmin)('POST', '/api/admin/admins/new', {
      ...newAdmin,
      password: 'short123',
      password_confirmation: 'short123',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['An administrator’s password must be at least 12 characters long.'] });
    const empty = await as(superAdmin, 'fr')('POST', '/api/admin/admins/new', { name: ' ', email: '', password: '' });
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'name', 'password']);
    const mismatch = await as(superAdmin)('POST', '/api/admin/admins/new', { ...newAdmin, password_confirmation: 'something-else-1' });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Passwords do not match.'] });
    const taken = await as(superAdmin)('POST', '/api/admin/admins/new', { ...newAdmin, email: nadia.email });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['An account with this email address already exists.']);
    const role = await as(superAdmin)('POST', '/api/admin/admins/new', { ...newAdmin, role: 'customer' });
    expect(role.statusCode).toBe(422);
  });

  it('creates an admin who can log in, trimmed, "Super admin" read as super_admin, empty phone and address null, audited', async () => {
    const res = await as(superAdmin)('POST', '/api/admin/admins/new', newAdmin);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Admin created successfully!',
      admin: { name: 'Samira', email: 'samira@example.test', role: 'super_admin', phone: null, address: null },
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'samira@example.test', password: newAdmin.password },
    });
    expect(login.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'admin.create'));
    expect(row).toMatchObject({ actorId: superAdmin.id, entity: 'admin', entityId: String(res.json().admin.id) });
    expect(JSON.stringify(row!.after)).not.toContain('a-long-password');
  });

  it('never lets a super admin delete themself', async () => {
    const res = await as(superAdmin)('DELETE', `/api/admin/admins/${superAdmin.id}/delete`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You cannot delete your own account' });
    expect((await as(superAdmin)('GET', '/api/admin/profile')).statusCode).toBe(200);
  });

  it('deletes an admin, whose open sessions stop working at once; a customer is not an admin (404)', async () => {
    const victim = await userWithSession(ctx.db, 'admin');
    expect((await as(victim)('GET', '/api/admin/profile')).statusCode).toBe(200);
    const res = await as(superAdmin)('DELETE', `/api/admin/admins/${victim.id}/delete`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Admin deleted successfully' });
    expect((await as(victim)('GET', '/api/admin/profile')).statusCode).toBe(401);
    expect((await as(victim)('GET', '/api/profile')).statusCode).toBe(401);
    expect((await as(superAdmin)('DELETE', `/api/admin/admins/${victim.id}/delete`)).statusCode).toBe(404);
    expect((await as(superAdmin)('DELETE', `/api/admin/admins/${nadia.id}/delete`)).statusCode).toBe(404);
  });
});
