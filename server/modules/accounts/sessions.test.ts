import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { ORIGIN, caller, insertUser, tokenOf } from './accounts.test-utils.js';

let ctx: TestContext;
const call = caller(() => ctx.app);
const EMAIL = 'sessions@example.com';
// Not one of the common passwords: the test changes back to it.
const PASSWORD = 'Rose-Garden-48';

beforeAll(async () => {
  ctx = await createTestApp();
  await insertUser(ctx.db, EMAIL, 'customer', PASSWORD);
});
afterAll(() => ctx.close());

const login = async (password = PASSWORD) => {
  const res = await call('POST', '/api/login', { body: { email: EMAIL, password } });
  expect(res.statusCode).toBe(200);
  return { token: res.json().token as string, cookie: res.cookies.find((c) => c.name === 'session')!.value };
};
const profileWith = (token: string) => call('GET', '/api/profile', { token }).then((r) => r.statusCode);
const cookieHeader = (value: string) => ({ cookie: `session=${value}` });

describe('sessions', () => {
  it('stores only the hash of the token, expiring after 10800 s', async () => {
    const { token } = await login();
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row).toBeDefined();
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(10790 * 1000);
    expect(ttl).toBeLessThanOrEqual(10800 * 1000);
    const all = await ctx.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(all.some((s) => s.hash === token)).toBe(false);
  });

  it('stops working once expired', async () => {
    const { token } = await login();
    expect(await profileWith(token)).toBe(200);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(await profileWith(token)).toBe(401);
  });

  it('logout revokes the session it was called with, and only that one', async () => {
    const a = await login();
    const b = await login();
    const res = await call('POST', '/api/logout', { token: a.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully.' });
    expect(await profileWith(a.token)).toBe(401);
    expect(await profileWith(b.token)).toBe(200);
  });

  it('logout answers 200 without a session, and clears the cookie', async () => {
    const res = await call('POST', '/api/logout', { lang: 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Vous êtes déconnecté.' });
    const cleared = res.cookies.find((c) => c.name === 'session');
    expect(cleared?.value).toBe('');
  });

  it('the cookie authenticates GETs; unsafe cookie requests need the shop’s origin', async () => {
    const { cookie } = await login();
    const get = await call('GET', '/api/profile', { headers: cookieHeader(cookie) });
    expect(get.statusCode).toBe(200);
    // No Origin: refused before anything happens.
    const noOrigin = await call('PUT', '/api/profile', {
      headers: cookieHeader(cookie),
      body: { name: 'Evil', email: 'evil@example.com' },
    });
    expect(noOrigin.statusCode).toBe(403);
    const evil = await call('POST', '/api/password/change', {
      headers: { ...cookieHeader(cookie), origin: 'https://evil.example' },
      body: { current_password: PASSWORD, new_password: 'hacked-1', new_password_confirmation: 'hacked-1' },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toEqual({ message: 'Request refused: it does not come from the shop’s own site.' });
    const noOriginLogout = await call('POST', '/api/logout', { headers: cookieHeader(cookie) });
    expect(noOriginLogout.statusCode).toBe(403);
    expect(await call('GET', '/api/profile', { headers: cookieHeader(cookie) }).then((r) => r.statusCode)).toBe(200);
    // Same origin: accepted; logout by cookie revokes that session.
    const out = await call('POST', '/api/logout', { headers: { ...cookieHeader(cookie), origin: ORIGIN } });
    expect(out.statusCode).toBe(200);
    expect(await call('GET', '/api/profile', { headers: cookieHeader(cookie) }).then((r) => r.statusCode)).toBe(401);
  });

  it('password change keeps the current session and revokes the others', async () => {
    const current = await login();
    const other = await login();
    const res = await call('POST', '/api/password/change', {
      token: current.token,
      body: { current_password: PASSWORD, new_password: 'changed-1', new_password_confirmation: 'changed-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(await profileWith(current.token)).toBe(200);
    expect(await profileWith(other.token)).toBe(401);
    // Back to the old password for the next tests.
    await call('POST', '/api/password/change', {
      token: current.token,
      body: { current_password: 'changed-1', new_password: PASSWORD, new_password_confirmation: PASSWORD },
    });
  });

  it('a password reset revokes every session', async () => {
    const a = await login();
    const b = await login();
    await call('POST', '/api/password/forgot', { body: { email: EMAIL } });
    await ctx.app.mailQueue.settled();
    const token = tokenOf(ctx.mail.sent.at(-1));
    const res = await call('POST', '/api/password/reset', {
      body: { token, password: 'after-reset', password_confirmation: 'after-reset' },
    });
    expect(res.statusCode).toBe(200);
    expect(await profileWith(a.token)).toBe(401);
    expect(await profileWith(b.token)).toBe(401);
    await login('after-reset');
  });

  it('logging in again in the same browser drops the previous cookie session', async () => {
    const first = await login('after-reset');
    const res = await call('POST', '/api/login', {
      headers: { ...cookieHeader(first.cookie), origin: ORIGIN },
      body: { email: EMAIL, password: 'after-reset' },
    });
    expect(res.statusCode).toBe(200);
    expect(await profileWith(first.token)).toBe(401);
    expect(await profileWith(res.json().token)).toBe(200);
  });
});
