/** Helpers for the accounts tests (not a test file itself). */
import type { App } from '../../types.js';
import { users } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import type { MailMessage } from '../../lib/mail.js';
import { hashPassword } from '../../lib/passwords.js';

export const ORIGIN = 'http://localhost:3000';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function caller(app: () => App) {
  // Mails leave through the queue: each call waits until what it queued has been tried once.
  return async (
    method: Method,
    url: string,
    opts: { body?: object; token?: string; lang?: string; headers?: Record<string, string> } = {},
  ) => {
    const res = await app().inject({
      method,
      url,
      payload: opts.body,
      headers: {
        'accept-language': opts.lang ?? 'en',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
    });
    await app().mailQueue.settled();
    return res;
  };
}

/** The token carried by the one link of a confirmation or reset mail. */
export function tokenOf(mail: MailMessage | undefined): string {
  const link = mail?.links?.[0];
  if (!link) throw new Error('no link in mail');
  const m = /email-confirmation\/([A-Za-z0-9_-]+)$/.exec(link) ?? /reset-password\?token=([A-Za-z0-9_-]+)$/.exec(link);
  if (!m) throw new Error(`unexpected link ${link}`);
  return m[1]!;
}

/** A confirmed user inserted directly, with password "secret123" unless given. */
export async function insertUser(db: Db, email: string, role = 'customer', password = 'secret123') {
  const [user] = await db
    .insert(users)
    .values({
      name: `User ${email}`,
      email,
      role,
      phone: '0612345678',
      passwordHash: await hashPassword(password),
      emailVerifiedAt: new Date(),
    })
    .returning();
  return user!;
}
