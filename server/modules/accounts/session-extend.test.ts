/**
 * Sessions end after a time without activity, at the latest at their absolute cap; "Stay signed in"
 * is activity. An ended session stays ended.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MAX_SECONDS, SESSION_TTL_SECONDS } from '../../../shared/constants.js';
import { sessions } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession } from '../../test/users.js';

let ctx: TestContext;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const expiryOf = async (userId: number) =>
  (await ctx.db.select({ at: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, userId)))[0]!.at;

describe('POST /api/admin/session/extend', () => {
  it('gives a session about to end its full time again', async () => {
    const admin = await userWithSession(ctx.db, 'admin');
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.userId, admin.id));
    const res = await as(admin, 'fr')('POST', '/api/admin/session/extend');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Vous restez connecté.', expires_in: SESSION_TTL_SECONDS });
    const left = ((await expiryOf(admin.id)).getTime() - Date.now()) / 1000;
    expect(left).toBeGreaterThan(SESSION_TTL_SECONDS - 60);
  });

  it('sets the cookie again for the web app, with the full lifetime', async () => {
    const admin = await userWithSession(ctx.db, 'admin');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/session/extend',
      headers: { cookie: `session=${admin.token}`, origin: ctx.config.publicUrl },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain(`Max-Age=${SESSION_MAX_SECONDS}`);
  });

  it('cannot bring back an ended session, and is for admins only', async () => {
    const admin = await userWithSession(ctx.db, 'admin');
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, admin.id));
    expect((await as(admin)('POST', '/api/admin/session/extend')).statusCode).toBe(401);
    expect((await expiryOf(admin.id)).getTime()).toBeLessThan(Date.now());
    const customer = await userWithSession(ctx.db, 'customer');
    expect((await as(customer)('POST', '/api/admin/session/extend')).statusCode).toBe(403);
  });
});

describe('a session ends after a time without activity', () => {
  const endIn = (userId: number, ms: number, startedAgoMs = 0) =>
    ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + ms), createdAt: new Date(Date.now() - startedAgoMs) })
      .where(eq(sessions.userId, userId));
  const secondsLeft = async (userId: number) => ((await expiryOf(userId)).getTime() - Date.now()) / 1000;

  it('any request of its own moves the end to the idle time from now, and says how long is left', async () => {
    const admin = await userWithSession(ctx.db, 'admin');
    await endIn(admin.id, 60_000, 4 * 3600_000);
    const res = await as(admin)('GET', '/api/admin/orders');
    expect(res.statusCode).toBe(200);
    expect(await secondsLeft(admin.id)).toBeGreaterThan(SESSION_TTL_SECONDS - 60);
    expect(Number(res.headers['session-expires-in'])).toBeGreaterThan(SESSION_TTL_SECONDS - 60);
  });

  it('a background check (session-activity: passive) leaves the end where it is', async () => {
    const customer = await userWithSession(ctx.db, 'customer');
    await endIn(customer.id, 120_000);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${customer.token}`, 'session-activity': 'passive' },
    });
    expect(res.statusCode).toBe(200);
    expect(await secondsLeft(customer.id)).toBeLessThan(121);
    expect(Number(res.headers['session-expires-in'])).toBeLessThanOrEqual(120);
  });

  it('idleness past the end signs out: the next request is 401 and moves nothing', async () => {
    const customer = await userWithSession(ctx.db, 'customer');
    await endIn(customer.id, -1000);
    const res = await as(customer)('GET', '/api/profile');
    expect(res.statusCode).toBe(401);
    expect(res.headers['session-expires-in']).toBeUndefined();
    expect((await expiryOf(customer.id)).getTime()).toBeLessThan(Date.now());
  });

  it('activity never carries a session past its absolute cap after sign-in', async () => {
    const admin = await userWithSession(ctx.db, 'admin');
    // Signed in 11 h 50 min ago: 10 minutes are left whatever the activity.
    await endIn(admin.id, 60_000, (SESSION_MAX_SECONDS - 600) * 1000);
    const res = await as(admin, 'fr')('POST', '/api/admin/session/extend');
    expect(res.statusCode).toBe(200);
    const left = await secondsLeft(admin.id);
    expect(left).toBeGreaterThan(590);
    expect(left).toBeLessThanOrEqual(600);
    expect(res.json().expires_in).toBeLessThanOrEqual(600);
  });
});
