/** Changing one's own e-mail: password, confirmation link to the new address, old address in force until then. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, oneTimeTokens, users } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';
import type { MailMessage } from '../../lib/mail.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { caller, insertUser } from './accounts.test-utils.js';

let ctx: TestContext;
const call = caller(() => ctx.app);
const PASSWORD = 'Jasmin-2024';

beforeAll(async () => {
  ctx = await createTestApp();
  await insertUser(ctx.db, 'taken@example.com', 'customer', PASSWORD);
});
afterAll(() => ctx.close());
beforeEach(() => ctx.clearMail());

const login = (email: string, password = PASSWORD) => call('POST', '/api/login', { body: { email, password } });
async function tokenFor(email: string, role = 'customer') {
  await insertUser(ctx.db, email, role, PASSWORD);
  const res = await login(email);
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}
const ask = (token: string, new_email: string, current_password = PASSWORD, lang = 'en', url = '/api/profile/email') =>
  call('POST', url, { token, lang, body: { new_email, current_password } });
const confirm = (token: string, lang = 'en') => call('POST', '/api/profile/email/confirm', { lang, body: { token } });
/** The token of the link in an e-mail change mail. */
function linkToken(mail: MailMessage | undefined): string {
  const m = /\/confirm-email-change\?token=([A-Za-z0-9_-]{43})$/.exec(mail?.links?.[0] ?? '');
  if (!m) throw new Error(`no e-mail change link in ${mail?.links?.[0]}`);
  return m[1]!;
}
const mailTo = (to: string) => ctx.mail.sent.filter((m) => m.to === to);

describe('asking for an e-mail change', () => {
  it('needs a session', async () => {
    const res = await call('POST', '/api/profile/email', { body: { new_email: 'x@example.com', current_password: PASSWORD } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong password with a field error in the reader’s language, and says nothing about the address', async () => {
    const token = await tokenFor('wrongpw@example.com');
    const en = await ask(token, 'taken@example.com', 'not-my-password');
    expect(en.statusCode).toBe(422);
    expect(en.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const fr = await ask(token, 'new@example.com', 'not-my-password', 'fr');
    expect(fr.json().errors).toEqual({ current_password: ['Le mot de passe actuel est incorrect.'] });
    const ar = await ask(token, 'new@example.com', 'not-my-password', 'ar');
    expect(ar.json().errors.current_password).toEqual(['كلمة المرور الحالية غير صحيحة.']);
    expect(ctx.mail.sent).toHaveLength(0);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'wrongpw@example.com'));
    expect(row!.pendingEmail).toBeNull();
  });

  it('refuses an address used by another account (whatever its case), its own address, and a malformed one', async () => {
    const token = await tokenFor('refuse@example.com');
    const taken = await ask(token, ' TAKEN@Example.com ');
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ new_email: ['An account with this email address already exists.'] });
    const same = await ask(token, 'Refuse@example.com', PASSWORD, 'fr');
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({ new_email: ['C’est déjà votre adresse e-mail.'] });
    const bad = await call('POST', '/api/profile/email', { token, body: { new_email: 'nope' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['current_password', 'new_email']);
    expect(ctx.mail.sent).toHaveLength(0);
  });

  it('keeps the old address in force until the link mailed to the new one is opened, once', async () => {
    const token = await tokenFor('old@example.com');
    const res = await ask(token, 'New.Address@Example.com', PASSWORD, 'fr');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: expect.stringContaining('new.address@example.com'),
      pending_email: 'new.address@example.com',
    });

    // The link goes to the new address, a notice to the old one, both in the reader's language.
    const [link] = mailTo('new.address@example.com');
    expect(link!.subject).toBe('Confirmez votre nouvelle adresse e-mail – Flora Maroc');
    expect(link!.html).toContain(link!.links![0]);
    const [notice] = mailTo('old@example.com');
    expect(notice!.subject).toBe('Votre adresse e-mail est en cours de changement – Flora Maroc');
    expect(notice!.text).toContain('new.address@example.com');
    expect(notice!.text).toContain('changez votre mot de passe');
    expect(ctx.mail.sent).toHaveLength(2);
    // Only the hash of the token is stored, valid 24 hours.
    const linkTok = linkToken(link);
    const [stored] = await ctx.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(linkTok)));
    expect(stored!.kind).toBe('email_change');
    const ttl = stored!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600 * 1000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600 * 1000);

    // Until confirmed: the profile shows the pending address, the old one logs in, the new one does not.
    const profile = (await call('GET', '/api/profile', { token })).json();
    expect(profile).toMatchObject({ email: 'old@example.com', pending_email: 'new.address@example.com' });
    expect((await login('old@example.com')).statusCode).toBe(200);
    expect((await login('new.address@example.com')).statusCode).toBe(401);
    // Mails still go to the old address (a reset link, for instance).
    await ctx.clearMail();
    expect((await call('POST', '/api/password/forgot', { body: { email: 'old@example.com' } })).statusCode).toBe(200);
    expect(ctx.mail.sent.map((m) => m.to)).toEqual(['old@example.com']);

    // The link works without a session, once.
    const ok = await confirm(linkTok, 'ar');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'تم تأكيد عنوان بريدك الإلكتروني الجديد. استخدمه من الآن لتسجيل الدخول.' });
    const again = await confirm(linkTok);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'This email change link is invalid or was already used.' });

    expect((await login('new.address@example.com')).statusCode).toBe(200);
    expect((await login('old@example.com')).statusCode).toBe(401);
    // The session in use goes on, with the new address and nothing pending.
    expect((await call('GET', '/api/profile', { token })).json()).toMatchObject({ email: 'new.address@example.com', pending_email: null });
  });

  it('refuses an expired link (410) and a malformed one (400); a new request replaces the older link', async () => {
    const token = await tokenFor('expire@example.com');
    await ask(token, 'first@example.com');
    const first = linkToken(mailTo('first@example.com')[0]);
    await ask(token, 'second@example.com');
    const second = linkToken(mailTo('second@example.com')[0]);
    expect((await confirm(first)).statusCode).toBe(404);
    expect((await call('GET', '/api/profile', { token })).json().pending_email).toBe('second@example.com');

    await ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(second)));
    const expired = await confirm(second, 'fr');
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: 'Ce lien a expiré. Demandez à nouveau le changement depuis votre profil.' });
    expect((await confirm('not a token')).statusCode).toBe(400);
    const [row] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, (await call('GET', '/api/profile', { token })).json().id));
    expect(row!.email).toBe('expire@example.com');
  });

  it('can be cancelled: the link then stops working', async () => {
    const token = await tokenFor('cancel@example.com');
    const asked = await ask(token, 'cancelled@example.com', PASSWORD, 'ar');
    // In Arabic text the address is isolated left to right (its dots stay in place).
    expect(asked.json().message).toContain('\u2068cancelled@example.com\u2069');
    // In the mail: a dir="auto" run in the HTML; the plain text carries no isolate mark.
    expect(mailTo('cancel@example.com')[0]!.html).toContain('<span dir="auto">cancelled@example.com</span>');
    expect(mailTo('cancel@example.com')[0]!.text).toMatch(/[^\u2068]cancelled@example\.com[^\u2069]/);
    const link = linkToken(mailTo('cancelled@example.com')[0]);
    const res = await call('DELETE', '/api/profile/email', { token, lang: 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Le changement d’adresse e-mail est annulé.', pending_email: null });
    expect((await call('GET', '/api/profile', { token })).json().pending_email).toBeNull();
    expect((await confirm(link)).statusCode).toBe(404);
    expect((await login('cancel@example.com')).statusCode).toBe(200);
  });

  it('is cancelled by a password change (the notice’s advice)', async () => {
    const token = await tokenFor('hijack@example.com');
    await ask(token, 'thief@example.com');
    const link = linkToken(mailTo('thief@example.com')[0]);
    const changed = await call('POST', '/api/password/change', {
      token,
      body: { current_password: PASSWORD, new_password: 'Tulipe-2025!', new_password_confirmation: 'Tulipe-2025!' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(link)).statusCode).toBe(404);
    expect((await call('GET', '/api/profile', { token })).json()).toMatchObject({ email: 'hijack@example.com', pending_email: null });
  });

  it('requests at once leave one live link, for the address left pending', async () => {
    const token = await tokenFor('burst@example.com');
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((x) => ask(token, `${x}.burst@example.com`)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const me = (await call('GET', '/api/profile', { token })).json();
    const live = await ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, me.id));
    expect(live.filter((r) => r.kind === 'email_change' && !r.usedAt)).toHaveLength(1);
    // The one live link is the one mailed to the pending address.
    const link = linkToken(mailTo(me.pending_email).at(-1));
    expect((await confirm(link)).statusCode).toBe(200);
    expect((await call('GET', '/api/profile', { token })).json()).toMatchObject({ email: me.pending_email, pending_email: null });
  });

  it('answers 409 when the address was taken meanwhile, and drops the change', async () => {
    const token = await tokenFor('race@example.com');
    await ask(token, 'contested@example.com');
    const link = linkToken(mailTo('contested@example.com')[0]);
    await insertUser(ctx.db, 'contested@example.com');
    const res = await confirm(link);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This address is now used by another account. Your email address was not changed.' });
    expect((await call('GET', '/api/profile', { token })).json()).toMatchObject({ email: 'race@example.com', pending_email: null });
  });
});

describe('profile updates no longer change the e-mail', () => {
  it('PUT /profile keeps working with the current address or none, and refuses another one', async () => {
    const token = await tokenFor('put@example.com');
    const same = await call('PUT', '/api/profile', {
      token,
      body: { name: 'Salma', email: 'PUT@example.com', address: '12 rue des Roses' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().user).toMatchObject({ name: 'Salma', email: 'put@example.com', address: '12 rue des Roses' });
    const none = await call('PUT', '/api/profile', { token, body: { name: 'Salma B.' } });
    expect(none.json().user).toMatchObject({ name: 'Salma B.', email: 'put@example.com', address: '12 rue des Roses' });
    const other = await call('PUT', '/api/profile', { token, body: { name: 'Salma', email: 'elsewhere@example.com' } });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.email).toEqual([
      'To change your email address, use “Change email”: it needs your password and a confirmation.',
    ]);
    expect((await call('GET', '/api/profile', { token })).json().email).toBe('put@example.com');
    expect(ctx.mail.sent).toHaveLength(0);
  });

  it('PUT /admin/profile likewise', async () => {
    const token = await tokenFor('putadmin@example.com', 'admin');
    const ok = await call('PUT', '/api/admin/profile', {
      token,
      body: { name: 'Admin', email: 'putadmin@example.com', phone: '0522000000' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ name: 'Admin', phone: '0522000000', pending_email: null });
    const other = await call('PUT', '/api/admin/profile', { token, body: { name: 'Admin', email: 'elsewhere2@example.com' } });
    expect(other.statusCode).toBe(422);
    expect(Object.keys(other.json().errors)).toEqual(['email']);
  });
});

describe('admin e-mail change', () => {
  it('asks, shows the pending address, cancels, and confirms through the same link; every write audited', async () => {
    const token = await tokenFor('admin.old@example.com', 'admin');
    const wrong = await ask(token, 'admin.new@example.com', 'nope-nope', 'en', '/api/admin/profile/email');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });

    expect((await ask(token, 'admin.new@example.com', PASSWORD, 'en', '/api/admin/profile/email')).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/profile', { token })).json()).toMatchObject({
      email: 'admin.old@example.com',
      pending_email: 'admin.new@example.com',
    });
    expect(mailTo('admin.old@example.com')).toHaveLength(1);
    const cancelled = await call('DELETE', '/api/admin/profile/email', { token });
    expect(cancelled.json()).toEqual({ message: 'The email change is cancelled.', pending_email: null });

    expect((await ask(token, 'admin.new@example.com', PASSWORD, 'en', '/api/admin/profile/email')).statusCode).toBe(200);
    const links = mailTo('admin.new@example.com');
    expect((await confirm(linkToken(links.at(-1)))).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/profile', { token })).json()).toMatchObject({
      email: 'admin.new@example.com',
      pending_email: null,
    });

    const [me] = await ctx.db.select().from(users).where(eq(users.email, 'admin.new@example.com'));
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, me!.id));
    expect(rows.map((r) => r.action).sort()).toEqual([
      'admin.profile.email_change',
      'admin.profile.email_change',
      'admin.profile.email_change_cancel',
    ]);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });

  it('is refused to a customer (403)', async () => {
    const token = await tokenFor('cust403@example.com');
    expect((await ask(token, 'x403@example.com', PASSWORD, 'en', '/api/admin/profile/email')).statusCode).toBe(403);
  });
});
