/**
 * A stranger with an admin's password cannot keep the admin out: the account-wide limit on wrong
 * two-factor codes (from anywhere) spares the browser the owner signed in with before (its device
 * cookie), counts wrong codes only (a right one is never a failure), and its 429 carries a numeric
 * Retry-After and says why, in the reader's language.
 */
import { eq } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorRecoveryCodes, users } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { insertUser } from './accounts.test-utils.js';
import { deviceCookieName } from './trusted-device.js';
import { ACCOUNT_CODE_FAILURES_MAX, normaliseRecoveryCode } from './two-factor.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT: 'true' });
});
afterAll(() => ctx.close());

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
let ipCounter = 0;
const newIp = () => `10.3.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

async function twoFactorAdmin(email: string, password: string) {
  const user = await insertUser(ctx.db, email, 'super_admin', password);
  await ctx.db.update(users).set({ totpSecret: SECRET, totpEnabledAt: new Date() }).where(eq(users.id, user.id));
  return user;
}

const passwordStep = async (email: string, password: string, ip: string): Promise<string> => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().pending_token as string;
};

const codeStep = (
  pending_token: string,
  answer: { code?: string; recovery_code?: string },
  ip: string,
  opts: { cookie?: string; lang?: string } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login/two-factor',
    remoteAddress: ip,
    payload: { pending_token, ...answer },
    headers: { 'accept-language': opts.lang ?? 'en', ...(opts.cookie ? { cookie: opts.cookie, origin: 'http://localhost:3000' } : {}) },
  });

/** A right code the account has not used yet (a code signs in once: the last step is forgotten). */
async function freshCode(userId: number): Promise<string> {
  await ctx.db.update(users).set({ totpLastStep: null }).where(eq(users.id, userId));
  return new TOTP({ secret: SECRET }).generate();
}

/** Wrong codes from fresh addresses, a new pending token every few (each takes 5). */
async function strangerGuesses(email: string, password: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  let pending = '';
  for (let i = 0; i < count; i++) {
    if (i % 4 === 0) pending = await passwordStep(email, password, newIp());
    statuses.push((await codeStep(pending, { code: '000000' }, newIp())).statusCode);
  }
  return statuses;
}

describe('two-factor codes under attack', () => {
  it('the owner’s browser signs in with a code or a recovery code after a stranger used up the account’s wrong codes', async () => {
    const password = 'Owner-password-2026';
    const owner = await twoFactorAdmin('lockout-owner@flora.test', password);
    const home = newIp();

    // An earlier sign-in from the owner's browser leaves its device cookie.
    const first = await codeStep(await passwordStep(owner.email, password, home), { code: await freshCode(owner.id) }, home);
    expect(first.statusCode).toBe(200);
    const setCookie = ([] as string[])
      .concat(first.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(`${deviceCookieName(owner.id)}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/api\/login/);
    const cookie = setCookie!.split(';')[0]!;

    expect(await strangerGuesses(owner.email, password, ACCOUNT_CODE_FAILURES_MAX)).toEqual(Array(ACCOUNT_CODE_FAILURES_MAX).fill(422));

    // Anyone else, the right code included, is refused without the code being checked: 429, why, and when.
    for (const [lang, text] of [
      ['fr', /Trop de codes erronés ont été saisis pour ce compte/],
      ['en', /Too many wrong codes have been entered for this account/],
      ['ar', /أُدخلت رموز خاطئة كثيرة لهذا الحساب/],
    ] as const) {
      const refused = await codeStep(await passwordStep(owner.email, password, newIp()), { code: await freshCode(owner.id) }, newIp(), {
        lang,
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(text);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    // A forged or another account's cookie is no exemption.
    const forged = await codeStep(await passwordStep(owner.email, password, home), { code: await freshCode(owner.id) }, home, {
      cookie: `${deviceCookieName(owner.id)}=${cookie.split('=')[1]!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`,
    });
    expect(forged.statusCode).toBe(429);

    // The owner's browser: the code, then a recovery code.
    const ok = await codeStep(await passwordStep(owner.email, password, home), { code: await freshCode(owner.id) }, home, { cookie });
    expect(ok.statusCode).toBe(200);
    await ctx.db.insert(twoFactorRecoveryCodes).values({ userId: owner.id, codeHash: hashToken(normaliseRecoveryCode('abcde-fghjk')) });
    const recovery = await codeStep(await passwordStep(owner.email, password, home), { recovery_code: 'abcde-fghjk' }, home, { cookie });
    expect(recovery.statusCode).toBe(200);
  });

  it('a right code is never counted as a wrong one', async () => {
    const password = 'Second-password-2026';
    const owner = await twoFactorAdmin('lockout-counts@flora.test', password);
    expect(await strangerGuesses(owner.email, password, ACCOUNT_CODE_FAILURES_MAX - 1)).toEqual(
      Array(ACCOUNT_CODE_FAILURES_MAX - 1).fill(422),
    );
    for (let i = 0; i < 3; i++) {
      const ip = newIp();
      expect((await codeStep(await passwordStep(owner.email, password, ip), { code: await freshCode(owner.id) }, ip)).statusCode).toBe(200);
    }
    // One wrong code is still allowed (the tenth), the next is refused.
    expect(await strangerGuesses(owner.email, password, 2)).toEqual([422, 429]);
  });
});
