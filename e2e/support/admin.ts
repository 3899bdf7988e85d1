/**
 * Back-office helpers for journeys: log in through the real form (any language: inputs are found by
 * name, the button by its type) and land where the shop sends that person.
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

/** The seeded super admin of the e2e server (playwright.config.ts), on the dashboard. */
export async function logInAsAdmin(page: Page) {
  await logInThroughForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}
