/** "Stay signed in": an admin's live session lasts its full time again; an ended one stays ended. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_SECONDS } from '../../../shared/constants.js';
import { sessions } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { requester, userWithSession } from '../../test/users.js';

let ctx: TestContext;
const as = requester(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const expiryOf = async (userId: number) => (await ctx.db.select({ at: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, userId)))[0]!.at;

describe('POST /api/admin/session/extend', () => {
  it('gives a session about to end its full time again', async () => {
    const admin = await userWithSession(ctx.db, 'admin');
    await ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() + 60_000) }).where(eq(sessions.userId, admin.id));
    const res = await as(admin, 'fr')('POST', '/api/admin/session/extend');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Vous restez connecté.', expires_in: SESSION_TTL_SECONDS });
    const left = ((await expiryOf(admin.id)).getTime() - Date.now()) / 1000;
    expect(left).toBeGreaterThan(SESSION_TTL_SECONDS - 60);
  });

  it('sets the cookie again for the web app, with the full lifetime', async () => {
    const admin = await userWithSession(ctx.db, 'admin');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/session/extend', headers: { cookie: `session=${admin.token}`, origin: ctx.config.publicUrl } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain(`Max-Age=${SESSION_TTL_SECONDS}`);
  });

  it('cannot bring back an ended session, and is for admins only', async () => {
    const admin = await userWithSession(ctx.db, 'admin');
    await ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, admin.id));
    expect((await as(admin)('POST', '/api/admin/session/extend')).statusCode).toBe(401);
    expect((await expiryOf(admin.id)).getTime()).toBeLessThan(Date.now());
    const customer = await userWithSession(ctx.db, 'customer');
    expect((await as(customer)('POST', '/api/admin/session/extend')).statusCode).toBe(403);
  });
});
