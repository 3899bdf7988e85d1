/**
 * On first start with no super admin, create one from ADMIN_EMAIL / ADMIN_PASSWORD, or print a
 * generated password once on the console when none is configured.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';

export async function ensureFirstSuperAdmin(
  db: Db,
  opts: { email: string; password?: string; log: (msg: string) => void },
): Promise<{ created: boolean; email?: string; generatedPassword?: string }> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.role, 'super_admin')).limit(1);
  if (existing.length > 0) return { created: false };
  const generatedPassword = opts.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(opts.password ?? generatedPassword!);
  await db
    .insert(users)
    .values({ name: 'Super Admin', email: opts.email, role: 'super_admin', passwordHash, emailVerifiedAt: new Date() })
    .onConflictDoUpdate({ target: users.email, set: { role: 'super_admin', emailVerifiedAt: new Date() } });
  if (generatedPassword) {
    opts.log(
      `\n  First super admin created: ${opts.email}\n  Generated password (shown once, change it after logging in): ${generatedPassword}\n`,
    );
  } else {
    opts.log(`First super admin created: ${opts.email} (password from ADMIN_PASSWORD)`);
  }
  return { created: true, email: opts.email, generatedPassword };
}
