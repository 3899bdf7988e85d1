/**
 * Two-factor login for admins: setup with a QR code, enabling with a code, sign-in in two steps,
 * recovery codes used once, replayed codes refused, code attempts capped, disable (not for a super
 * admin), reset by a super admin, and an audit row for each step.
 */
import { eq, inArray } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, twoFactorChallenges, twoFactorRecoveryCodes, users } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { insertUser } from './accounts.test-utils.js';
import { CHALLENGE_MAX_ATTEMPTS, RECOVERY_CODE_COUNT } from './two-factor.js';

let ctx: TestContext;
const ADMIN_PASSWORD = 'Admin-password-2026';
const SUPER_PASSWORD = 'Super-password-2026';
let adminId: number;
let superId: number;
let secret: string;
let recoveryCodes: string[];
let enableStepCode: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminId = (await insertUser(ctx.db, 'florist-admin@flora.test', 'admin', ADMIN_PASSWORD)).id;
  superId = (await insertUser(ctx.db, 'boss@flora.test', 'super_admin', SUPER_PASSWORD)).id;
});
afterAll(() => ctx.close());

/**
 * Each test signs in from its own client address: wrong codes count as failed logins of the address
 * (login-throttle.ts), and one test's must not slow the next.
 */
let ipCounter = 1;
const newIp = () => `10.2.0.${ipCounter++}`;
let ip = newIp();
beforeEach(() => {
  ip = newIp();
});

const send = (method: 'GET' | 'POST', url: string, opts: { token?: string; body?: object; lang?: string; from?: string } = {}) =>
  ctx.app.inject({
    method,
    url,
    remoteAddress: opts.from ?? ip,
    payload: opts.body,
    headers: { 'accept-language': opts.lang ?? 'en', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
  });
const passwordStep = (email: string, password: string) => send('POST', '/api/login', { body: { email, password } });
const codeStep = (pending_token: string, answer: { code?: string; recovery_code?: string }, lang = 'en', from?: string) =>
  send('POST', '/api/login/two-factor', { body: { pending_token, ...answer }, lang, from });
const codeAt = (offsetSteps = 0) => new TOTP({ secret }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

async function sessionOf(email: string, password: string): Promise<string> {
  const res = await passwordStep(email, password);
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

async function actionsOf(userId: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.entityId, String(userId)));
  return rows.map((r) => r.action);
}

describe('two-factor setup', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await sessionOf('florist-admin@flora.test', ADMIN_PASSWORD);
  });

  it('shows a QR code and a key, and turns on only with a right code; the 10 recovery codes come once', async () => {
    const setup = await send('POST', '/api/admin/profile/two-factor/setup', { token: adminToken, lang: 'fr' });
    expect(setup.statusCode).toBe(200);
    const body = setup.json();
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qr_code.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Flora%20Maroc:florist-admin%40flora\.test\?.*secret=/);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    secret = body.secret;
    // Not in force yet: the password alone still signs in.
    expect((await passwordStep('florist-admin@flora.test', ADMIN_PASSWORD)).json().token).toBeDefined();

    const wrong = await send('POST', '/api/admin/profile/two-factor/enable', { token: adminToken, body: { code: '000000' }, lang: 'ar' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code[0]).toBe('هذا الرمز غير صالح. تحقق من ساعة هاتفك وحاول مرة أخرى.');

    enableStepCode = codeAt();
    const on = await send('POST', '/api/admin/profile/two-factor/enable', { token: adminToken, body: { code: enableStepCode } });
    expect(on.statusCode).toBe(200);
    recoveryCodes = on.json().recovery_codes;
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    // Stored hashed, never as typed.
    const stored = await ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, adminId));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    expect(stored.some((r) => recoveryCodes.includes(r.codeHash))).toBe(false);

    const profile = await send('GET', '/api/admin/profile', { token: adminToken });
    expect(profile.json()).toMatchObject({ two_factor: true, recovery_codes_left: RECOVERY_CODE_COUNT });
    // A second setup while on is refused.
    expect((await send('POST', '/api/admin/profile/two-factor/setup', { token: adminToken })).statusCode).toBe(409);
  });
});

describe('two-factor sign-in', () => {
  it('password, then "code needed" with a pending token and no session; a right code opens the session', async () => {
    const first = await passwordStep('florist-admin@flora.test', ADMIN_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      two_factor_required: true,
      pending_token: expect.any(String),
      message: 'Enter the code from your authenticator app.',
    });
    expect(first.headers['set-cookie']).toBeUndefined();

    // The code already used to enable is refused (a code signs in once).
    const replay = await codeStep(first.json().pending_token, { code: enableStepCode });
    expect(replay.statusCode).toBe(422);
    // Said as it is: not a clock problem, the code has signed in once already.
    expect(replay.json().errors.code).toEqual([
      'This code has already been used. Wait for the next code in your app (it changes every 30 seconds).',
    ]);

    const ok = await codeStep(first.json().pending_token, { code: codeAt(1) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token: expect.any(String), user: { email: 'florist-admin@flora.test', role: 'admin' } });
    expect(String(ok.headers['set-cookie'])).toMatch(/session=/);
    expect((await send('GET', '/api/admin/profile', { token: ok.json().token })).statusCode).toBe(200);
    // The pending token is single-use.
    expect((await codeStep(first.json().pending_token, { code: codeAt(1) })).statusCode).toBe(401);
  });

  it('a recovery code works once, whatever its case and dashes', async () => {
    const code = recoveryCodes[0]!;
    const first = await passwordStep('florist-admin@flora.test', ADMIN_PASSWORD);
    const ok = await codeStep(first.json().pending_token, { recovery_code: ` ${code.toUpperCase().replace('-', ' ')} ` });
    expect(ok.statusCode).toBe(200);

    const again = await passwordStep('florist-admin@flora.test', ADMIN_PASSWORD);
    const used = await codeStep(again.json().pending_token, { recovery_code: code }, 'fr');
    expect(used.statusCode).toBe(422);
    expect(used.json().errors.recovery_code[0]).toBe('Ce code de secours n’est pas valide ou a déjà servi.');
    const profile = await send('GET', '/api/admin/profile', { token: ok.json().token });
    expect(profile.json().recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it(`a pending token takes ${CHALLENGE_MAX_ATTEMPTS} wrong codes, then the password is needed again`, async () => {
    const first = await passwordStep('florist-admin@flora.test', ADMIN_PASSWORD);
    const token = first.json().pending_token as string;
    // From several addresses (one address alone is slowed by the login throttle from its 3rd failure).
    for (let i = 0; i < CHALLENGE_MAX_ATTEMPTS; i++)
      expect((await codeStep(token, { code: '123456' }, 'en', newIp())).statusCode).toBe(422);
    const dead = await codeStep(token, { code: codeAt() });
    expect(dead.statusCode).toBe(401);
    expect(dead.json().message).toMatch(/sign-in step has expired/);
  });

  it('an expired or unknown pending token is refused; a body needs exactly one of code and recovery code', async () => {
    const first = await passwordStep('florist-admin@flora.test', ADMIN_PASSWORD);
    const token = first.json().pending_token as string;
    expect((await codeStep(token, {})).statusCode).toBe(422);
    expect((await codeStep(token, { code: '12345' })).statusCode).toBe(422);
    expect((await codeStep(token, { code: '123456', recovery_code: 'abcde-fghjk' })).statusCode).toBe(422);
    await ctx.db
      .update(twoFactorChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoFactorChallenges.userId, adminId));
    expect((await codeStep(token, { code: codeAt() })).statusCode).toBe(401);
    expect((await codeStep('x'.repeat(43), { code: codeAt() })).statusCode).toBe(401);
  });
});

describe('disable and reset', () => {
  it('a super admin with two-factor on cannot turn it off; an admin can, with the password', async () => {
    const superToken = await sessionOf('boss@flora.test', SUPER_PASSWORD);
    const setup = await send('POST', '/api/admin/profile/two-factor/setup', { token: superToken });
    const superSecret = setup.json().secret as string;
    const on = await send('POST', '/api/admin/profile/two-factor/enable', {
      token: superToken,
      body: { code: new TOTP({ secret: superSecret }).generate() },
    });
    expect(on.statusCode).toBe(200);
    const off = await send('POST', '/api/admin/profile/two-factor/disable', {
      token: superToken,
      body: { current_password: SUPER_PASSWORD },
    });
    expect(off.statusCode).toBe(403);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, superId));
    expect(row!.totpEnabledAt).not.toBeNull();
  });

  it('a super admin resets an admin’s two-factor (not their own); the admin then signs in with the password alone', async () => {
    // The super admin now signs in with a code too.
    const [boss] = await ctx.db.select().from(users).where(eq(users.id, superId));
    const first = await passwordStep('boss@flora.test', SUPER_PASSWORD);
    expect(first.json().two_factor_required).toBe(true);
    const signedIn = await codeStep(first.json().pending_token, {
      code: new TOTP({ secret: boss!.totpSecret! }).generate({ timestamp: Date.now() + 30_000 }),
    });
    expect(signedIn.statusCode).toBe(200);
    const superToken = signedIn.json().token as string;

    const list = await send('GET', '/api/admin/admins', { token: superToken });
    expect(list.json().data.find((a: { id: number }) => a.id === adminId)).toMatchObject({ two_factor: true });

    const self = await send('POST', `/api/admin/admins/${superId}/two-factor/reset`, { token: superToken });
    expect(self.statusCode).toBe(422);
    const reset = await send('POST', `/api/admin/admins/${adminId}/two-factor/reset`, { token: superToken, lang: 'fr' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toMatch(/double authentification de cet administrateur est réinitialisée/);
    expect((await send('POST', '/api/admin/admins/999999/two-factor/reset', { token: superToken })).statusCode).toBe(404);

    const adminToken = await sessionOf('florist-admin@flora.test', ADMIN_PASSWORD);
    expect((await send('GET', '/api/admin/profile', { token: adminToken })).json()).toMatchObject({
      two_factor: false,
      recovery_codes_left: 0,
    });
    expect(await ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, adminId))).toHaveLength(0);
    // An admin cannot reset anyone.
    expect((await send('POST', `/api/admin/admins/${superId}/two-factor/reset`, { token: adminToken })).statusCode).toBe(403);

    // The admin sets it up again and turns it off with the password.
    const setup = await send('POST', '/api/admin/profile/two-factor/setup', { token: adminToken });
    secret = setup.json().secret;
    expect((await send('POST', '/api/admin/profile/two-factor/enable', { token: adminToken, body: { code: codeAt() } })).statusCode).toBe(
      200,
    );
    const wrongPassword = await send('POST', '/api/admin/profile/two-factor/disable', {
      token: adminToken,
      body: { current_password: 'not-it' },
    });
    expect(wrongPassword.statusCode).toBe(422);
    const off = await send('POST', '/api/admin/profile/two-factor/disable', {
      token: adminToken,
      body: { current_password: ADMIN_PASSWORD },
    });
    expect(off.statusCode).toBe(200);
    expect((await passwordStep('florist-admin@flora.test', ADMIN_PASSWORD)).json().token).toBeDefined();
  });

  it('every step is in the audit log, without codes or secrets', async () => {
    const adminActions = await actionsOf(adminId);
    expect(adminActions).toEqual(
      expect.arrayContaining([
        'admin.two_factor.setup',
        'admin.two_factor.enable',
        'admin.two_factor.sign_in',
        'admin.two_factor.sign_in_recovery',
        'admin.two_factor.reset',
        'admin.two_factor.disable',
      ]),
    );
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(
        inArray(auditLog.action, [
          'admin.two_factor.setup',
          'admin.two_factor.enable',
          'admin.two_factor.reset',
          'admin.two_factor.sign_in_recovery',
        ]),
      );
    const text = JSON.stringify(rows);
    expect(text).not.toContain(secret);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
    const resetRow = rows.find((r) => r.action === 'admin.two_factor.reset');
    expect(resetRow).toMatchObject({ actorId: superId, entityId: String(adminId), after: { two_factor: false } });
  });
});
