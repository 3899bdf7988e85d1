import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oneTimeTokens, users } from '../../db/schema.js';
import { buildApp, type App } from '../../app.js';
import type { Mailer } from '../../lib/mail.js';
import { hashToken } from '../../lib/tokens.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { caller, insertUser, tokenOf } from './accounts.test-utils.js';
import { onLogin } from './login-events.js';

let ctx: TestContext;
const call = caller(() => ctx.app);
const PASSWORD = 'Jasmin-2024';

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.clearMail());

const signup = (email: string, lang = 'en', extra: object = {}) =>
  call('POST', '/api/register', {
    lang,
    body: { name: 'Salma Idrissi', email, phone: '+212 6 12 34 56 78', password: PASSWORD, password_confirmation: PASSWORD, ...extra },
  });

/** Signs up and confirms through the mailed link; returns the user's e-mail. */
async function confirmedUser(email: string) {
  expect((await signup(email)).statusCode).toBe(201);
  const token = tokenOf(ctx.mail.sent.at(-1));
  expect((await call('POST', '/api/email/confirm', { body: { token } })).statusCode).toBe(200);
  return email;
}

const login = (email: string, password = PASSWORD, lang = 'en') => call('POST', '/api/login', { lang, body: { email, password } });

describe('POST /register', () => {
  it('creates an unconfirmed customer in the request language and mails a confirmation link', async () => {
    const res = await signup('  Salma@Example.COM ', 'ar');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'تم التسجيل بنجاح! يرجى التحقق من بريدك الإلكتروني لتأكيد حسابك قبل تسجيل الدخول.' });
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'salma@example.com'));
    expect(user).toMatchObject({ role: 'customer', language: 'ar', emailVerifiedAt: null, phone: '+212 6 12 34 56 78' });
    expect(user!.passwordHash).toMatch(/^scrypt\$/);

    expect(ctx.mail.sent).toHaveLength(1);
    const mail = ctx.mail.sent[0]!;
    expect(mail.to).toBe('salma@example.com');
    expect(mail.subject).toContain('أكّد');
    // The link opens the page in the mail's language (Arabic under /ar).
    expect(mail.links![0]).toMatch(/^http:\/\/localhost:3000\/ar\/email-confirmation\/[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('lang="ar"');
    expect(mail.html).toContain(mail.links![0]);
    expect(mail.text).toContain(mail.links![0]);
    expect(mail.html + mail.text).not.toContain(PASSWORD);
    // Only the hash of the token is stored.
    const token = tokenOf(mail);
    const [stored] = await ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user!.id));
    expect(stored).toMatchObject({ kind: 'email_confirm', tokenHash: hashToken(token), usedAt: null });
    expect(stored!.tokenHash).not.toBe(token);
    const ttl = stored!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600 * 1000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600 * 1000);
  });

  it('writes the mail in French, left to right, for a French visitor', async () => {
    await signup('karim@example.com', 'fr');
    const mail = ctx.mail.sent[0]!;
    expect(mail.subject).toBe('Confirmez votre adresse e-mail – Flora Maroc');
    expect(mail.html).toContain('dir="ltr"');
    expect(mail.text).toContain('Bienvenue, Salma Idrissi\u202f!');
  });

  it('refuses a duplicate e-mail whatever its case', async () => {
    const res = await signup('SALMA@example.com');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['An account with this email address already exists.']);
    const fr = await signup('salma@example.com', 'fr');
    expect(fr.json().errors.email).toEqual(['Un compte existe déjà avec cette adresse e-mail.']);
    expect(ctx.mail.sent).toHaveLength(0);
  });

  it('requires every field', async () => {
    const res = await call('POST', '/api/register', { body: {} });
    expect(res.statusCode).toBe(422);
    const { errors, message } = res.json();
    for (const field of ['name', 'email', 'phone', 'password', 'password_confirmation']) {
      expect(errors[field]).toEqual(['This field is required.']);
    }
    expect(message).toBe('This field is required.');
    const blank = await call('POST', '/api/register', {
      lang: 'fr',
      body: { name: '  ', email: '', phone: '', password: '', password_confirmation: '' },
    });
    expect(blank.json().errors.name).toEqual(['Ce champ est obligatoire.']);
  });

  it('checks password length, confirmation, e-mail and phone', async () => {
    const res = await signup('new@example.com', 'en', { password: '12345', password_confirmation: '12345' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(['Password must be at least 6 characters long.']);
    const mismatch = await signup('new@example.com', 'en', { password_confirmation: 'other-pass' });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Passwords do not match.'] });
    const ar = await signup('new@example.com', 'ar', { password_confirmation: 'other-pass' });
    expect(ar.json().errors.password_confirmation).toEqual(['كلمتا المرور غير متطابقتين.']);
    const bad = await signup('not-an-email', 'en', { phone: 'call me' });
    expect(bad.json().errors).toMatchObject({ email: ['Invalid e-mail address.'], phone: ['Invalid phone number.'] });
    expect(JSON.stringify(bad.json())).not.toContain('not-an-email');
  });

  it('keeps the account when the confirmation mail cannot be sent; resend works later', async () => {
    const failing: Mailer = {
      async send() {
        throw new Error('SMTP down');
      },
    };
    const app: App = await buildApp(ctx.config, ctx.database, { mailer: failing, serveWeb: false });
    await app.ready();
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'accept-language': 'en' },
        payload: { name: 'Omar', email: 'omar@example.com', phone: '0612345678', password: PASSWORD, password_confirmation: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await app.close();
    }
    const resend = await call('POST', '/api/email/resend-confirmation', { body: { email: 'omar@example.com' } });
    expect(resend.statusCode).toBe(200);
    // The mail the failing transport refused stays queued and may arrive too (mails are never lost,
    // lib/mail-queue.ts): the newest link confirms.
    const mails = ctx.mail.sent.filter((m) => m.to === 'omar@example.com');
    expect(mails.length).toBeGreaterThanOrEqual(1);
    const statuses = [];
    for (const mail of [...mails].reverse())
      statuses.push((await call('POST', '/api/email/confirm', { body: { token: tokenOf(mail) } })).statusCode);
    expect(statuses).toContain(200);
    expect((await login('omar@example.com')).statusCode).toBe(200);
    // The refused mail is retried by this app's queue about 5 s later. Let it arrive now: landing in
    // a later test's mailbox, it was read there as that test's link (a 404 for its expired-link check).
    await expect.poll(() => ctx.mail.sent.filter((m) => m.to === 'omar@example.com').length, { timeout: 60_000 }).toBe(2);
  });
});

describe('e-mail confirmation', () => {
  it('confirms once; the link then answers 404', async () => {
    await signup('lina@example.com');
    const token = tokenOf(ctx.mail.sent[0]);
    const ok = await call('POST', '/api/email/confirm', { body: { token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your email address is confirmed. You can now log in.' });
    const again = await call('POST', '/api/email/confirm', { body: { token } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Invalid confirmation link.' });
  });

  it('answers 400 for a malformed token, 404 for an unknown one, 422 for none', async () => {
    const malformed = await call('POST', '/api/email/confirm', { body: { token: 'abc' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Invalid confirmation link.' });
    const unknown = await call('POST', '/api/email/confirm', { body: { token: 'A'.repeat(43) } });
    expect(unknown.statusCode).toBe(404);
    expect((await call('POST', '/api/email/confirm', { body: {} })).statusCode).toBe(422);
  });

  it('answers 410 for an expired link, in the reader’s language', async () => {
    await signup('old@example.com');
    const token = tokenOf(ctx.mail.sent[0]);
    await ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    const en = await call('POST', '/api/email/confirm', { body: { token } });
    expect(en.statusCode).toBe(410);
    expect(en.json()).toEqual({ message: 'This confirmation link has expired. Please request a new one.' });
    const fr = await call('POST', '/api/email/confirm', { lang: 'fr', body: { token } });
    expect(fr.json()).toEqual({ message: 'Ce lien de confirmation a expiré. Veuillez en demander un nouveau.' });
    // Still unconfirmed: login says so.
    const res = await login('old@example.com');
    expect(res.statusCode).toBe(403);
  });

  it('resend answers the same for unknown, confirmed and unconfirmed addresses, and mails only the last', async () => {
    const answers = [];
    for (const email of ['nobody@example.com', 'lina@example.com', 'old@example.com']) {
      const res = await call('POST', '/api/email/resend-confirmation', { body: { email } });
      answers.push([res.statusCode, res.json()]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([200, { message: 'Confirmation email sent successfully! Please check your inbox.' }]);
    expect(ctx.mail.sent.map((m) => m.to)).toEqual(['old@example.com']);
  });

  it('resend invalidates the older links', async () => {
    await signup('twice@example.com');
    const first = tokenOf(ctx.mail.sent[0]);
    await call('POST', '/api/email/resend-confirmation', { body: { email: 'TWICE@example.com ' } });
    const second = tokenOf(ctx.mail.sent[1]);
    expect((await call('POST', '/api/email/confirm', { body: { token: first } })).statusCode).toBe(404);
    expect((await call('POST', '/api/email/confirm', { body: { token: second } })).statusCode).toBe(200);
  });
});

describe('POST /login', () => {
  it('says 403 until the e-mail is confirmed, in en, fr and ar', async () => {
    await signup('wait@example.com');
    const en = await login('wait@example.com');
    expect(en.statusCode).toBe(403);
    expect(en.json()).toEqual({
      message: 'Please verify your email address before logging in. Check your inbox for a confirmation link.',
    });
    expect((await login('wait@example.com', PASSWORD, 'fr')).json().message).toMatch(/^Veuillez vérifier votre adresse e-mail/);
    expect((await login('wait@example.com', PASSWORD, 'ar')).json().message).toMatch(/^يرجى تأكيد بريدك/);
    // The 403 is only said to someone who knows the password.
    expect((await login('wait@example.com', 'wrong-password')).statusCode).toBe(401);
  });

  it('answers 401 with the same message for an unknown e-mail or a wrong password', async () => {
    await confirmedUser('amal@example.com');
    const wrong = await login('amal@example.com', 'not-my-password');
    const unknown = await login('ghost@example.com', 'not-my-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password. Please try again.' });
    expect(unknown.json()).toEqual(wrong.json());
    expect((await login('ghost@example.com', 'x', 'fr')).json()).toEqual({
      message: 'E-mail ou mot de passe invalide. Veuillez réessayer.',
    });
  });

  it('requires both fields', async () => {
    const res = await call('POST', '/api/login', { body: { email: '' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password']);
  });

  it('answers a token, the user, 10800 s and sets the HttpOnly session cookie', async () => {
    const res = await login('AMAL@example.com', PASSWORD, 'ar');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ expires_in: 10800, message: 'تم تسجيل الدخول بنجاح.' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(body.user).sort()).toEqual(['address', 'email', 'id', 'name', 'phone', 'role']);
    expect(body.user).toMatchObject({ email: 'amal@example.com', role: 'customer', address: null });
    const cookie = res.cookies.find((c) => c.name === 'session');
    // The cookie lives as long as a session can (12 hours after sign-in); idleness ends it sooner, on the server.
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 43200 });
    expect(JSON.stringify(body)).not.toMatch(/scrypt|password/i);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'amal@example.com'));
    expect(user!.language).toBe('ar');
  });

  it('fires the onLogin listeners with the user id', async () => {
    const seen: number[] = [];
    const off = onLogin(async ({ userId, reply }) => {
      seen.push(userId);
      reply.header('x-login-listener', 'ran');
    });
    const failing = onLogin(() => {
      throw new Error('listener broke');
    });
    try {
      const res = await login('amal@example.com');
      expect(res.statusCode).toBe(200);
      expect(seen).toEqual([res.json().user.id]);
      expect(res.headers['x-login-listener']).toBe('ran');
    } finally {
      off();
      failing();
    }
  });
  // Failed logins are throttled per address, never per account: login-throttle.test.ts.
});

describe('profile', () => {
  let token: string;
  beforeAll(async () => {
    await confirmedUser('profile@example.com');
    token = (await login('profile@example.com')).json().token;
  });

  it('needs a session', async () => {
    const res = await call('GET', '/api/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in.' });
    expect((await call('GET', '/api/profile', { token: 'A'.repeat(43) })).statusCode).toBe(401);
  });

  it('gives the user without secrets', async () => {
    const res = await call('GET', '/api/profile', { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['address', 'created_at', 'email', 'id', 'name', 'pending_email', 'phone', 'role']);
    expect(body).toMatchObject({ name: 'Salma Idrissi', email: 'profile@example.com', role: 'customer' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('updates name, phone and address (the e-mail has its own flow: email-change.test.ts)', async () => {
    const res = await call('PUT', '/api/profile', {
      token,
      body: { name: ' Salma B. ', email: 'Profile@Example.com', phone: '0700000000', address: '12 rue des Roses, Rabat' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Information updated successfully!',
      user: { name: 'Salma B.', email: 'profile@example.com', phone: '0700000000', address: '12 rue des Roses, Rabat' },
    });
    // Address left out: kept.
    const again = await call('PUT', '/api/profile', { token, lang: 'fr', body: { name: 'Salma', email: 'profile@example.com' } });
    expect(again.json()).toMatchObject({
      message: 'Informations mises à jour avec succès !',
      user: { address: '12 rue des Roses, Rabat' },
    });
    expect(ctx.mail.sent).toHaveLength(0);
  });

  it('refuses another e-mail, and invalid fields', async () => {
    const other = await call('PUT', '/api/profile', { token, body: { name: 'Salma', email: 'AMAL@example.com' } });
    expect(other.statusCode).toBe(422);
    expect(Object.keys(other.json().errors)).toEqual(['email']);
    const bad = await call('PUT', '/api/profile', { token, body: { name: '', email: 'nope', phone: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'phone']);
  });
});

describe('POST /password/change', () => {
  let token: string;
  const email = 'change@example.com';
  beforeAll(async () => {
    await confirmedUser(email);
    token = (await login(email)).json().token;
  });
  const change = (body: object, lang = 'en') => call('POST', '/api/password/change', { token, lang, body });

  it('needs a session and every field', async () => {
    expect((await call('POST', '/api/password/change', { body: {} })).statusCode).toBe(401);
    const res = await change({});
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['current_password', 'new_password', 'new_password_confirmation']);
  });

  it('applies the spec’s rules with its messages', async () => {
    const wrong = await change({ current_password: 'bad-one', new_password: 'NewPass-1', new_password_confirmation: 'NewPass-1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const short = await change({ current_password: PASSWORD, new_password: 'abc', new_password_confirmation: 'abc' });
    expect(short.json().errors).toEqual({ new_password: ['New password must be at least 6 characters long.'] });
    const mismatch = await change({ current_password: PASSWORD, new_password: 'NewPass-1', new_password_confirmation: 'NewPass-2' });
    expect(mismatch.json().errors).toEqual({ new_password_confirmation: ['New passwords do not match.'] });
    const same = await change({ current_password: PASSWORD, new_password: PASSWORD, new_password_confirmation: PASSWORD });
    expect(same.json().errors).toEqual({ new_password: ['New password must be different from your current password.'] });
    const sameFr = await change({ current_password: PASSWORD, new_password: PASSWORD, new_password_confirmation: PASSWORD }, 'fr');
    expect(sameFr.json().errors.new_password).toEqual(['Le nouveau mot de passe doit être différent du mot de passe actuel.']);
  });

  it('changes the password', async () => {
    const res = await change({ current_password: PASSWORD, new_password: 'NewPass-1', new_password_confirmation: 'NewPass-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed successfully!' });
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, 'NewPass-1')).statusCode).toBe(200);
    expect((await call('GET', '/api/profile', { token })).statusCode).toBe(200);
  });
});

describe('forgotten password', () => {
  const email = 'forgot@example.com';
  beforeAll(async () => {
    await confirmedUser(email);
  });
  const forgot = (address: string, lang = 'en') => call('POST', '/api/password/forgot', { lang, body: { email: address } });
  const reset = (token: string, password = 'Reset-Pass-9', confirmation = password, lang = 'en') =>
    call('POST', '/api/password/reset', { lang, body: { token, password, password_confirmation: confirmation } });
  // Only reset mails: a mail queued by an earlier step (the sign-up's) may be delivered after the
  // list was cleared, since the queue sends on its own schedule.
  const resetMails = (address: string) =>
    ctx.mail.sent.filter((m) => m.to === address && m.links?.some((l) => l.includes('/reset-password')));

  it('answers 404 for an unknown address, as the spec says', async () => {
    const res = await forgot('nobody@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Email address not found. Please check your email or sign up for a new account.' });
    expect((await forgot('nobody@example.com', 'ar')).json().message).toMatch(/^عنوان البريد الإلكتروني غير موجود/);
    expect((await call('POST', '/api/password/forgot', { body: {} })).json().errors.email).toEqual(['This field is required.']);
    expect(ctx.mail.sent).toHaveLength(0);
  });

  it('mails a one-hour reset link in the request language', async () => {
    const res = await forgot('Forgot@Example.com', 'fr');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Les instructions de réinitialisation du mot de passe ont été envoyées à votre adresse e-mail.',
    });
    const mail = ctx.mail.sent[0]!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe – Flora Maroc');
    expect(mail.links![0]).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(mail.links![0]);
    const [row] = await ctx.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(tokenOf(mail))));
    expect(row!.kind).toBe('password_reset');
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600 * 1000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(3500 * 1000);
  });

  it('checks the new password with the spec’s messages', async () => {
    await forgot(email);
    const token = tokenOf(ctx.mail.sent[0]);
    const mismatch = await reset(token, 'Reset-Pass-9', 'Reset-Pass-8');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({ message: 'Passwords do not match.', errors: { password_confirmation: ['Passwords do not match.'] } });
    const short = await reset(token, '123', '123');
    expect(short.json().errors.password).toEqual(['Password must be at least 6 characters long.']);
    const blank = await call('POST', '/api/password/reset', { lang: 'fr', body: { token } });
    expect(blank.json().errors).toEqual({ password: ['Ce champ est obligatoire.'], password_confirmation: ['Ce champ est obligatoire.'] });
  });

  it('answers 400 malformed, 404 unknown, 410 expired', async () => {
    expect((await reset('short')).statusCode).toBe(400);
    const unknown = await reset('B'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Invalid or expired link.' });
    await forgot(email);
    const token = tokenOf(ctx.mail.sent[0]);
    await ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    const expired = await reset(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: 'This link has expired.' });
    expect((await reset(token, undefined, undefined, 'fr')).json()).toEqual({ message: 'Ce lien a expiré.' });
  });

  it('resets once, invalidates older links, revokes every session', async () => {
    const session = (await login(email)).json().token;
    await forgot(email);
    const older = tokenOf(resetMails(email)[0]);
    await forgot(email);
    const token = tokenOf(resetMails(email)[1]);
    expect((await reset(older)).statusCode).toBe(404);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset successfully! You can now log in with your new password.' });
    const twice = await reset(token, 'Another-Pass-1');
    expect(twice.statusCode).toBe(404);
    expect((await call('GET', '/api/profile', { token: session })).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, 'Reset-Pass-9')).statusCode).toBe(200);
  });

  it('confirms the e-mail of an unconfirmed account (the mailbox was proved)', async () => {
    await signup('unconfirmed@example.com');
    await ctx.clearMail();
    await forgot('unconfirmed@example.com');
    expect((await reset(tokenOf(resetMails('unconfirmed@example.com')[0]))).statusCode).toBe(200);
    expect((await login('unconfirmed@example.com', 'Reset-Pass-9')).statusCode).toBe(200);
  });
});

describe('admin routes', () => {
  it('answer 401 to a visitor, 403 to a customer, and serve the admin profile', async () => {
    const visitor = await call('GET', '/api/admin/profile');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: 'Please log in.' });
    const customer = (await login('amal@example.com')).json().token;
    const denied = await call('GET', '/api/admin/profile', { token: customer });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: 'You do not have permission to do this.' });
    expect((await call('PUT', '/api/admin/profile', { token: customer, body: { name: 'x', email: 'x@example.com' } })).statusCode).toBe(
      403,
    );

    await insertUser(ctx.db, 'boss@example.com', 'admin', PASSWORD);
    const admin = (await login('boss@example.com')).json().token;
    const me = await call('GET', '/api/admin/profile', { token: admin });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'boss@example.com', role: 'admin', phone: '0612345678' });
    const upd = await call('PUT', '/api/admin/profile', {
      token: admin,
      body: { name: 'La Patronne', email: 'boss@example.com', phone: '0522000000' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ message: 'Information updated successfully!', user: { name: 'La Patronne', phone: '0522000000' } });
    const taken = await call('PUT', '/api/admin/profile', { token: admin, body: { name: 'x', email: 'amal@example.com' } });
    expect(taken.statusCode).toBe(422);
  });
});
