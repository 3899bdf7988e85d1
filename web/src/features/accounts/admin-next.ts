import { safeRedirect } from '@web/lib/session';

/**
 * `?next=` on the login page is where an expired back-office page sends the admin back after signing
 * in: only a path of this shop's back office (`/admin…`, same origin) is followed; anything else
 * (another site, `//host`, a storefront page, a script URL) is ignored.
 */
export function adminNext(value: string | null, origin?: string): string | null {
  if (!value) return null;
  const path = origin === undefined ? safeRedirect(value, '') : safeRedirect(value, '', origin);
  return /^\/admin(?:[/?#]|$)/.test(path) ? path : null;
}
