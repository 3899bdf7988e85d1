/**
 * The login throttle: slows and then refuses the client addresses that fail on an account, never the
 * account itself. A hard per-account lock let anyone lock the owner (the super admin included) out by
 * failing on purpose; throttling per (account, address) lets the right password through from any
 * address that has not been failing, while a guesser's addresses get slower and then stop.
 *
 * - Each address's failures on an account are counted in a one-hour window (`login_failures`).
 * - An address with failures waits 2^(n-1) seconds after its n-th failure before its next try (capped),
 *   from the 3rd failure on, or from the 1st once the account is under attack (many failures in the
 *   hour from anywhere). Tries inside the wait are refused (429 + Retry-After) without checking the
 *   password, so they teach the guesser nothing.
 * - After PAIR_MAX failures an address is refused on that account until its window ends.
 * - The account's own count (users.failed_logins) only decides "under attack" and the warning mail
 *   (once per burst: the first time it reaches BURST_MAIL_AT in a window).
 *
 * The per-IP limit of the login route (@fastify/rate-limit) still caps what one address sends overall.
 * This throttle lives in the database, so it holds across the shop's processes and with RATE_LIMIT off.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Localized } from '../../lib/i18n.js';
import { queueMail } from '../../lib/mail-queue.js';
import { toLocale } from '../../../shared/constants.js';
import { loginBurstMail } from './accounts.mails.js';
import { accountMessages as msg } from './accounts.messages.js';

export const FAILURE_WINDOW_MS = 3600 * 1000;
/** Failures from one address on one account in an hour, after which that address is refused there. */
export const PAIR_MAX = 10;
/** Failures from one address before its tries are spaced out (when the account is not under attack). */
export const SLOW_FROM = 3;
/** Failures on the account in an hour, from anywhere, that make it "under attack". */
export const UNDER_ATTACK_AT = 20;
/** The account's failures in an hour that send the owner a warning (once per window). */
export const BURST_MAIL_AT = 10;
const MAX_DELAY_S = 300;

/** A 429 that says when to come back. */
export class LoginThrottled extends AppError {
  constructor(
    public readonly retryAfterSeconds: number,
    text: Localized = msg.loginThrottled,
    params?: Record<string, string | number>,
  ) {
    super(429, text, params);
  }
}

/** Seconds an address with `failures` failures waits after its last one. */
export function waitSeconds(failures: number, underAttack: boolean): number {
  if (failures === 0 || (!underAttack && failures < SLOW_FROM)) return 0;
  return Math.min(2 ** (failures - 1), MAX_DELAY_S);
}

interface AccountState {
  id: number;
  failedLogins: number;
  failedLoginsWindowStart: Date | null;
}

const inWindow = (start: Date | null, now: number) => start !== null && start.getTime() > now - FAILURE_WINDOW_MS;

/** Throws LoginThrottled when `ip` must not try `account`'s password now. */
export async function checkThrottle(db: Db, account: AccountState, ip: string): Promise<void> {
  const [pair] = await db
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.userId, account.id), eq(loginFailures.ip, ip)))
    .limit(1);
  const now = Date.now();
  if (!pair || !inWindow(pair.windowStart, now)) return;
  if (pair.failures >= PAIR_MAX) {
    throw new LoginThrottled(Math.max(1, Math.ceil((pair.windowStart.getTime() + FAILURE_WINDOW_MS - now) / 1000)));
  }
  const underAttack = inWindow(account.failedLoginsWindowStart, now) && account.failedLogins >= UNDER_ATTACK_AT;
  const nextTry = pair.lastFailureAt.getTime() + waitSeconds(pair.failures, underAttack) * 1000;
  if (nextTry > now) throw new LoginThrottled(Math.max(1, Math.ceil((nextTry - now) / 1000)));
}

/**
 * Counts a failure of `ip` on the account (a wrong password, or a wrong two-factor code) and, the first
 * time the account's count reaches BURST_MAIL_AT in its window, queues the warning mail in the same
 * transaction (its dedupe key is the window, so concurrent failures send it once).
 */
export async function recordFailure(db: Db, userId: number, ip: string): Promise<void> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS);
  await db.transaction(async (tx) => {
    const staleP = sql`${loginFailures.windowStart} <= ${windowStart}`;
    await tx
      .insert(loginFailures)
      .values({ userId, ip, failures: 1, windowStart: now, lastFailureAt: now })
      .onConflictDoUpdate({
        target: [loginFailures.userId, loginFailures.ip],
        set: {
          failures: sql`case when ${staleP} then 1 else ${loginFailures.failures} + 1 end`,
          windowStart: sql`case when ${staleP} then ${now} else ${loginFailures.windowStart} end`,
          lastFailureAt: now,
        },
      });
    const fresh = sql`(${users.failedLoginsWindowStart} is null or ${users.failedLoginsWindowStart} <= ${windowStart})`;
    const [account] = await tx
      .update(users)
      .set({
        failedLogins: sql`case when ${fresh} then 1 else ${users.failedLogins} + 1 end`,
        failedLoginsWindowStart: sql`case when ${fresh} then ${now} else ${users.failedLoginsWindowStart} end`,
      })
      .where(eq(users.id, userId))
      .returning();
    if (account && account.failedLogins === BURST_MAIL_AT && account.failedLoginsWindowStart) {
      const to = { email: account.email, name: account.name, locale: toLocale(account.language) };
      await queueMail(tx, loginBurstMail(to), { key: `login-burst:${userId}:${account.failedLoginsWindowStart.getTime()}` });
    }
  });
  // Old rows are worth nothing: dropped now and then, by whoever fails.
  if (Math.random() < 0.01) await db.delete(loginFailures).where(sql`${loginFailures.windowStart} <= ${windowStart}`);
}

/** A good sign-in from `ip`: that address starts afresh on the account (the others do not). */
export async function clearFailures(db: Db, userId: number, ip: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.userId, userId), eq(loginFailures.ip, ip)));
}
