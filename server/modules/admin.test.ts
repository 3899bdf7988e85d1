/**
 * Access to the back office, proved on the app's own route table: every /api/admin route, whoever
 * registered it, answers 401 to a visitor, 403 to a customer, 403 to an admin when it is for super
 * admins, and lets admins (and super admins) through; a driver gets 403 everywhere but its round and
 * its own profile (routes marked `driver`). A route added later is walked too.
 */
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema.js';
import { createTestApp, type TestContext } from '../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../test/users.js';
import { adminGuard } from './admin.js';

let ctx: TestContext;
let customer: TestUser;
let admin: TestUser;
let superAdmin: TestUser;
let driver: TestUser;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await userWithSession(ctx.db, 'customer');
  admin = await userWithSession(ctx.db, 'admin');
  superAdmin = await userWithSession(ctx.db, 'super_admin');
  driver = await userWithSession(ctx.db, 'driver');
});
afterAll(async () => {
  await ctx.close();
});

/** A concrete URL for a route pattern: every parameter is an id nobody has. */
const concrete = (url: string) => url.replace(/:(\w+)/g, '987654');

describe('every /api/admin route', () => {
  const adminRoutes = () => ctx.app.routeTable.filter((r) => r.url.startsWith('/api/admin'));

  it('is found in the route table', () => {
    const urls = adminRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls.length).toBeGreaterThan(3);
    expect(urls).toContain('GET /api/admin/profile');
  });

  it('answers 401 to a visitor and 403 to a customer, before reading the request', async () => {
    for (const route of adminRoutes()) {
      const url = concrete(route.url);
      const method = route.method as 'GET';
      expect((await as(null)(method, url)).statusCode, `${route.method} ${route.url} as a visitor`).toBe(401);
      expect((await as(customer)(method, url)).statusCode, `${route.method} ${route.url} as a customer`).toBe(403);
    }
  });

  it('lets an admin in, except on super-admin routes (403); lets a super admin in everywhere', async () => {
    for (const route of adminRoutes()) {
      const url = concrete(route.url);
      const method = route.method as 'GET';
      const asAdmin = (await as(admin)(method, url, {})).statusCode;
      if (route.superAdmin) expect(asAdmin, `${route.method} ${route.url} as an admin`).toBe(403);
      else expect([401, 403], `${route.method} ${route.url} as an admin`).not.toContain(asAdmin);
      const asSuper = (await as(superAdmin)(method, url, {})).statusCode;
      expect([401, 403], `${route.method} ${route.url} as a super admin`).not.toContain(asSuper);
      expect(asSuper, `${route.method} ${route.url} never fails on the server`).toBeLessThan(500);
    }
  });

  it('answers 403 to a driver except on its round and its own profile, which let it in', async () => {
    const open = adminRoutes().filter((r) => r.driver);
    expect(open.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/admin/round', 'POST /api/admin/round/stops/:id/delivered', 'GET /api/admin/profile']),
    );
    for (const route of adminRoutes()) {
      const status = (await as(driver)(route.method as 'GET', concrete(route.url), {})).statusCode;
      if (route.driver) expect([401, 403], `${route.method} ${route.url} as a driver`).not.toContain(status);
      else expect(status, `${route.method} ${route.url} as a driver`).toBe(403);
    }
    // What a driver must never reach, named, so that a wrong flag on one of them fails here.
    for (const url of [
      '/api/admin/dashboard',
      '/api/admin/customers',
      '/api/admin/orders',
      '/api/admin/orders/export.csv',
      '/api/admin/products',
      '/api/admin/settings',
      '/api/admin/rounds',
      '/api/admin/drivers',
    ]) {
      expect((await as(driver)('GET', url)).statusCode, url).toBe(403);
    }
  });

  it('answers with Cache-Control: no-store', async () => {
    const res = await as(admin)('GET', '/api/admin/profile');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the admin scope', () => {
  it('refuses to start when an /api/admin route is registered outside it', async () => {
    const { buildApp } = await import('../app.js');
    const { memoryMailer } = await import('../lib/mail.js');
    const app = await buildApp(ctx.config, ctx.database, { mailer: memoryMailer(), serveWeb: false });
    app.get('/api/admin/sneaky', async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/outside the admin scope.*GET \/api\/admin\/sneaky/);
    await app.close().catch(() => {});
  });

  it('records each successful admin write in the audit log, with secrets hidden', async () => {
    const res = await as(admin)('PUT', '/api/admin/profile', { name: 'Renamed Admin', email: admin.email, phone: '0611111111' });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ actorId: admin.id, actorEmail: admin.email, method: 'PUT', route: '/api/admin/profile', entity: 'user' });
    expect(row!.after).toMatchObject({ name: 'Renamed Admin' });
    expect(row!.before).toMatchObject({ name: admin.name });

    const refused = await as(admin)('PUT', '/api/admin/profile', { name: '', email: 'not-an-email' });
    expect(refused.statusCode).toBe(422);
    const [last] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(last!.id, 'a refused write leaves no row').toBe(row!.id);
  });

  it('the guard itself checks the super-admin flag of the route', async () => {
    const req = (role: string, superAdmin: boolean) => ({ user: { role }, routeOptions: { config: { superAdmin } } }) as never;
    await expect(adminGuard(req('admin', true))).rejects.toMatchObject({ status: 403 });
    await expect(adminGuard(req('super_admin', true))).resolves.toBeUndefined();
    await expect(adminGuard(req('admin', false))).resolves.toBeUndefined();
    await expect(adminGuard(req('customer', false))).rejects.toMatchObject({ status: 403 });
    const driverReq = (driverRoute: boolean) => ({ user: { role: 'driver' }, routeOptions: { config: { driver: driverRoute } } }) as never;
    await expect(adminGuard(driverReq(false))).rejects.toMatchObject({ status: 403 });
    await expect(adminGuard(driverReq(true))).resolves.toBeUndefined();
  });
});
