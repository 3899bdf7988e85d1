/** Reading the audit log: super admins only, filtered by person and kind, newest first, paged. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession, type TestUser } from '../../test/users.js';

let ctx: TestContext;
let admin: TestUser;
let superAdmin: TestUser;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await userWithSession(ctx.db, 'admin');
  superAdmin = await userWithSession(ctx.db, 'super_admin');
  // Three writes by two people, of two kinds.
  await as(admin)('POST', '/api/admin/closed-dates', { date: '2030-01-02', reason: 'Inventaire' });
  await as(admin)('POST', '/api/admin/coupons', { code: 'AUDIT1', type: 'percent', value: 10 });
  await as(superAdmin)('POST', '/api/admin/coupons', { code: 'AUDIT2', type: 'percent', value: 15 });
});
afterAll(() => ctx?.close());

describe('audit log', () => {
  it('is for super admins only', async () => {
    expect((await as(admin)('GET', '/api/admin/audit')).statusCode).toBe(403);
    expect((await as(admin)('GET', '/api/admin/audit/facets')).statusCode).toBe(403);
  });

  it('lists every write newest first, with who, what, before and after', async () => {
    const res = await as(superAdmin)('GET', '/api/admin/audit');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta.total).toBe(3);
    expect(body.data.map((e: { action: string }) => e.action)).toEqual(['coupon.create', 'coupon.create', 'closed_date.close']);
    expect(body.data[0]).toMatchObject({
      actor_id: superAdmin.id,
      actor_email: superAdmin.email,
      entity: 'coupon',
      before: null,
      after: expect.objectContaining({ code: 'AUDIT2' }),
    });
  });

  it('filters by person and by kind, and pages', async () => {
    const mine = (await as(superAdmin)('GET', `/api/admin/audit?actor_id=${admin.id}`)).json();
    expect(mine.data.map((e: { actor_id: number }) => e.actor_id)).toEqual([admin.id, admin.id]);
    const dates = (await as(superAdmin)('GET', '/api/admin/audit?entity=closed_date')).json();
    expect(dates.data).toHaveLength(1);
    expect(dates.data[0].after).toEqual({ date: '2030-01-02', reason: 'Inventaire', moved: [], kept: [] });
    const page2 = (await as(superAdmin)('GET', '/api/admin/audit?per_page=2&page=2')).json();
    expect(page2.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
    const facets = (await as(superAdmin)('GET', '/api/admin/audit/facets')).json();
    expect(facets.entities).toEqual(['closed_date', 'coupon']);
    expect(facets.actors.map((a: { id: number }) => a.id).sort()).toEqual([admin.id, superAdmin.id].sort());
  });
});
