/**
 * Two-factor login for admins: a TOTP app (RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator
 * app reads from the QR code) and 10 single-use recovery codes stored hashed.
 *
 * - Setup stores a new secret (not in force yet); enabling needs a right code from the app, and gives
 *   the recovery codes once. Optional for admins, and a super admin cannot turn it off once on (another
 *   super admin can reset it, e.g. after a lost phone).
 * - Sign-in: a right password for an account with 2FA opens a challenge (a 5-minute pending token, no
 *   session); a right code or an unused recovery code closes it and the route opens the session. Each
 *   challenge takes CHALLENGE_MAX_ATTEMPTS wrong codes, and each wrong code also counts as a failed
 *   login of the address (login-throttle.ts), so guessing codes costs as much as guessing passwords.
 *   The account takes ACCOUNT_CODE_FAILURES_MAX wrong codes in ACCOUNT_CODE_WINDOW_MS from anywhere,
 *   except from a browser that signed in before (trusted-device.ts), so its owner is never locked out.
 * - A code is accepted once: its time step is remembered (`totp_last_step`), a replay is refused.
 *
 * The secret is stored as it is (base32): the shop has no server-side secret to derive an encryption
 * key from, and a key kept next to DATABASE_URL would protect little. Whoever reads the users table
 * still needs the password for a sign-in.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db, DbOrTx } from '../../db/client.js';
import { auditLog, twoFactorChallenges, twoFactorRecoveryCodes, users } from '../../db/schema.js';
import { AppError, FieldValidationError, type FieldErrors } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { accountMessages as msg } from './accounts.messages.js';
import { findUser } from './accounts.service.js';
import { LoginThrottled } from './login-throttle.js';

const ISSUER = 'Flora Maroc';
const PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** Wrong codes on an account, from anywhere, after which only a trusted device may try a code... */
export const ACCOUNT_CODE_FAILURES_MAX = 10;
/** ...until the oldest of them is this old. */
export const ACCOUNT_CODE_WINDOW_MS = 15 * 60 * 1000;
/** Unambiguous letters and digits (no 0/o, 1/l/i), for codes read off paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

type UserRow = typeof users.$inferSelect;

const totpFor = (email: string, secret: string) =>
  new TOTP({ issuer: ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });

export const twoFactorOn = (u: Pick<UserRow, 'totpEnabledAt' | 'totpSecret'>) => u.totpEnabledAt !== null && u.totpSecret !== null;

/** The time step of `code` for `secret` (one step of clock drift either way), or null when wrong. */
export function codeStep(email: string, secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(email, secret).validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

/** Lower-case, without spaces or dashes: "ABCDE-FGHJK" and "abcdefghjk" are the same code. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Replaces the account's recovery codes by 10 new ones; returns them (the only time they are readable). */
async function issueRecoveryCodes(tx: DbOrTx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashToken(normaliseRecoveryCode(c)) })));
  return codes;
}

export async function unusedRecoveryCodes(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- setup, enable, disable, reset

export interface SetupInfo {
  secret: string;
  otpauth_url: string;
  qr_code: string;
}

/** A new secret (replacing an unfinished setup's), with its otpauth:// URL and QR code as an SVG data URL. */
export async function startSetup(db: Db, userId: number): Promise<SetupInfo> {
  const user = await findUser(db, userId);
  if (twoFactorOn(user)) throw new AppError(409, msg.twoFactorAlreadyOn);
  const secret = new Secret({ buffer: randomBytes(20).buffer }).base32;
  await db.update(users).set({ totpSecret: secret, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
  const url = totpFor(user.email, secret).toString();
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauth_url: url, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Turns 2FA on with a right code from the app; returns the 10 recovery codes. */
export async function enableTwoFactor(db: Db, userId: number, code: string): Promise<string[]> {
  const user = await findUser(db, userId);
  if (twoFactorOn(user)) throw new AppError(409, msg.twoFactorAlreadyOn);
  if (!user.totpSecret) throw new AppError(409, msg.twoFactorNotStarted);
  const step = codeStep(user.email, user.totpSecret, code);
  if (step === null) throw new FieldValidationError({ code: [msg.twoFactorCodeWrong] });
  return db.transaction(async (tx) => {
    const on = await tx
      .update(users)
      .set({ totpEnabledAt: new Date(), totpLastStep: step })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt), eq(users.totpSecret, user.totpSecret!)))
      .returning({ id: users.id });
    if (on.length === 0) throw new AppError(409, msg.twoFactorAlreadyOn);
    return issueRecoveryCodes(tx, userId);
  });
}

export async function clearTwoFactor(tx: DbOrTx, userId: number) {
  await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}

/** An admin turns their own 2FA off with their password; a super admin cannot. */
export async function disableTwoFactor(db: Db, userId: number, password: string): Promise<void> {
  const user = await findUser(db, userId);
  if (!twoFactorOn(user)) throw new AppError(409, msg.twoFactorNotOn);
  if (user.role === 'super_admin') throw new AppError(403, msg.twoFactorRequiredForSuperAdmin);
  if (!(await verifyPassword(password, user.passwordHash)))
    throw new FieldValidationError({ current_password: [msg.currentPasswordWrong] });
  await db.transaction((tx) => clearTwoFactor(tx, userId));
}

// ---------------------------------------------------------------- sign-in

/** Opens the code step after a right password; returns the pending token (shown once). */
export async function openChallenge(db: Db, userId: number): Promise<string> {
  const token = newToken();
  // Expired challenges are kept as long as their wrong codes count for the account (takeAttempt).
  await db
    .delete(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.userId, userId),
        sql`${twoFactorChallenges.expiresAt} < now() - make_interval(secs => ${ACCOUNT_CODE_WINDOW_MS / 1000})`,
      ),
    );
  await db.insert(twoFactorChallenges).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
  return token;
}

/** The user of a live challenge (not used, not expired, attempts left); 401 otherwise. */
export async function challengeUser(db: Db, token: string): Promise<{ challengeId: number; user: UserRow }> {
  const [row] = await db
    .select({ challenge: twoFactorChallenges, user: users })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, hashToken(token)),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, new Date()),
        sql`${twoFactorChallenges.attempts} < ${CHALLENGE_MAX_ATTEMPTS}`,
      ),
    )
    .limit(1);
  if (!row || !twoFactorOn(row.user)) throw new AppError(401, msg.twoFactorExpired);
  return { challengeId: row.challenge.id, user: row.user };
}

/**
 * Takes one of the challenge's attempts before its code is checked (a right code closes the challenge,
 * so only wrong ones use it up), in one transaction holding the account's row: code checks of an account
 * run one at a time, so neither the challenge's CHALLENGE_MAX_ATTEMPTS nor the account's limit can be
 * overrun by codes sent at once. Unless `trusted` (a device cookie of an earlier sign-in,
 * trusted-device.ts), an account with ACCOUNT_CODE_FAILURES_MAX wrong codes in ACCOUNT_CODE_WINDOW_MS,
 * from anywhere, is answered 429 without checking the code. Wrong codes are counted from the
 * challenges themselves: their attempts, less the one right code of each closed challenge.
 */
export async function takeAttempt(db: Db, challengeId: number, userId: number, trusted: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!trusted) {
      const [recent] = await tx
        .select({
          wrong: sql<number>`coalesce(sum(${twoFactorChallenges.attempts}) - count(*) filter (where ${twoFactorChallenges.usedAt} is not null), 0)::int`,
          oldest: sql<string | null>`min(${twoFactorChallenges.createdAt})::text`,
        })
        .from(twoFactorChallenges)
        .where(
          and(
            eq(twoFactorChallenges.userId, userId),
            sql`${twoFactorChallenges.createdAt} > now() - make_interval(secs => ${ACCOUNT_CODE_WINDOW_MS / 1000})`,
          ),
        );
      if (recent && Number(recent.wrong) >= ACCOUNT_CODE_FAILURES_MAX) {
        const freeAt = new Date(recent.oldest!).getTime() + ACCOUNT_CODE_WINDOW_MS;
        throw new CodesThrottled(Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)));
      }
    }
    const taken = await tx
      .update(twoFactorChallenges)
      .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
      .where(
        and(
          eq(twoFactorChallenges.id, challengeId),
          isNull(twoFactorChallenges.usedAt),
          gt(twoFactorChallenges.expiresAt, new Date()),
          sql`${twoFactorChallenges.attempts} < ${CHALLENGE_MAX_ATTEMPTS}`,
        ),
      )
      .returning({ id: twoFactorChallenges.id });
    if (taken.length === 0) throw new AppError(401, msg.twoFactorExpired);
  });
}

/** 429 of the account-wide limit on wrong codes: says so, and when to come back. */
export class CodesThrottled extends LoginThrottled {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, msg.twoFactorCodesThrottled, { minutes: Math.ceil(retryAfterSeconds / 60) });
  }
}

/** How a challenge was answered; `code_used`: a right code whose time step has already signed in (or enabled). */
export type ChallengeAnswer = 'code' | 'recovery_code' | 'code_used' | null;

/**
 * What a refused answer is told: a code already used (the one typed at setup, say) is not a clock
 * problem, so it is told to wait for the next code.
 */
export function refusalOf(answer: { code?: string }, how: Exclude<ChallengeAnswer, 'code' | 'recovery_code'>): FieldErrors {
  if (answer.code === undefined) return { recovery_code: [msg.twoFactorRecoveryWrong] };
  return { code: [how === 'code_used' ? msg.twoFactorCodeUsed : msg.twoFactorCodeWrong] };
}

/**
 * Closes the challenge with a code from the app or a recovery code; returns how, or null when the code
 * is wrong (or the recovery code used), `code_used` when replayed. Only one concurrent caller closes
 * a challenge.
 */
export async function answerChallenge(
  db: Db,
  challengeId: number,
  user: UserRow,
  answer: { code?: string; recovery_code?: string },
): Promise<ChallengeAnswer> {
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(twoFactorChallenges)
      .set({ usedAt: new Date() })
      .where(and(eq(twoFactorChallenges.id, challengeId), isNull(twoFactorChallenges.usedAt)))
      .returning({ id: twoFactorChallenges.id });
    if (closed.length === 0) throw new AppError(401, msg.twoFactorExpired);
    let how: ChallengeAnswer = null;
    if (answer.code) {
      const step = codeStep(user.email, user.totpSecret!, answer.code);
      if (step !== null) {
        const took = await tx
          .update(users)
          .set({ totpLastStep: step })
          .where(and(eq(users.id, user.id), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`))
          .returning({ id: users.id });
        how = took.length > 0 ? 'code' : 'code_used';
      }
    } else if (answer.recovery_code) {
      const used = await tx
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(twoFactorRecoveryCodes.userId, user.id),
            eq(twoFactorRecoveryCodes.codeHash, hashToken(normaliseRecoveryCode(answer.recovery_code))),
            isNull(twoFactorRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: twoFactorRecoveryCodes.id });
      if (used.length > 0) how = 'recovery_code';
    }
    // A wrong answer leaves the challenge open (its attempts are counted by the caller).
    if (how === null || how === 'code_used') {
      await tx.update(twoFactorChallenges).set({ usedAt: null }).where(eq(twoFactorChallenges.id, challengeId));
    }
    return how;
  });
}

/**
 * The audit row of a two-factor sign-in. Sign-ins happen outside the back office (no session yet),
 * so the row is written here rather than by the back office's audit hook.
 */
export async function auditSignIn(db: Db, user: UserRow, how: 'code' | 'recovery_code', route: string): Promise<void> {
  await db.insert(auditLog).values({
    actorId: user.id,
    actorEmail: user.email,
    method: 'POST',
    route,
    action: how === 'code' ? 'admin.two_factor.sign_in' : 'admin.two_factor.sign_in_recovery',
    entity: 'admin',
    entityId: String(user.id),
    before: null,
    after: how === 'recovery_code' ? { recovery_codes_left: await unusedRecoveryCodes(db, user.id) } : null,
  });
}
