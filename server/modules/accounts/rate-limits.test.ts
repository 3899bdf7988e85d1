/** Rate limits are off in the other tests; this file turns them on and hits each limit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { ACCOUNT_RATE_LIMITS as L } from './accounts.routes.js';
import { insertUser } from './accounts.test-utils.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'true' });
  await insertUser(ctx.db, 'known@example.com');
  await insertUser(ctx.db, 'other@example.com');
});
afterAll(() => ctx.close());

/** Distinct client addresses, so one test's requests do not count against another's. */
let ipCounter = 10;
const newIp = () => `10.0.0.${ipCounter++}`;
const fromIp =
  (remoteAddress: string) =>
  (method: 'POST', url: string, body: object, lang = 'en') =>
    ctx.app.inject({ method, url, payload: body, remoteAddress, headers: { 'accept-language': lang } });

describe('rate limits', () => {
  it(`login: ${L.login.max} a minute per address, then 429 in the reader’s language`, async () => {
    const send = fromIp(newIp());
    for (let i = 0; i < L.login.max; i++) {
      const res = await send('POST', '/api/login', { email: 'nobody@example.com', password: 'whatever' });
      expect(res.statusCode).toBe(401);
    }
    const limited = await send('POST', '/api/login', { email: 'known@example.com', password: 'secret123' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many attempts. Please try again in a few minutes.' });
    expect(limited.headers['retry-after']).toBeDefined();
    const fr = await send('POST', '/api/login', { email: 'known@example.com', password: 'secret123' }, 'fr');
    expect(fr.json()).toEqual({ message: 'Trop de tentatives. Réessayez dans quelques minutes.' });
    // Another client is not affected.
    expect((await fromIp(newIp())('POST', '/api/login', { email: 'known@example.com', password: 'secret123' })).statusCode).toBe(200);
  });

  it(`register: ${L.register.max} an hour per address`, async () => {
    const send = fromIp(newIp());
    for (let i = 0; i < L.register.max; i++) {
      const res = await send('POST', '/api/register', { name: 'x' });
      expect(res.statusCode).toBe(422);
    }
    expect((await send('POST', '/api/register', { name: 'x' })).statusCode).toBe(429);
  });

  it(`forgot: ${L.forgotPerEmail.max} per e-mail address whatever the client, and ${L.forgot.max} per client`, async () => {
    for (let i = 0; i < L.forgotPerEmail.max; i++) {
      expect((await fromIp(newIp())('POST', '/api/password/forgot', { email: 'known@example.com' })).statusCode).toBe(200);
    }
    const perEmail = await fromIp(newIp())('POST', '/api/password/forgot', { email: 'KNOWN@example.com' }, 'ar');
    expect(perEmail.statusCode).toBe(429);
    expect(perEmail.json()).toEqual({ message: 'محاولات كثيرة جدًا. يرجى المحاولة بعد بضع دقائق.' });
    await ctx.app.mailQueue.settled();
    expect(ctx.mail.sent.filter((m) => m.to === 'known@example.com')).toHaveLength(L.forgotPerEmail.max);

    // Sweeping many addresses from one client stops at the per-client limit.
    const send = fromIp(newIp());
    for (let i = 0; i < L.forgot.max; i++) {
      expect((await send('POST', '/api/password/forgot', { email: `sweep${i}@example.com` })).statusCode).toBe(404);
    }
    expect((await send('POST', '/api/password/forgot', { email: 'other@example.com' })).statusCode).toBe(429);
  });

  it(`resend: ${L.resendPerEmail.max} per e-mail address`, async () => {
    for (let i = 0; i < L.resendPerEmail.max; i++) {
      expect((await fromIp(newIp())('POST', '/api/email/resend-confirmation', { email: 'someone@example.com' })).statusCode).toBe(200);
    }
    expect((await fromIp(newIp())('POST', '/api/email/resend-confirmation', { email: 'someone@example.com' })).statusCode).toBe(429);
  });

  it(`e-mail change: ${L.login.max} a minute per account whatever the client (guessing its password is guessing a login)`, async () => {
    const login = await fromIp(newIp())('POST', '/api/login', { email: 'other@example.com', password: 'secret123' });
    const authorization = `Bearer ${login.json().token as string}`;
    const ask = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/profile/email',
        remoteAddress: newIp(),
        headers: { authorization, 'accept-language': 'en' },
        payload: { new_email: 'moved@example.com', current_password: password },
      });
    for (let i = 0; i < L.login.max; i++) expect((await ask(`guess-${i}`)).statusCode).toBe(422);
    const limited = await ask('secret123');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
