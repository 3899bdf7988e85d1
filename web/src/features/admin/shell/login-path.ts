/** The back office's login page (/admin/login), coming back to `returnTo` once signed in. */
export function adminLoginPath(returnTo?: string): string {
  return returnTo ? `/admin/login?next=${encodeURIComponent(returnTo)}` : '/admin/login';
}
