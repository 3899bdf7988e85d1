import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { v } from '../shared/validation.js';
import { ConfigError, loadConfig } from './config.js';
import { categories, categoryTranslations } from './db/schema.js';
import { createTestApp, type TestContext } from './test/helpers.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  // A route with a body schema, to check the 422 format end to end.
  await ctx.app.close();
  const { buildApp } = await import('./app.js');
  const { memoryMailer } = await import('./lib/mail.js');
  const app = await buildApp(ctx.config, ctx.database, { mailer: memoryMailer(), serveWeb: false });
  app.register(async (api) => {
    api
      .withTypeProvider()
      .post(
        '/api/test-echo',
        { schema: { body: z.object({ name: z.string().min(1, v('required')), age: z.number().int().min(18) }) } },
        async (req) => req.body,
      );
  });
  await app.ready();
  ctx.app = app;
  await ctx.db.insert(categories).values({ id: 1, name: 'Bouquets', description: 'Base' });
  await ctx.db.insert(categoryTranslations).values({ categoryId: 1, locale: 'ar', name: 'باقات', description: 'وصف' });
});
afterAll(() => ctx.close());

describe('foundation', () => {
  it('reports health with the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { ok: true } });
  });

  it('serves the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/categories');
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers 422 with field errors in the request language', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'accept-language': 'ar' },
      payload: { name: '', age: 12 },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.name).toEqual(['هذا الحقل مطلوب.']);
    expect(body.errors.age).toHaveLength(1);
    expect(body.message).toBe('هذا الحقل مطلوب.');
  });

  it('says a missing field is required, in French by default', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test-echo', payload: { name: 'x' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.age).toEqual(['Ce champ est obligatoire.']);
  });

  it('answers 400 without internals for malformed JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Bad request.' });
  });

  it('answers 404 JSON for an unknown API path', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This API route does not exist.' });
  });

  it('sets security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('refuses an oversized body with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), age: 20 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBeTruthy();
  });

  it('translates categories with a fallback to the base text', async () => {
    const ar = await ctx.app.inject({ method: 'GET', url: '/api/categories', headers: { 'accept-language': 'ar' } });
    expect(ar.json()[0]).toMatchObject({ id: 1, name: 'باقات' });
    const en = await ctx.app.inject({ method: 'GET', url: '/api/categories', headers: { 'accept-language': 'en' } });
    expect(en.json()[0]).toMatchObject({ id: 1, name: 'Bouquets', description: 'Base' });
  });
});

describe('config', () => {
  it('lists every bad value', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('PUBLIC_URL');
    }
  });
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe('./data');
    expect(config.cardPayment).toBeUndefined();
  });
  it('turns card payment on only with all three CMI settings, and never prints the store key', () => {
    const cmi = {
      CMI_CLIENT_ID: '600001234',
      CMI_STORE_KEY: 'secret-store-key',
      CMI_GATEWAY_URL: 'https://testpayment.cmi.co.ma/fim/est3Dgate',
    };
    expect(loadConfig(cmi).cardPayment).toEqual({
      gateway: 'cmi',
      clientId: '600001234',
      storeKey: 'secret-store-key',
      gatewayUrl: cmi.CMI_GATEWAY_URL,
      holdMinutes: 30,
    });
    try {
      loadConfig({ CMI_CLIENT_ID: cmi.CMI_CLIENT_ID, CMI_STORE_KEY: cmi.CMI_STORE_KEY });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('CMI_GATEWAY_URL');
      expect(problems).not.toContain('secret-store-key');
    }
    expect(() => loadConfig({ ...cmi, CMI_GATEWAY_URL: 'http://gateway.example/fim' })).toThrow(ConfigError);
    expect(loadConfig({ ...cmi, CMI_GATEWAY_URL: 'http://127.0.0.1:4545/fim/est3Dgate' }).cardPayment?.gatewayUrl).toBe(
      'http://127.0.0.1:4545/fim/est3Dgate',
    );
  });
});
