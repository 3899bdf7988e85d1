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
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { accountMessages as msg } from './accounts.messages.js';
import { findUser } from './accounts.service.js';

const ISSUER = 'Flora Maroc';
const PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 5;
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
  if (!(await verifyPassword(password, user.passwordHash))) throw new FieldValidationError({ current_password: [msg.currentPasswordWrong] });
  await db.transaction((tx) => clearTwoFactor(tx, userId));
}

// ---------------------------------------------------------------- sign-in

/** Opens the code step after a right password; returns the pending token (shown once). */
export async function openChallenge(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db.delete(twoFactorChallenges).where(and(eq(twoFactorChallenges.userId, userId), sql`${twoFactorChallenges.expiresAt} < now()`));
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

/** A wrong code: one attempt less for this challenge. */
export async function challengeFailed(db: Db, challengeId: number): Promise<void> {
  await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(eq(twoFactorChallenges.id, challengeId));
}

/**
 * Closes the challenge with a code from the app or a recovery code; returns how, or null when the code
 * is wrong (or replayed, or the recovery code used). Only one concurrent caller closes a challenge.
 */
export async function answerChallenge(
  db: Db,
  challengeId: number,
  user: UserRow,
  answer: { code?: string; recovery_code?: string },
): Promise<'code' | 'recovery_code' | null> {
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(twoFactorChallenges)
      .set({ usedAt: new Date() })
      .where(and(eq(twoFactorChallenges.id, challengeId), isNull(twoFactorChallenges.usedAt)))
      .returning({ id: twoFactorChallenges.id });
    if (closed.length === 0) throw new AppError(401, msg.twoFactorExpired);
    let how: 'code' | 'recovery_code' | null = null;
    if (answer.code) {
      const step = codeStep(user.email, user.totpSecret!, answer.code);
      if (step !== null) {
        const took = await tx
          .update(users)
          .set({ totpLastStep: step })
          .where(and(eq(users.id, user.id), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`))
          .returning({ id: users.id });
        if (took.length > 0) how = 'code';
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
    if (how === null) {
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

