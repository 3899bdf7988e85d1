/**
 * Test people: a confirmed account of a role with a live session, and a caller that sends requests
 * as them (bearer token, so no CSRF origin is needed).
 */
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';
import { createSession } from '../modules/accounts/auth.js';
import type { App } from '../types.js';

export type Role = 'customer' | 'admin' | 'super_admin' | 'driver';
export interface TestUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  token: string;
}

let counter = 0;

/** A confirmed account with password "secret123" (unless given) and a session. */
export async function userWithSession(
  db: Db,
  role: Role = 'customer',
  fields: { email?: string; name?: string; password?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const email = fields.email ?? `${role.replace('_', '-')}.${process.pid}.${counter}@example.test`;
  const name = fields.name ?? `${role} ${counter}`;
  const [user] = await db
    .insert(users)
    .values({
      name,
      email,
      role,
      phone: '0612345678',
      passwordHash: await hashPassword(fields.password ?? 'secret123'),
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const { token } = await createSession(db, user!.id);
  return { id: user!.id, email, name, role, token };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `as(user)('GET', '/api/admin/orders')`: a request as that user (or as a visitor with null). */
export function requester(app: () => App) {
  return (who: TestUser | null, lang = 'en') =>
    (method: Method, url: string, body?: object) =>
      app().inject({
        method,
        url,
        payload: body,
        headers: { 'accept-language': lang, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
      });
}
