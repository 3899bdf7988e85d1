/**
 * Who is calling: the session token comes as `Authorization: Bearer <token>` (API clients) or in the
 * HttpOnly `session` cookie (the web app, so scripts never see it). Sessions are stored hashed and expire, so
 * logout, password change and reset revoke them for real.
 *
 * A session ends after SESSION_TTL_SECONDS without activity and at the latest SESSION_MAX_SECONDS after
 * its sign-in: each request of its own moves the end (at most one write a minute per session), except a
 * background check marked `session-activity: passive`. Every answer to a request with a live session
 * says how long it has left (`session-expires-in`), so the web app's warning follows the server.
 *
 * Unsafe requests that carry cookies must come from the shop's own origin (CSRF check), since the
 * browser attaches cookies to cross-site form posts.
 */
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  SESSION_ACTIVITY_HEADER,
  SESSION_EXPIRES_HEADER,
  SESSION_MAX_SECONDS,
  SESSION_TTL_SECONDS,
  isAdminRole,
  isStaffRole,
  toLocale,
  type Locale,
  type Role,
} from '../../../shared/constants.js';
import type { TypedApp } from '../../types.js';
import type { DbOrTx } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { commonMessages } from '../../lib/i18n.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { decorateLoginListeners } from './login-events.js';

export const SESSION_COOKIE = 'session';

/**
 * The session cookie's name and flags for a shop served at `publicUrl`: over https it is `Secure` and
 * named `__Host-session` (the browser then refuses it unless Secure, host-only and path /, so a
 * sibling subdomain or a plain-http page cannot plant or overwrite it).
 */
export function sessionCookie(publicUrl: string): { name: string; secure: boolean } {
  const https = publicUrl.startsWith('https://');
  return { name: https ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE, secure: https };
}

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  language: Locale;
  sessionId: number;
  /** When the session was signed in (its absolute cap counts from here) and when it ends now. */
  sessionStartedAt: Date;
  sessionEndsAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    authVia: 'bearer' | 'cookie' | null;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function tokenFrom(req: FastifyRequest, cookieName: string): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token) return { token, via: 'bearer' };
  }
  const cookie = req.cookies?.[cookieName];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** The origin a browser request came from, or null when it says nothing. */
function requestOrigin(req: FastifyRequest): string | null {
  const origin = req.headers.origin;
  if (origin && origin !== 'null') return origin;
  const referer = req.headers.referer;
  if (referer) {
    try {
      return new URL(referer).origin;
    } catch {
      return 'invalid';
    }
  }
  return null;
}

function isSameOrigin(req: FastifyRequest, publicUrl: string): boolean {
  const origin = requestOrigin(req);
  if (!origin) return false;
  if (origin === new URL(publicUrl).origin) return true;
  // Same host as the request itself (the shop reached on another name or port, e.g. tests on a free port).
  return origin === `${req.protocol}://${req.headers.host}`;
}

/** Registers the hook that fills `req.user` on every /api request. */
export function registerAuth(api: TypedApp) {
  decorateLoginListeners(api);
  api.decorateRequest('user', null);
  api.decorateRequest('authVia', null);
  const cookieName = sessionCookie(api.config.publicUrl).name;
  api.addHook('onRequest', async (req, reply) => {
    const found = tokenFrom(req, cookieName);
    const user = found ? await findSessionUser(api.database.db, found.token) : null;
    if (user) {
      if (req.headers[SESSION_ACTIVITY_HEADER] !== 'passive') user.sessionEndsAt = await touchSession(api.database.db, user);
      reply.header(SESSION_EXPIRES_HEADER, String(secondsLeft(user.sessionEndsAt)));
    }
    // The origin check is skipped only for a request that really authenticates by bearer token (which a
    // browser never adds by itself); any Authorization header is not enough.
    const bearerAuthenticated = found?.via === 'bearer' && user !== null;
    const gatewayPost = req.routeOptions.config?.gatewayPost === true;
    if (UNSAFE.has(req.method) && req.headers.cookie && !bearerAuthenticated && !gatewayPost && !isSameOrigin(req, api.config.publicUrl)) {
      throw new AppError(403, commonMessages.crossOrigin);
    }
    if (found && user) {
      req.user = user;
      req.authVia = found.via;
    }
  });
}

export async function findSessionUser(db: DbOrTx, token: string): Promise<AuthUser | null> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      language: users.language,
      sessionId: sessions.id,
      sessionStartedAt: sessions.createdAt,
      sessionEndsAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, role: row.role as Role, language: toLocale(row.language) } : null;
}

/** Seconds from now until `end`, to the nearest (0 once passed). */
const secondsLeft = (end: Date, now = Date.now()) => Math.max(0, Math.round((end.getTime() - now) / 1000));

/** A session's end after activity now: SESSION_TTL_SECONDS from now, never past its absolute cap. */
export function endAfterActivity(startedAt: Date, now = Date.now()): Date {
  return new Date(Math.min(now + SESSION_TTL_SECONDS * 1000, startedAt.getTime() + SESSION_MAX_SECONDS * 1000));
}

/** Moves the end less often than this: a burst of requests writes the session row once. */
const SLIDE_STEP_MS = 60_000;

/**
 * Activity of a live session: its end moves to `endAfterActivity` (one UPDATE, skipped when the end
 * would move by less than a minute). A session revoked meanwhile is left alone. Returns the end.
 */
async function touchSession(db: DbOrTx, user: AuthUser): Promise<Date> {
  const end = endAfterActivity(user.sessionStartedAt);
  if (end.getTime() - user.sessionEndsAt.getTime() < SLIDE_STEP_MS) return user.sessionEndsAt;
  await db
    .update(sessions)
    .set({ expiresAt: end })
    .where(and(eq(sessions.id, user.sessionId), gt(sessions.expiresAt, new Date()), lt(sessions.expiresAt, end)));
  return end;
}

/** Creates a session and returns its token (shown once) and lifetime without activity. */
export async function createSession(db: DbOrTx, userId: number, userAgent?: string) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt, userAgent: userAgent?.slice(0, 300) });
  return { token, expiresIn: SESSION_TTL_SECONDS, expiresAt };
}

/**
 * "Stay signed in": the same as any activity (the request itself already moved the end); answers the
 * end it has now, which the absolute cap may keep under SESSION_TTL_SECONDS. Null when the session has
 * ended meanwhile.
 */
export async function extendSession(db: DbOrTx, user: AuthUser): Promise<{ expiresIn: number; expiresAt: Date } | null> {
  const rows = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, user.sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const expiresAt = rows[0]?.expiresAt;
  return expiresAt ? { expiresIn: secondsLeft(expiresAt), expiresAt } : null;
}

export async function revokeSession(db: DbOrTx, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a user, or every one but `keepSessionId`. */
export async function revokeUserSessions(db: DbOrTx, userId: number, keepSessionId?: number) {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  const { name, secure } = sessionCookie(req.server.config.publicUrl);
  reply.setCookie(name, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure || req.protocol === 'https',
    path: '/',
    // The server ends the session (idle or at its cap); the cookie lives as long as the cap allows.
    maxAge: SESSION_MAX_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  const { name, secure } = sessionCookie(reply.server.config.publicUrl);
  reply.clearCookie(name, { path: '/', secure });
}

// preHandlers for routes.

export async function requireUser(req: FastifyRequest) {
  if (!req.user) throw new AppError(401, commonMessages.unauthenticated);
}

export async function requireAdmin(req: FastifyRequest) {
  if (!req.user) throw new AppError(401, commonMessages.unauthenticated);
  if (!isAdminRole(req.user.role)) throw new AppError(403, commonMessages.forbidden);
}

/** Admins, super admins and drivers (the back office's door; the admin scope then keeps drivers to their round). */
export async function requireStaff(req: FastifyRequest) {
  if (!req.user) throw new AppError(401, commonMessages.unauthenticated);
  if (!isStaffRole(req.user.role)) throw new AppError(403, commonMessages.forbidden);
}

export async function requireSuperAdmin(req: FastifyRequest) {
  if (!req.user) throw new AppError(401, commonMessages.unauthenticated);
  if (req.user.role !== 'super_admin') throw new AppError(403, commonMessages.forbidden);
}

/** The user's id, for handlers behind requireUser. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw new AppError(401, commonMessages.unauthenticated);
  return req.user;
}
