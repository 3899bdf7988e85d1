/**
 * Admin management (super admins only): the list of admins, super admins and drivers, a new one,
 * and deleting one. Deleting removes the account row; its sessions go with it (foreign key
 * cascade), and every request checks the session against the users table, so a deleted admin's
 * open sessions stop working on their next request.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { isStaffRole, type Locale } from '../../../shared/constants.js';
import { STAFF_ROLES, type AdminAccount, type newAdminBodySchema } from '../../../shared/schemas/people.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { clearTwoFactor, twoFactorOn } from '../accounts/two-factor.js';
import { peopleMessages } from './people.messages.js';

type UserRow = typeof users.$inferSelect;
const ADMIN_ROLES: string[] = [...STAFF_ROLES];

export const toAdminAccount = (u: UserRow): AdminAccount => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  address: u.address,
  role: u.role as AdminAccount['role'],
  created_at: u.createdAt.toISOString(),
  two_factor: u.totpEnabledAt !== null && u.totpSecret !== null,
});

export async function listAdmins(db: Db): Promise<AdminAccount[]> {
  const rows = await db.select().from(users).where(inArray(users.role, ADMIN_ROLES)).orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(toAdminAccount);
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** A confirmed admin account (a super admin vouches for the address); 422 when the e-mail is taken. */
export async function createAdmin(db: Db, input: z.output<typeof newAdminBodySchema>, locale: Locale): Promise<AdminAccount> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw new FieldValidationError({ email: [peopleMessages.emailTaken] });
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        role: input.role,
        phone: input.phone ?? null,
        address: input.address ?? null,
        passwordHash,
        emailVerifiedAt: new Date(),
        language: locale,
      })
      .returning();
    return toAdminAccount(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw new FieldValidationError({ email: [peopleMessages.emailTaken] });
    throw err;
  }
}

/** Deletes an admin account (not one's own: 403). Returns what was deleted, for the audit row. */
export async function deleteAdmin(db: Db, actorId: number, id: number): Promise<AdminAccount> {
  if (id === actorId) throw new AppError(403, peopleMessages.cannotDeleteSelf);
  const [deleted] = await db
    .delete(users)
    .where(and(eq(users.id, id), inArray(users.role, ADMIN_ROLES)))
    .returning();
  if (!deleted) throw new AppError(404, peopleMessages.adminNotFound);
  return toAdminAccount(deleted);
}

/** A super admin resets another admin's 2FA (lost phone): they sign in with the password alone until they set it up again. */
export async function resetTwoFactor(
  db: Db,
  actorId: number,
  targetId: number,
): Promise<{ id: number; email: string; two_factor: boolean }> {
  if (actorId === targetId) throw new FieldValidationError({ id: [peopleMessages.twoFactorResetSelf] });
  const [target] = await db.select().from(users).where(eq(users.id, targetId)).limit(1);
  if (!target || !isStaffRole(target.role)) throw new AppError(404, peopleMessages.adminNotFound);
  await db.transaction((tx) => clearTwoFactor(tx, targetId));
  return { id: target.id, email: target.email, two_factor: twoFactorOn(target) };
}
