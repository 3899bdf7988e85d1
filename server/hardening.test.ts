/**
 * Secrets and trust: no tokens or bound values in logs, mail links printed only off production, a
 * client cannot escape per-IP limits with X-Forwarded-For, the session cookie over https, the CSRF
 * check only skipped for real bearer authentication, admin routes hidden from the production API page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { redactUrl, safeError } from './lib/log-redaction.js';
import { createMailer, memoryMailer } from './lib/mail.js';
import { createTestApp, createTestDatabase, type TestContext } from './test/helpers.js';
import { insertUser } from './modules/accounts/accounts.test-utils.js';
import { CHECKOUT_RATE_LIMITS } from './modules/checkout/checkout.routes.js';
import { requestLogSerializers } from './app.js';

describe('logs', () => {
  it('drop the secrets that links carry', () => {
    expect(redactUrl('/api/orders/track/12?token=s3cr3t&lang=fr')).toBe('/api/orders/track/12?token=[redacted]&lang=fr');
    expect(redactUrl('/reset-password?token=abc')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/email-confirmation/abcDEF123')).toBe('/email-confirmation/[redacted]');
    expect(redactUrl('/products?page=2')).toBe('/products?page=2');
  });

  it('log database errors without the values the query was bound to', () => {
    const err = Object.assign(new Error('Failed query: insert into users (email) values ($1)\nparams: victim@example.com'), {
      cause: { code: '23505', message: 'duplicate key value', constraint: 'users_email_uq' },
    });
    const logged = JSON.stringify(safeError(err));
    expect(logged).not.toContain('victim@example.com');
    expect(logged).toContain('23505');
  });

  it('request lines written by the app carry no token', async () => {
    const lines: string[] = [];
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/flora-log-test', RATE_LIMIT: 'false' });
    const app = await buildApp(config, database, {
      logger: { level: 'info', stream: { write: (l: string) => void lines.push(l) }, serializers: requestLogSerializers },
      mailer: memoryMailer(),
      serveWeb: false,
    });
    try {
      await app.inject({ method: 'GET', url: '/api/orders/track/1?token=VerySecretToken123' });
      expect(lines.join('\n')).toContain('/api/orders/track/1?token=[redacted]');
      expect(lines.join('\n')).not.toContain('VerySecretToken123');
    } finally {
      await app.close();
      await database.close();
    }
  }, 90_000);

  it('print mail links on the console only without SMTP and outside production', async () => {
    for (const env of ['production', 'development'] as const) {
      const logged: object[] = [];
      const log = { info: (o: object) => void logged.push(o), warn() {}, error() {} };
      const mailer = createMailer({ env, mailFrom: 'shop@flora.test', dataDir: '/tmp/flora-mail-links-test' }, log);
      await mailer.send({
        to: 'a@example.com',
        subject: 's',
        text: 't',
        html: '<p>t</p>',
        links: ['http://x/reset-password?token=LinkSecret'],
      });
      expect(JSON.stringify(logged).includes('LinkSecret')).toBe(env === 'development');
    }
  });
});

describe('TRUST_PROXY', () => {
  it('takes hops or addresses, never "trust everyone"', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/hops/);
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  const storm = async (ctx: TestContext) => {
    let last = 0;
    for (let i = 0; i <= CHECKOUT_RATE_LIMITS.perIp.max; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/checkout',
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': `198.51.100.${i}`, 'idempotency-key': `xff-${i}` },
        payload: { customer: { email: `xff${i}@example.com` } },
      });
      last = res.statusCode;
    }
    return last;
  };

  it('by default X-Forwarded-For cannot escape the per-IP limits', async () => {
    const ctx = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      expect(await storm(ctx)).toBe(429);
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it('with one trusted hop, the client address comes from the proxy', async () => {
    const ctx = await createTestApp({ RATE_LIMIT: 'true', TRUST_PROXY: '1' });
    try {
      expect(await storm(ctx)).not.toBe(429);
    } finally {
      await ctx.close();
    }
  }, 90_000);
});

describe('session cookie and CSRF', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    await insertUser(ctx.db, 'cookie@example.com', 'customer', 'Rose-Garden-48');
  });
  afterAll(() => ctx.close());

  it('is Secure and __Host- prefixed when PUBLIC_URL is https, and authenticates', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://shop.example' },
      payload: { email: 'cookie@example.com', password: 'Rose-Garden-48' },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === '__Host-session')!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    expect(cookie.domain).toBeUndefined();
    const me = await ctx.app.inject({ method: 'GET', url: '/api/profile', cookies: { '__Host-session': cookie.value } });
    expect(me.statusCode).toBe(200);
  });

  it('skips the origin check only for a request that really authenticates by bearer token', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://shop.example' },
      payload: { email: 'cookie@example.com', password: 'Rose-Garden-48' },
    });
    const { token } = login.json() as { token: string };
    const cookie = login.cookies.find((c) => c.name === '__Host-session')!.value;
    const crossSite = (authorization: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { origin: 'https://evil.example', authorization, cookie: `__Host-session=${cookie}` },
      });
    expect((await crossSite('Bearer not-a-real-token')).statusCode).toBe(403);
    expect((await crossSite('Basic Zm9vOmJhcg==')).statusCode).toBe(403);
    expect((await crossSite(`Bearer ${token}`)).statusCode).toBe(200);
  });
});

describe('API page', () => {
  it('does not list admin routes in production', async () => {
    for (const env of ['production', 'test'] as const) {
      const ctx = await createTestApp({ NODE_ENV: env });
      try {
        const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
        const admin = Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin'));
        expect(admin.length > 0).toBe(env === 'test');
        expect(Object.keys(doc.paths)).toContain('/api/checkout');
      } finally {
        await ctx.close();
      }
    }
  }, 120_000);
});
