/**
 * Failed logins slow and stop the addresses that fail, never the account: its owner signs in from
 * elsewhere whatever a stranger does. Rate limits are on here (the per-IP limit of the login route
 * holds as before). Client addresses are faked with inject's `remoteAddress`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginFailures, users } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { insertUser } from './accounts.test-utils.js';
import { BURST_MAIL_AT, PAIR_MAX, SLOW_FROM } from './login-throttle.js';
import { ACCOUNT_CODE_FAILURES_MAX, ACCOUNT_CODE_WINDOW_MS } from './two-factor.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'true' });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.clearMail());

let ipCounter = 0;
const newIp = () => `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const login = (ip: string, email: string, password: string, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    payload: { email, password },
    headers: { 'accept-language': lang },
  });

/** Pretends the address's last failure on the account was `seconds` ago (instead of sleeping). */
async function ageLastFailure(userId: number, ip: string, seconds: number) {
  await ctx.db
    .update(loginFailures)
    .set({ lastFailureAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(and(eq(loginFailures.userId, userId), eq(loginFailures.ip, ip)));
}

describe('login throttle', () => {
  it('150 wrong passwords for the super admin from 30 addresses: the owner still signs in, with the code, from another address', async () => {
    const owner = await insertUser(ctx.db, 'owner@flora.test', 'super_admin', 'Owner-password-2026');
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await ctx.db.update(users).set({ totpSecret: secret, totpEnabledAt: new Date() }).where(eq(users.id, owner.id));

    const attackers = Array.from({ length: 30 }, newIp);
    const answers: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (const ip of attackers) answers.push((await login(ip, owner.email, `guess-${round}-${ip}`)).statusCode);
    }
    expect(answers).toHaveLength(150);
    // Every try is refused: 401 (counted against its address) while the address may try, 429 (no
    // password check) while it waits. How many of each depends on the machine's speed, not the sum.
    expect(answers.every((s) => s === 401 || s === 429)).toBe(true);
    const [counted] = await ctx.db
      .select({ n: sql<number>`sum(${loginFailures.failures})::int` })
      .from(loginFailures)
      .where(eq(loginFailures.userId, owner.id));
    expect(Number(counted!.n) + answers.filter((s) => s === 429).length).toBe(150);

    // An address that keeps failing is stopped on this account, even with the right password, and
    // told when to come back (its waits are skipped by ageing its last failure, not by sleeping).
    const attacker = attackers[0]!;
    let last = 401;
    for (let i = 0; i < 20 && last === 401; i++) {
      await ageLastFailure(owner.id, attacker, 3600);
      last = (await login(attacker, owner.email, `again-${i}`)).statusCode;
    }
    expect(last).toBe(429);
    const fromAttacker = await login(attacker, owner.email, 'Owner-password-2026');
    expect(fromAttacker.statusCode).toBe(429);
    expect(Number(fromAttacker.headers['retry-after'])).toBeGreaterThan(0);

    // The owner, from an address that has not been failing: password, then the app's code.
    const ownerIp = newIp();
    const first = await login(ownerIp, owner.email, 'Owner-password-2026');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ two_factor_required: true });
    expect(first.headers['set-cookie']).toBeUndefined();
    const code = new TOTP({ secret }).generate();
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/two-factor',
      remoteAddress: ownerIp,
      payload: { pending_token: first.json().pending_token, code },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().user).toMatchObject({ email: owner.email, role: 'super_admin' });
    // 151 password hashes on a busy machine: a generous budget.
  }, 180_000);

  it(`slows an address from its ${SLOW_FROM}rd failure, refuses it after ${PAIR_MAX}, and leaves the others alone`, async () => {
    const user = await insertUser(ctx.db, 'slow@example.com');
    const ip = newIp();
    for (let i = 0; i < SLOW_FROM; i++) expect((await login(ip, user.email, `nope-${i}`)).statusCode).toBe(401);
    // Right after its 3rd failure the address waits (4 s): refused without a password check, in the reader's language.
    const waiting = await login(ip, user.email, 'secret123', 'fr');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toMatch(/Trop de tentatives échouées depuis votre connexion/);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(4);
    // The refused try was not counted as a failure.
    const [pair] = await ctx.db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.userId, user.id), eq(loginFailures.ip, ip)));
    expect(pair!.failures).toBe(SLOW_FROM);

    // Once the wait has passed, the address may try again; each failure doubles the next wait.
    for (let n = SLOW_FROM; n < PAIR_MAX; n++) {
      await ageLastFailure(user.id, ip, 600);
      expect((await login(ip, user.email, `nope-again-${n}`)).statusCode).toBe(401);
    }
    // After PAIR_MAX failures in the hour, the address is refused on this account even after a long wait.
    await ageLastFailure(user.id, ip, 1800);
    const stopped = await login(ip, user.email, 'secret123');
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(1700);

    // The owner elsewhere is not affected, and their success does not free the failing address.
    expect((await login(newIp(), user.email, 'secret123')).statusCode).toBe(200);
    expect((await login(ip, user.email, 'secret123')).statusCode).toBe(429);

    // An hour later the window is over: the address starts afresh.
    await ctx.db
      .update(loginFailures)
      .set({ windowStart: sql`now() - interval '61 minutes'` })
      .where(and(eq(loginFailures.userId, user.id), eq(loginFailures.ip, ip)));
    expect((await login(ip, user.email, 'secret123')).statusCode).toBe(200);
    // A success clears that address's count.
    expect(
      await ctx.db
        .select()
        .from(loginFailures)
        .where(and(eq(loginFailures.userId, user.id), eq(loginFailures.ip, ip))),
    ).toHaveLength(0);
  });

  it('an address with a failure or two and the right password gets in at once when the account is not under attack', async () => {
    const user = await insertUser(ctx.db, 'typo@example.com');
    const ip = newIp();
    expect((await login(ip, user.email, 'secret12')).statusCode).toBe(401);
    expect((await login(ip, user.email, 'secret1234')).statusCode).toBe(401);
    expect((await login(ip, user.email, 'secret123')).statusCode).toBe(200);
  });

  it(`mails the owner once per burst (${BURST_MAIL_AT} failures in an hour), in the account's language`, async () => {
    const user = await insertUser(ctx.db, 'burst@example.com');
    await ctx.db.update(users).set({ language: 'ar' }).where(eq(users.id, user.id));
    for (let i = 0; i < BURST_MAIL_AT - 1; i++) expect((await login(newIp(), user.email, `bad-${i}`)).statusCode).toBe(401);
    await ctx.app.mailQueue.settled();
    expect(ctx.mail.sent.filter((m) => m.to === user.email)).toHaveLength(0);

    expect((await login(newIp(), user.email, 'bad-last', 'fr')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(newIp(), user.email, `more-${i}`)).statusCode).toBe(401);
    await ctx.app.mailQueue.settled();
    const mails = ctx.mail.sent.filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('محاولات تسجيل الدخول إلى حسابك – Flora Maroc');
    expect(mails[0]!.text).toContain('حسابك غير مقفل');
  });

  it(`two-factor codes: at most ${ACCOUNT_CODE_FAILURES_MAX} wrong ones per account in ${ACCOUNT_CODE_WINDOW_MS / 60_000} minutes, whatever the addresses`, async () => {
    const admin = await insertUser(ctx.db, 'codes@flora.test', 'admin', 'Codes-password-2026');
    await ctx.db
      .update(users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', totpEnabledAt: new Date() })
      .where(eq(users.id, admin.id));
    const statuses: number[] = [];
    let pending = '';
    for (let i = 0; i <= ACCOUNT_CODE_FAILURES_MAX; i++) {
      // A new pending token every few tries (each takes 5 wrong codes), each code from a new address.
      if (i % 4 === 0) pending = (await login(newIp(), admin.email, 'Codes-password-2026')).json().pending_token;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login/two-factor',
        remoteAddress: newIp(),
        payload: { pending_token: pending, code: '000000' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, ACCOUNT_CODE_FAILURES_MAX).every((s) => s === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('unknown addresses leave no trace and answer like a wrong password', async () => {
    const res = await login(newIp(), 'nobody@example.com', 'whatever');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password. Please try again.');
  });
});
