/**
 * Accounts in a real browser against the real server: sign up -> confirmation mail -> confirm ->
 * log in -> personal information -> change password -> log out -> forgot password -> reset mail ->
 * reset -> log in with the new password; and the same journey in Arabic (right-to-left).
 * Form inputs are found by their `name` so the steps read the same in every language.
 */
import { expect, test, type Page } from './support/test';
import { waitForMail } from './support/mail';
import { useLanguage } from './support/lang';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const input = (page: Page, name: string) => page.locator(`input[name="${name}"], textarea[name="${name}"]`);

async function signUpAndConfirm(
  page: Page,
  who: { name: string; email: string; password: string },
  texts: { submit: string; success: string; confirmed: string },
) {
  await page.goto('/signup');
  await input(page, 'name').fill(who.name);
  await input(page, 'email').fill(who.email);
  await input(page, 'phone').fill('+212 6 12 34 56 78');
  await input(page, 'password').fill(who.password);
  await input(page, 'password_confirmation').fill(who.password);
  await page.getByRole('button', { name: texts.submit }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(texts.success)).toBeVisible();

  const mail = await waitForMail(who.email, { subject: /email-confirmation\// });
  const link = mail.links.find((l) => l.includes('/email-confirmation/'));
  expect(link, 'the confirmation mail carries a link').toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: texts.confirmed })).toBeVisible();
}

async function logIn(page: Page, email: string, password: string, submit: string) {
  // The login form is on screen: right after a move to /login the previous page (sign-up, which has
  // e-mail and password fields too) stays until the login page's code has arrived, and typing there
  // was lost (the login then said both fields were empty).
  await expect(page.getByRole('button', { name: submit, exact: true })).toBeVisible();
  await input(page, 'email').fill(email);
  await input(page, 'password').fill(password);
  await page.getByRole('button', { name: submit, exact: true }).click();
}

test('the whole account journey in English', async ({ page }) => {
  await useLanguage(page, 'en');
  const who = { name: 'Salma Bennani', email: `salma.${unique()}@example.ma`, password: 'first-pass-123' };

  // A visitor asking for the profile is sent to log in first.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);

  await signUpAndConfirm(page, who, {
    submit: 'Create my account',
    success: 'Registration successful! Please check your email to confirm your account before logging in.',
    confirmed: 'Email confirmed',
  });

  // Log in: a wrong password first, then the right one.
  await page.getByRole('link', { name: 'Log in' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, who.email, 'not-my-password', 'Log in');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password. Please try again.');
  await logIn(page, who.email, who.password, 'Log in');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${who.name}!` })).toBeVisible();
  await expect(page.getByRole('link', { name: /Admin dashboard/ })).toHaveCount(0);
  // The token lives in the HttpOnly cookie only.
  const stored = await page.evaluate(() => JSON.stringify(localStorage));
  expect(stored).not.toMatch(/token/i);
  expect(JSON.parse(await page.evaluate(() => localStorage.getItem('user') ?? 'null'))).toMatchObject({ email: who.email });
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'session')?.httpOnly).toBe(true);

  // Personal information: read-only, edit, cancel, edit, save.
  await page.getByRole('link', { name: /Personal information/ }).click();
  await expect(page).toHaveURL(/\/profile\/personal-information$/);
  // In the details list (the e-mail change block below names the current address too).
  await expect(page.locator('main dl').getByText(who.email)).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await input(page, 'name').fill('Changed then cancelled');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(who.name, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await input(page, 'name').fill('Salma B.');
  await input(page, 'address').fill('12 rue des Roses, Agdal, Rabat');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Information updated successfully!')).toBeVisible();
  await expect(page.getByText('12 rue des Roses, Agdal, Rabat')).toBeVisible();
  await page.reload();
  await expect(page.getByText('12 rue des Roses, Agdal, Rabat')).toBeVisible();
  await page.getByRole('link', { name: 'Back to my account' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Salma B.!' })).toBeVisible();

  // Change password.
  await page.getByRole('link', { name: /Change password/ }).click();
  await input(page, 'current_password').fill(who.password);
  await input(page, 'new_password').fill('second-pass-456');
  await input(page, 'new_password_confirmation').fill('second-pass-456');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 5000 });

  // Log out: the header's account icon then leads to the login page.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  expect((await page.request.get('/api/profile')).status()).toBe(401);
  await page.getByRole('banner').getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Forgot password -> mail -> reset -> log in with the new password.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The login page stays until the next page's code has arrived, and it has an "email" field too.
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await input(page, 'email').fill(who.email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByText('Password reset instructions have been sent to your email address.')).toBeVisible();
  const mail = await waitForMail(who.email, { subject: /reset-password\?token=/ });
  const link = mail.links.find((l) => l.includes('/reset-password?token='));
  expect(link).toBeTruthy();
  await page.goto(link!);
  await input(page, 'password').fill('third-pass-789');
  await input(page, 'password_confirmation').fill('third-pass-789');
  await page.getByRole('button', { name: 'Reset my password' }).click();
  await expect(page.getByText('Password reset successfully! You can now log in with your new password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
  await logIn(page, who.email, 'second-pass-456', 'Log in');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password. Please try again.');
  await logIn(page, who.email, 'third-pass-789', 'Log in');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Salma B.!' })).toBeVisible();

  // The same reset link does not work twice.
  await page.goto(link!);
  await input(page, 'password').fill('fourth-pass-000');
  await input(page, 'password_confirmation').fill('fourth-pass-000');
  await page.getByRole('button', { name: 'Reset my password' }).click();
  await expect(page.getByRole('alert')).toContainText(/Invalid or expired link\.|This link has expired\./);
});

test('logging in before confirming the e-mail explains why, and the admin sees the dashboard link', async ({ page }) => {
  await useLanguage(page, 'en');
  const email = `late.${unique()}@example.ma`;
  await page.goto('/signup');
  await input(page, 'name').fill('Late Confirmer');
  await input(page, 'email').fill(email);
  await input(page, 'phone').fill('0612345678');
  await input(page, 'password').fill('late-pass-123');
  await input(page, 'password_confirmation').fill('late-pass-123');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, 'late-pass-123', 'Log in');
  await expect(page.getByRole('alert')).toContainText('Please verify your email address before logging in.');
  await page.getByRole('button', { name: 'Resend the confirmation email' }).click();
  await expect(page.getByText('Confirmation email sent successfully! Please check your inbox.')).toBeVisible();

  // An admin lands on the back office's dashboard, and the profile links to it too.
  await logIn(page, 'admin@e2e.test', 'admin-e2e-password', 'Log in');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/profile');
  // The router keeps the language's prefix: /en/admin is the same back office.
  await expect(page.getByRole('link', { name: /Admin dashboard/ })).toHaveAttribute('href', /^(\/en)?\/admin\/dashboard$/);
});

test('the account journey in Arabic, right-to-left', async ({ page }) => {
  await useLanguage(page, 'ar');
  const who = { name: 'سلمى بناني', email: `salma.ar.${unique()}@example.ma`, password: 'kalima-123' };
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expect(page.getByText('يرجى إدخال البريد الإلكتروني وكلمة المرور.')).toBeVisible();

  await signUpAndConfirm(page, who, {
    submit: 'إنشاء حسابي',
    success: 'تم التسجيل بنجاح! يرجى التحقق من بريدك الإلكتروني لتأكيد حسابك قبل تسجيل الدخول.',
    confirmed: 'تم تأكيد البريد الإلكتروني',
  });
  await page.goto('/login');
  await logIn(page, who.email, who.password, 'تسجيل الدخول');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: `مرحبًا، ${who.name}!` })).toBeVisible();

  await page.getByRole('link', { name: /المعلومات الشخصية/ }).click();
  await page.getByRole('button', { name: 'تعديل' }).click();
  await input(page, 'address').fill('حي الرياض، الرباط');
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('تم تحديث المعلومات بنجاح!')).toBeVisible();
  await page.getByRole('link', { name: 'العودة إلى حسابي' }).click();

  await page.getByRole('link', { name: /تغيير كلمة المرور/ }).click();
  await input(page, 'current_password').fill(who.password);
  await input(page, 'new_password').fill(who.password);
  await input(page, 'new_password_confirmation').fill(who.password);
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(page.getByText('يجب أن تختلف كلمة المرور الجديدة عن كلمة المرور الحالية.')).toBeVisible();
  await input(page, 'new_password').fill('jadida-456');
  await input(page, 'new_password_confirmation').fill('jadida-456');
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(page.getByText('تم تغيير كلمة المرور بنجاح!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 5000 });
  await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
  await expect(page).toHaveURL(/\/ar$/);

  await page.goto('/forgot-password');
  await input(page, 'email').fill(who.email);
  await page.getByRole('button', { name: 'إرسال الرابط' }).click();
  await expect(page.getByText('تم إرسال تعليمات إعادة تعيين كلمة المرور إلى بريدك الإلكتروني.')).toBeVisible();
  const mail = await waitForMail(who.email, { subject: /reset-password\?token=/ });
  await page.goto(mail.links.find((l) => l.includes('/reset-password?token='))!);
  await input(page, 'password').fill('akhira-789');
  await input(page, 'password_confirmation').fill('akhira-789');
  await page.getByRole('button', { name: 'إعادة تعيين كلمة المرور' }).click();
  await expect(page.getByText('تمت إعادة تعيين كلمة المرور بنجاح!', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
  await logIn(page, who.email, 'akhira-789', 'تسجيل الدخول');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
