/**
 * A pending token's cap of wrong codes, and the account's, hold when the codes arrive all at once, on
 * a real PostgreSQL (PGlite runs one query at a time, so it cannot show a race): each code takes its
 * attempt in one conditional update under the account's row lock before it is checked.
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run server/modules/accounts/two-factor.concurrency.test.ts
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, twoFactorChallenges, users } from '../../db/schema.js';
import { createTestApp, onPostgres, type TestContext } from '../../test/helpers.js';
import { insertUser } from './accounts.test-utils.js';
import { ACCOUNT_CODE_FAILURES_MAX, CHALLENGE_MAX_ATTEMPTS } from './two-factor.js';

let ctx: TestContext;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const ip = (i: number) => `10.4.${Math.floor(i / 250)}.${(i % 250) + 1}`;

describe.skipIf(!onPostgres)('two-factor codes sent at once (PostgreSQL)', () => {
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  async function admin(email: string) {
    const user = await insertUser(ctx.db, email, 'admin', 'Race-password-2026');
    await ctx.db.update(users).set({ totpSecret: SECRET, totpEnabledAt: new Date() }).where(eq(users.id, user.id));
    return user;
  }
  const pending = async (email: string, from: string) =>
    (
      await ctx.app.inject({ method: 'POST', url: '/api/login', remoteAddress: from, payload: { email, password: 'Race-password-2026' } })
    ).json().pending_token as string;
  const code = (token: string, i: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login/two-factor',
      remoteAddress: ip(i),
      payload: { pending_token: token, code: String(100000 + i) },
    });

  it(`30 codes at once on one pending token: ${CHALLENGE_MAX_ATTEMPTS} are checked, the others find it spent`, async () => {
    const user = await admin('race-token@flora.test');
    const token = await pending(user.email, ip(999));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => code(token, i)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 422)).toHaveLength(CHALLENGE_MAX_ATTEMPTS);
    expect(statuses.filter((s) => s === 401)).toHaveLength(30 - CHALLENGE_MAX_ATTEMPTS);
    const [challenge] = await ctx.db
      .select({ attempts: twoFactorChallenges.attempts })
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.userId, user.id));
    expect(challenge!.attempts).toBe(CHALLENGE_MAX_ATTEMPTS);
    const [failures] = await ctx.db
      .select({ n: sql<number>`coalesce(sum(${loginFailures.failures}), 0)::int` })
      .from(loginFailures)
      .where(eq(loginFailures.userId, user.id));
    expect(failures!.n).toBe(CHALLENGE_MAX_ATTEMPTS);
  });

  it(`40 codes at once on eight pending tokens: the account takes ${ACCOUNT_CODE_FAILURES_MAX} wrong ones`, async () => {
    const user = await admin('race-account@flora.test');
    const tokens = await Promise.all(Array.from({ length: 8 }, (_, i) => pending(user.email, ip(900 + i))));
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => code(tokens[i % 8]!, 100 + i)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(ACCOUNT_CODE_FAILURES_MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - ACCOUNT_CODE_FAILURES_MAX);
  });
});
