/**
 * A confirmed customer signed in through the shop's API in the page's own cookie jar (the browser page
 * is then that customer), with the user and session expiry the web app keeps in localStorage.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { waitForMail } from './mail';

export async function registerAndLogin(request: APIRequestContext, baseURL: string, email: string, lang: string) {
  const headers = { origin: baseURL, 'accept-language': lang };
  const password = 'bouquet-pass-123';
  const reg = await request.post('/api/register', {
    headers,
    data: { name: 'Salma Bennani', email, phone: '0611223344', password, password_confirmation: password },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const mail = await waitForMail(email, { subject: /email-confirmation\// });
  const link = mail.links.find((l) => l.includes('/email-confirmation/'))!;
  const token = decodeURIComponent(link.split('/email-confirmation/')[1]!.replace(/[^A-Za-z0-9_%-].*$/, ''));
  expect((await request.post('/api/email/confirm', { headers, data: { token } })).ok()).toBe(true);
  const login = await request.post('/api/login', { headers, data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  return (await login.json()) as { user: unknown; expires_in: number };
}

/** Signs a new customer in on `page`, which then opens the shop in `lang`. */
export async function signedInCustomer(page: Page, baseURL: string, email: string, lang: 'fr' | 'en' | 'ar') {
  const answer = await registerAndLogin(page.request, baseURL, email, lang);
  await page.addInitScript(
    ([language, user, expires]) => {
      localStorage.setItem('language', language as string);
      if (!localStorage.getItem('user')) {
        localStorage.setItem('user', JSON.stringify(user));
        localStorage.setItem('session_expiry', String(Date.now() + (expires as number) * 1000));
      }
    },
    [lang, answer.user, answer.expires_in] as const,
  );
  return answer;
}
