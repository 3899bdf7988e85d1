/**
 * Where a shopper who signs up on the way to a page goes back to. The login page's "create an
 * account" keeps its `redirect`; the sign-up page sends it on to the login page and also keeps it in
 * this browser, because the e-mail confirmation link opens a new page without it: the confirmation
 * page's "sign in" takes it back (once), so the custom bouquet's checkout, not the profile, comes after.
 * Every value goes through `safeRedirect` (a path of this shop, never another site).
 */
import { readString, removeKey, writeString } from './storage';
import { loginPath, safeRedirect } from './session';

const KEY = 'return_after_signup';

/** The `redirect` of a page's address, when it is a safe path of the shop (else undefined). */
export function returnPath(value: string | null | undefined): string | undefined {
  return safeRedirect(value, '') || undefined;
}

export function rememberReturn(path: string | undefined): void {
  if (path) writeString(KEY, path);
  else removeKey(KEY);
}

/** The login page's address with the remembered return, which is forgotten once read. */
export function loginAfterConfirmation(): string {
  const path = returnPath(readString(KEY));
  removeKey(KEY);
  return loginPath(path);
}

/** An account page's address carrying the return along (`/signup?redirect=…`). */
export const withReturn = (page: string, path: string | undefined) => (path ? `${page}?redirect=${encodeURIComponent(path)}` : page);
