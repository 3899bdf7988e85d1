/**
 * Back-office helpers for journeys.
 * - logInThroughForm: the real login form (any language: inputs are found by name, the button by its
 *   type), for journeys about logging in and for people made during the journey;
 * - signIn / logInAsAdmin: a session opened through the login API in the page's own cookie jar, as the
 *   form does, for journeys whose subject comes after the login. The form itself is proven by the
 *   account journeys, the accessibility sweep and the journeys that log in people they created.
 */
import { expect, type Page } from '@playwright/test';
import { ADMIN } from './a11y';

export { ADMIN };

/** Logs in through /login; an admin lands on /admin/dashboard. */
export async function logInThroughForm(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.locator('main input[name="email"]').fill(who.email);
  await page.locator('main input[name="password"]').fill(who.password);
  await page.locator('main form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Opens a session for `who` in the page's browser context without loading a page, as the login form
 * does: the session cookie the login answer sets, and the signed-in user and session end the app keeps
 * in localStorage (written before the next page's scripts run, once per tab: a later logout wins).
 */
export async function signIn(page: Page, who: { email: string; password: string } = ADMIN) {
  // The API refuses a cross-site POST: the request says it comes from the shop, as the form's does.
  const answer = await page.request.post('/api/login', { data: who, headers: { origin: `http://127.0.0.1:${process.env.E2E_PORT}` } });
  expect(answer.ok(), `login of ${who.email}: ${answer.status()} ${await answer.text()}`).toBe(true);
  const { user, expires_in } = (await answer.json()) as {
    user: { id: number; name: string; email: string; phone?: string | null; address?: unknown; role: string };
    expires_in: number;
  };
  const stored = {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone ?? null,
    address: user.address ?? null,
    role: user.role,
  };
  await page.addInitScript(
    ([signedIn, expiresAt]) => {
      if (sessionStorage.getItem('signed-in-set')) return;
      sessionStorage.setItem('signed-in-set', '1');
      localStorage.setItem('user', JSON.stringify(signedIn));
      localStorage.setItem('session_expiry', String(expiresAt));
    },
    [stored, Date.now() + expires_in * 1000] as const,
  );
}

/** The seeded super admin of the e2e server (playwright.config.ts), on the dashboard. */
export async function logInAsAdmin(page: Page) {
  await signIn(page, ADMIN);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}
