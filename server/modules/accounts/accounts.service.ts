/**
 * Account rules: sign-up, e-mail confirmation, login (throttled per account and address:
 * login-throttle.ts), profile, passwords.
 * Services take the database and return data or throw AppError / FieldValidationError; the routes send
 * the e-mails after the transactions (never inside one).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  CONFIRMATION_TOKEN_TTL_SECONDS,
  EMAIL_CHANGE_TOKEN_TTL_SECONDS,
  PASSWORD_MIN_LENGTH,
  RESET_TOKEN_TTL_SECONDS,
  type Locale,
  type Role,
} from '../../../shared/constants.js';
import type {
  AccountUser,
  AdminProfile,
  ChangePasswordBody,
  EmailChangeBody,
  Profile,
  RegisterBody,
  UpdateAdminProfileBody,
  UpdateProfileBody,
} from '../../../shared/schemas/accounts.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { loginFailures, oneTimeTokens, users } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { commonMessages, type Localized } from '../../lib/i18n.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { queueMail } from '../../lib/mail-queue.js';
import { emailChangeMail, emailChangeNoticeMail, emailChangeUrl } from './accounts.mails.js';
import { accountMessages as msg } from './accounts.messages.js';
import { revokeUserSessions } from './auth.js';
import { checkThrottle, clearFailures, recordFailure } from './login-throttle.js';

export type TokenKind = 'email_confirm' | 'password_reset' | 'email_change';
type UserRow = typeof users.$inferSelect;

/** Tokens are 32 random bytes in base64url: anything else is a malformed link (400). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function toAccountUser(u: UserRow): AccountUser {
  return { id: u.id, name: u.name, email: u.email, phone: u.phone, address: u.address, role: u.role as Role };
}
export function toProfile(u: UserRow): Profile {
  return { ...toAccountUser(u), created_at: u.createdAt.toISOString(), pending_email: u.pendingEmail };
}
/** `recoveryCodesLeft`: the unused two-factor recovery codes (two-factor.ts `unusedRecoveryCodes`). */
export function toAdminProfile(u: UserRow, recoveryCodesLeft = 0): AdminProfile {
  const twoFactor = u.totpEnabledAt !== null && u.totpSecret !== null;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    role: u.role as Role,
    pending_email: u.pendingEmail,
    two_factor: twoFactor,
    recovery_codes_left: twoFactor ? recoveryCodesLeft : 0,
  };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

async function findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

export async function findUser(db: DbOrTx, id: number): Promise<UserRow> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!rows[0]) throw new AppError(401, commonMessages.unauthenticated);
  return rows[0];
}

/** Creates a single-use token of `kind`, invalidating the user's older unused ones of that kind. */
async function issueToken(db: DbOrTx, userId: number, kind: TokenKind, ttlSeconds: number): Promise<string> {
  const token = newToken();
  await db.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt)));
  await db.insert(oneTimeTokens).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

/**
 * Checks a confirmation or reset token without using it: 400 malformed, 404 unknown or used,
 * 410 expired. Returns the token row.
 */
async function checkToken(db: DbOrTx, kind: TokenKind, token: string, texts: { invalid: Localized; expired: Localized }) {
  if (!TOKEN_SHAPE.test(token)) throw new AppError(400, texts.invalid);
  const rows = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.kind, kind)))
    .limit(1);
  const row = rows[0];
  if (!row || row.usedAt) throw new AppError(404, texts.invalid);
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError(410, texts.expired);
  return row;
}

/** Marks the token used; only one concurrent caller wins (the others get 404). */
async function useToken(tx: DbOrTx, id: number, invalid: Localized) {
  const used = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  if (used.length === 0) throw new AppError(404, invalid);
}

// ---------------------------------------------------------------- sign-up and confirmation

export async function registerUser(db: Db, input: RegisterBody, locale: Locale): Promise<{ user: UserRow; token: string }> {
  if (await findByEmail(db, input.email)) throw new FieldValidationError({ email: [msg.emailTaken] });
  const weak = passwordProblem(input.password, 'customer');
  if (weak) throw new FieldValidationError({ password: [weak] });
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, phone: input.phone, passwordHash, role: 'customer', language: locale })
        .returning();
      const token = await issueToken(tx, user!.id, 'email_confirm', CONFIRMATION_TOKEN_TTL_SECONDS);
      return { user: user!, token };
    });
  } catch (err) {
    // Two sign-ups with the same address at once: the unique index decides.
    if (isUniqueViolation(err)) throw new FieldValidationError({ email: [msg.emailTaken] });
    throw err;
  }
}

const confirmTexts = { invalid: msg.confirmationInvalid, expired: msg.confirmationExpired };

export async function confirmEmail(db: Db, token: string): Promise<void> {
  const row = await checkToken(db, 'email_confirm', token, confirmTexts);
  await db.transaction(async (tx) => {
    await useToken(tx, row.id, confirmTexts.invalid);
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, row.userId));
  });
}

/** A new confirmation token when the address belongs to an unconfirmed account; null otherwise. */
export async function newConfirmationToken(db: Db, email: string): Promise<{ user: UserRow; token: string } | null> {
  const user = await findByEmail(db, email);
  if (!user || user.emailVerifiedAt) return null;
  const token = await db.transaction((tx) => issueToken(tx, user.id, 'email_confirm', CONFIRMATION_TOKEN_TTL_SECONDS));
  return { user, token };
}

// ---------------------------------------------------------------- login

let dummyHash: Promise<string> | undefined;
/** Verifying against this when the address is unknown keeps both answers equally slow. */
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * Checks e-mail and password for a login from `ip`. An address that has been failing on the account
 * is slowed, then refused (429, LoginThrottled) before its password is even checked; the account
 * itself is never locked, so its owner gets in from any other address.
 */
export async function authenticate(db: Db, email: string, password: string, ip: string): Promise<UserRow> {
  const user = await findByEmail(db, email);
  if (user) await checkThrottle(db, user, ip);

  const ok = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
  if (!user || !ok) {
    if (user) await recordFailure(db, user.id, ip);
    throw new AppError(401, msg.invalidCredentials);
  }
  // Said only to someone who knows the password, so it does not reveal which addresses exist.
  if (!user.emailVerifiedAt) throw new AppError(403, msg.unverified);
  return user;
}

/**
 * After a good sign-in (with its second factor when on): that address starts afresh on the account,
 * and the language the person uses the shop in is remembered. The account's count of failures is
 * kept (it belongs to the burst, whose warning mail must not go out twice).
 */
export async function loginSucceeded(db: Db, userId: number, locale: Locale, ip: string) {
  await clearFailures(db, userId, ip);
  await db.update(users).set({ language: locale }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------- profile

/**
 * Updates the name and the optional fields; returns the row before and after. The e-mail is not
 * changed here: one sent must be the current address (a new one needs the password and a
 * confirmation, `requestEmailChange`).
 */
async function updateUserRow(
  db: Db,
  userId: number,
  values: { name: string; email?: string; phone?: string | null; address?: string | null },
): Promise<{ before: UserRow; after: UserRow }> {
  const before = await findUser(db, userId);
  if (values.email !== undefined && values.email !== before.email)
    throw new FieldValidationError({ email: [msg.emailChangeNeedsConfirmation] });
  const set: Partial<typeof users.$inferInsert> = { name: values.name, updatedAt: new Date() };
  if (values.phone !== undefined) set.phone = values.phone;
  if (values.address !== undefined) set.address = values.address === '' ? null : values.address;
  const [after] = await db.update(users).set(set).where(eq(users.id, userId)).returning();
  return { before, after: after! };
}

export const updateProfile = (db: Db, userId: number, input: UpdateProfileBody) =>
  updateUserRow(db, userId, { name: input.name, email: input.email, phone: input.phone, address: input.address });

export const updateAdminProfile = (db: Db, userId: number, input: UpdateAdminProfileBody) =>
  updateUserRow(db, userId, { name: input.name, email: input.email, phone: input.phone });

// ---------------------------------------------------------------- e-mail change

/** Forgets a pending e-mail change (its address and its unused links), in the caller's transaction. */
async function dropEmailChange(tx: DbOrTx, userId: number) {
  await tx.update(users).set({ pendingEmail: null }).where(eq(users.id, userId));
  await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, 'email_change'), isNull(oneTimeTokens.usedAt)));
}

/**
 * Asks to change one's own e-mail: the current password is checked first (nothing else is said to
 * someone without it), then the new address must differ from the current one and be free. Stores it
 * as pending with a single-use 24 h link and, in the same transaction, queues the link to the new
 * address and a notice to the current one. A new request replaces the previous one.
 */
export async function requestEmailChange(
  db: Db,
  userId: number,
  input: EmailChangeBody,
  mail: { publicUrl: string; locale: Locale },
): Promise<UserRow> {
  const user = await findUser(db, userId);
  if (!(await verifyPassword(input.current_password, user.passwordHash)))
    throw new FieldValidationError({ current_password: [msg.currentPasswordWrong] });
  if (input.new_email === user.email) throw new FieldValidationError({ new_email: [msg.emailSame] });
  if (await findByEmail(db, input.new_email)) throw new FieldValidationError({ new_email: [msg.emailTaken] });
  return db.transaction(async (tx) => {
    // Two requests at once take turns: only the last one's link stays, and it names the last address.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const token = await issueToken(tx, userId, 'email_change', EMAIL_CHANGE_TOKEN_TTL_SECONDS);
    const [after] = await tx
      .update(users)
      .set({ pendingEmail: input.new_email, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    const to = { name: user.name, locale: mail.locale };
    await queueMail(tx, emailChangeMail({ ...to, email: input.new_email }, emailChangeUrl(mail.publicUrl, token, to.locale)));
    await queueMail(tx, emailChangeNoticeMail({ ...to, email: user.email }, input.new_email));
    return after!;
  });
}

/** Cancels a pending e-mail change (nothing to do when there is none). */
export async function cancelEmailChange(db: Db, userId: number): Promise<UserRow> {
  await db.transaction((tx) => dropEmailChange(tx, userId));
  return findUser(db, userId);
}

const changeTexts = { invalid: msg.emailChangeInvalid, expired: msg.emailChangeExpired };

/**
 * Opens the link of an e-mail change: 400 malformed, 404 unknown/used/cancelled, 410 expired; 409
 * when the address was taken by another account meanwhile (the change is then dropped). The new
 * address counts as confirmed: its mailbox was just proved.
 */
export async function confirmEmailChange(db: Db, token: string): Promise<UserRow> {
  const row = await checkToken(db, 'email_change', token, changeTexts);
  try {
    return await db.transaction(async (tx) => {
      await useToken(tx, row.id, changeTexts.invalid);
      const [owner] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
      if (!owner?.pendingEmail) throw new AppError(404, changeTexts.invalid);
      const other = await findByEmail(tx, owner.pendingEmail);
      if (other && other.id !== owner.id) throw new AppError(409, msg.emailChangeTaken);
      const [after] = await tx
        .update(users)
        .set({
          email: owner.pendingEmail,
          pendingEmail: null,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, owner.id))
        .returning();
      return after!;
    });
  } catch (err) {
    // Taken meanwhile (or by a sign-up between the check and the update: the unique index decides):
    // the change is dropped, its link with it.
    const taken = isUniqueViolation(err) || (err instanceof AppError && err.status === 409);
    if (!taken) throw err;
    await db.transaction((tx) => dropEmailChange(tx, row.userId));
    throw new AppError(409, msg.emailChangeTaken);
  }
}

// ---------------------------------------------------------------- passwords

/** The change-password rules (6+ characters, confirmed, different from the current one), all reported at once; then revokes every other session. */
export async function changePassword(db: Db, userId: number, keepSessionId: number, input: ChangePasswordBody): Promise<void> {
  const user = await findUser(db, userId);
  const errors: Record<string, Localized[]> = {};
  const currentOk = await verifyPassword(input.current_password, user.passwordHash);
  if (!currentOk) errors.current_password = [msg.currentPasswordWrong];
  if (input.new_password.length < PASSWORD_MIN_LENGTH) (errors.new_password ??= []).push(msg.newPasswordMin);
  else if (input.new_password === input.current_password) (errors.new_password ??= []).push(msg.newPasswordSame);
  else {
    const weak = passwordProblem(input.new_password, user.role);
    if (weak) (errors.new_password ??= []).push(weak);
  }
  if (input.new_password !== input.new_password_confirmation) errors.new_password_confirmation = [msg.newPasswordsMismatch];
  if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);

  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    // A reset link asked for before the change must not undo it.
    await tx.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, 'password_reset')));
    // Whoever knew the old password may have asked for an e-mail change: it is cancelled.
    await dropEmailChange(tx, userId);
    await revokeUserSessions(tx, userId, keepSessionId);
  });
}

/** A reset token for a known address; 404 for an unknown one, rate-limited per IP and per address so it cannot sweep the customer list. */
export async function newResetToken(db: Db, email: string): Promise<{ user: UserRow; token: string }> {
  const user = await findByEmail(db, email);
  if (!user) throw new AppError(404, msg.emailNotFound);
  const token = await db.transaction((tx) => issueToken(tx, user.id, 'password_reset', RESET_TOKEN_TTL_SECONDS));
  return { user, token };
}

const resetTexts = { invalid: msg.resetInvalid, expired: msg.resetExpired };

/**
 * Sets the new password with a single-use reset token, confirms the e-mail (the person proved the
 * mailbox), clears the login throttle's counts and revokes every session of the account.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const row = await checkToken(db, 'password_reset', token, resetTexts);
  const [owner] = await db.select({ role: users.role }).from(users).where(eq(users.id, row.userId));
  const weak = passwordProblem(password, owner?.role ?? 'customer');
  if (weak) throw new FieldValidationError({ password: [weak] });
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await useToken(tx, row.id, resetTexts.invalid);
    await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        failedLogins: 0,
        failedLoginsWindowStart: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, row.userId));
    await tx
      .delete(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, row.userId), eq(oneTimeTokens.kind, 'password_reset'), isNull(oneTimeTokens.usedAt)));
    await tx.delete(loginFailures).where(eq(loginFailures.userId, row.userId));
    await dropEmailChange(tx, row.userId);
    await revokeUserSessions(tx, row.userId);
  });
}
