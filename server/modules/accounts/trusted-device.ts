/**
 * The device cookie of a two-factor sign-in: a browser that has completed one (password and code) for
 * an account carries `device_<account id>` = `<issued, base-36 seconds>.<HMAC>`, HttpOnly, sent only to
 * the sign-in routes. Its holder is exempt from the account-wide limit on wrong codes (two-factor.ts):
 * a stranger who knows the password can exhaust that limit, but not from the owner's own browser, so
 * the owner is never locked out by someone else's guessing. The holder is still limited per address
 * (login-throttle.ts) and per challenge like everyone.
 *
 * The HMAC key is the account's TOTP secret: a server-side secret of that account only, unknown to
 * whoever has just the password; resetting or setting up two-factor again voids every device cookie.
 * A cookie lasts DEVICE_DAYS, renewed at each sign-in through it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const DEVICE_DAYS = 30;
const DEVICE_PATH = '/api/login';

interface Account {
  id: number;
  totpSecret: string | null;
}

export const deviceCookieName = (userId: number) => `device_${userId}`;

const signature = (account: Account, issued: string) =>
  createHmac('sha256', account.totpSecret!).update(`two-factor-device:v1:${account.id}:${issued}`).digest('base64url');

/** The cookie value for `account`, issued at `now`. */
export function deviceToken(account: Account, now = new Date()): string {
  const issued = Math.floor(now.getTime() / 1000).toString(36);
  return `${issued}.${signature(account, issued)}`;
}

/** Whether `token` is a live device cookie of `account` (its own signature, not older than DEVICE_DAYS). */
export function isDeviceToken(account: Account, token: string | undefined, now = new Date()): boolean {
  if (!token || !account.totpSecret) return false;
  const [issued, sig] = token.split('.');
  if (!issued || !sig || !/^[0-9a-z]{1,10}$/.test(issued)) return false;
  const age = now.getTime() / 1000 - parseInt(issued, 36);
  if (age < -60 || age > DEVICE_DAYS * 86_400) return false;
  const expected = Buffer.from(signature(account, issued));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const trustedDevice = (req: FastifyRequest, account: Account): boolean =>
  isDeviceToken(account, req.cookies?.[deviceCookieName(account.id)]);

/** Sets (or renews) the device cookie after a completed two-factor sign-in. */
export function setDeviceCookie(req: FastifyRequest, reply: FastifyReply, account: Account): void {
  reply.setCookie(deviceCookieName(account.id), deviceToken(account), {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.server.config.publicUrl.startsWith('https://') || req.protocol === 'https',
    path: DEVICE_PATH,
    maxAge: DEVICE_DAYS * 86_400,
  });
}
