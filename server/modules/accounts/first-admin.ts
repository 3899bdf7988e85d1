/**
 * On first start with no super admin, create one from ADMIN_EMAIL / ADMIN_PASSWORD, or print a
 * generated password once on the console when none is configured.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oneTimeTokens, sessions, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';

export async function ensureFirstSuperAdmin(
  db: Db,
  opts: { email: string; password?: string; log: (msg: string) => void },
): Promise<{ created: boolean; email?: string; generatedPassword?: string }> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.role, 'super_admin')).limit(1);
  if (existing.length > 0) return { created: false };
  const generatedPassword = opts.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(opts.password ?? generatedPassword!);
  const applied = await db.transaction(async (tx) => {
    const [taken] = await tx.select().from(users).where(eq(users.email, opts.email)).for('update');
    if (!taken) {
      await tx
        .insert(users)
        .values({ name: 'Super Admin', email: opts.email, role: 'super_admin', passwordHash, emailVerifiedAt: new Date() });
      return true;
    }
    // Anyone can sign up with ADMIN_EMAIL before the first start. An unconfirmed account proves nothing:
    // it is not promoted as it is; it becomes the super admin with the configured (or generated)
    // password, and its sessions and links die. A confirmed one proved the mailbox: it keeps its password.
    const unconfirmed = !taken.emailVerifiedAt;
    await tx
      .update(users)
      .set({ role: 'super_admin', ...(unconfirmed ? { passwordHash, emailVerifiedAt: new Date() } : {}), updatedAt: new Date() })
      .where(eq(users.id, taken.id));
    if (unconfirmed) {
      await tx.delete(sessions).where(eq(sessions.userId, taken.id));
      await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, taken.id));
    }
    return unconfirmed;
  });
  if (!applied) {
    opts.log(`First super admin: ${opts.email} (an existing confirmed account, promoted; it keeps its own password)`);
    return { created: true, email: opts.email };
  }
  if (generatedPassword) {
    opts.log(
      `\n  First super admin created: ${opts.email}\n  Generated password (shown once, change it after logging in): ${generatedPassword}\n`,
    );
  } else {
    opts.log(`First super admin created: ${opts.email} (password from ADMIN_PASSWORD)`);
  }
  return { created: true, email: opts.email, generatedPassword };
}
