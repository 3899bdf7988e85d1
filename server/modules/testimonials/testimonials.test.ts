import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testimonials, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { createSession } from '../accounts/auth.js';

let ctx: TestContext;
let customer: { id: number; token: string };
let admin: { id: number; token: string };

async function loginAs(db: TestContext['db'], email: string, name: string, role = 'customer') {
  const [user] = await db
    .insert(users)
    .values({ name, email, role, passwordHash: await hashPassword('secret123'), emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  const { token } = await createSession(db, user.id);
  return { id: user.id, token };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object, lang = 'en') =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await loginAs(ctx.db, 'nadia@example.com', 'Nadia Benali');
  admin = await loginAs(ctx.db, 'admin@example.com', 'Admin', 'admin');
  const gone = await loginAs(ctx.db, 'gone@example.com', 'Gone');
  const base = Date.UTC(2025, 0, 1);
  await ctx.db.insert(testimonials).values([
    {
      userId: customer.id,
      authorName: 'Nadia Benali',
      content: 'Old confirmed 100% lovely',
      rating: 4,
      isConfirmed: true,
      createdAt: new Date(base),
    },
    {
      userId: gone.id,
      authorName: 'Gone',
      content: 'Confirmed, author deleted',
      rating: 5,
      isConfirmed: true,
      createdAt: new Date(base + 1000),
    },
    {
      userId: customer.id,
      authorName: 'Nadia Benali',
      content: 'Pending one',
      rating: 3,
      isConfirmed: false,
      createdAt: new Date(base + 2000),
    },
  ]);
  await ctx.db.delete(users).where(eq(users.id, gone.id));
});
afterAll(() => ctx?.close());

describe('testimonials', () => {
  it('lists confirmed testimonials only, newest first, with the author’s name or null', async () => {
    const res = await call('GET', '/api/testimonials');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: expect.any(Number), content: 'Confirmed, author deleted', rating: 5, created_at: '2025-01-01T00:00:01.000Z', user: null },
      {
        id: expect.any(Number),
        content: 'Old confirmed 100% lovely',
        rating: 4,
        created_at: '2025-01-01T00:00:00.000Z',
        user: { name: 'Nadia Benali' },
      },
    ]);
    expect((await call('GET', '/api/testimonials?limit=1')).json().data).toHaveLength(1);
    expect((await call('GET', '/api/testimonials?limit=51')).statusCode).toBe(422);
  });

  it('needs a session to write one', async () => {
    const res = await call('POST', '/api/testimonials', undefined, { content: 'Hello', rating: 5 });
    expect(res.statusCode).toBe(401);
  });

  it('validates content and rating in the reader’s language', async () => {
    const en = await call('POST', '/api/testimonials', customer.token, { content: '   ', rating: 6 });
    expect(en.statusCode).toBe(422);
    expect(en.json().errors).toEqual({ content: ['This field is required.'], rating: ['Rating must be between 1 and 5.'] });
    const fr = await call('POST', '/api/testimonials', customer.token, { rating: 2.5 }, 'fr');
    expect(fr.statusCode).toBe(422);
    expect(fr.json().errors).toEqual({ content: ['Ce champ est obligatoire.'], rating: ['La note doit être comprise entre 1 et 5.'] });
    const ar = await call('POST', '/api/testimonials', customer.token, { content: 'x'.repeat(1001) }, 'ar');
    expect(ar.json().errors).toEqual({ content: ['هذا النص طويل جدًا.'] });
  });

  it('stores a testimonial pending, then shows it once an admin confirms it', async () => {
    const res = await call('POST', '/api/testimonials', customer.token, { content: '  Superbe bouquet, livré à l’heure !  ' }, 'fr');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Merci d’avoir partagé votre expérience ! Votre témoignage apparaîtra après validation.');
    expect(body.data).toMatchObject({
      content: 'Superbe bouquet, livré à l’heure !',
      rating: 5,
      is_confirmed: 0,
      user: { id: customer.id, name: 'Nadia Benali' },
    });
    const id = body.data.id as number;
    expect((await call('GET', '/api/testimonials')).json().data.map((t: { id: number }) => t.id)).not.toContain(id);

    const confirmed = await call('PUT', `/api/admin/testimonials/${id}/confirm`, admin.token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: 'Testimonial confirmed.', data: { id, is_confirmed: 1 } });
    const shown = (await call('GET', '/api/testimonials')).json().data;
    expect(shown[0]).toMatchObject({ id, content: 'Superbe bouquet, livré à l’heure !', user: { name: 'Nadia Benali' } });
  });

  it('shows the name the author had when writing, not a later profile name', async () => {
    const writer = await loginAs(ctx.db, 'renamed@example.com', 'Karim Alaoui');
    const res = await call('POST', '/api/testimonials', writer.token, { content: 'Named at writing time', rating: 4 });
    const id = res.json().data.id as number;
    await call('PUT', `/api/admin/testimonials/${id}/confirm`, admin.token);
    await ctx.db.update(users).set({ name: 'Someone Else' }).where(eq(users.id, writer.id));
    const shown = (await call('GET', '/api/testimonials')).json().data;
    expect(shown.find((t: { id: number }) => t.id === id).user).toEqual({ name: 'Karim Alaoui' });
    const listed = (await call('GET', '/api/admin/testimonials?search=karim', admin.token)).json().data;
    expect(listed.map((t: { id: number }) => t.id)).toEqual([id]);
    await ctx.db.delete(testimonials).where(eq(testimonials.id, id));
  });

  it('rate-limits writing when rate limits are on', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      const user = await loginAs(limited.db, 'busy@example.com', 'Busy');
      const post = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/testimonials',
          headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'en' },
          payload: { content: 'Again', rating: 5 },
        });
      for (let i = 0; i < 5; i++) expect((await post()).statusCode).toBe(201);
      const sixth = await post();
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toMatch(/try again in an hour/);
    } finally {
      await limited.close();
    }
  });
});

describe('admin testimonials', () => {
  it('is for admins only', async () => {
    expect((await call('GET', '/api/admin/testimonials')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/testimonials', customer.token)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/testimonials/1/confirm', customer.token)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/admin/testimonials/1', customer.token)).statusCode).toBe(403);
  });

  it('lists all with search, status filter and paging', async () => {
    const all = (await call('GET', '/api/admin/testimonials', admin.token)).json();
    expect(all.meta).toEqual({ page: 1, per_page: 10, total: 4, last_page: 1 });
    expect(all.data[0]).toEqual({
      id: expect.any(Number),
      user_id: customer.id,
      user: { id: customer.id, name: 'Nadia Benali' },
      content: 'Superbe bouquet, livré à l’heure !',
      rating: 5,
      is_confirmed: 1,
      created_at: expect.any(String),
    });
    const pending = (await call('GET', '/api/admin/testimonials?status=pending', admin.token)).json();
    expect(pending.data.map((t: { content: string }) => t.content)).toEqual(['Pending one']);
    const byName = (await call('GET', '/api/admin/testimonials?search=NADIA', admin.token)).json();
    expect(byName.meta.total).toBe(3);
    const byContent = (await call('GET', '/api/admin/testimonials?search=AUTHOR%20deleted', admin.token)).json();
    expect(byContent.data).toHaveLength(1);
    expect(byContent.data[0].user).toBeNull();
    const literal = (await call('GET', `/api/admin/testimonials?search=${encodeURIComponent('100%')}`, admin.token)).json();
    expect(literal.data.map((t: { content: string }) => t.content)).toEqual(['Old confirmed 100% lovely']);
    const paged = (await call('GET', '/api/admin/testimonials?per_page=3&page=2', admin.token)).json();
    expect(paged.meta).toEqual({ page: 2, per_page: 3, total: 4, last_page: 2 });
    expect(paged.data).toHaveLength(1);
  });

  it('confirms and deletes, with 404 for a missing testimonial', async () => {
    const [row] = await ctx.db.insert(testimonials).values({ userId: customer.id, content: 'To delete', rating: 1 }).returning();
    const del = await call('DELETE', `/api/admin/testimonials/${row.id}`, admin.token);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Testimonial deleted.' });
    const again = await call('DELETE', `/api/admin/testimonials/${row.id}`, admin.token, undefined, 'fr');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Témoignage introuvable.' });
    expect((await call('PUT', `/api/admin/testimonials/${row.id}/confirm`, admin.token)).statusCode).toBe(404);
  });
});
