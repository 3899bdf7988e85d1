/**
 * Own profiles in a real browser (French at desktop width, then Arabic at phone width):
 * - an admin edits the profile (Cancel restores the values, saving shows "Profile updated
 *   successfully!" for about 3 s), changes the e-mail (wrong password refused, pending notice with
 *   Cancel, link read from the mail outbox, old address in force until it is opened, login with the
 *   new one afterwards); the super admin deletes an admin through the confirm dialog;
 * - a customer changes the e-mail from the storefront's personal information page.
 * Every state shown passes the axe scan.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { ADMIN, logInThroughForm, signIn } from './support/admin';
import { expectNoFailures, scan, WIDTHS } from './support/a11y';
import { useLanguage } from './support/lang';
import { waitForMail } from './support/mail';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const origin = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

const TEXTS = {
  fr: {
    edit: 'Modifier le profil',
    cancel: 'Annuler',
    save: 'Enregistrer',
    updated: 'Profil mis à jour avec succès !',
    name: 'Nom',
    phone: 'Téléphone',
    logout: 'Se déconnecter',
    delete: 'Supprimer',
    deleted: 'Administrateur supprimé avec succès',
    openChange: 'Changer d’e-mail',
    newEmail: 'Nouvelle adresse e-mail',
    currentPassword: 'Mot de passe actuel',
    submit: 'Envoyer le lien de confirmation',
    wrongPassword: 'Le mot de passe actuel est incorrect.',
    pending: 'En attente de confirmation à',
    cancelChange: 'Annuler le changement',
    cancelled: 'Le changement d’adresse e-mail est annulé.',
    changedTitle: 'Adresse e-mail changée',
    infoEdit: 'Modifier',
  },
  ar: {
    edit: 'تعديل الملف الشخصي',
    cancel: 'إلغاء',
    save: 'حفظ',
    updated: 'تم تحديث الملف الشخصي بنجاح!',
    name: 'الاسم',
    phone: 'الهاتف',
    logout: 'تسجيل الخروج',
    delete: 'حذف',
    deleted: 'تم حذف المسؤول بنجاح',
    openChange: 'تغيير البريد الإلكتروني',
    newEmail: 'البريد الإلكتروني الجديد',
    currentPassword: 'كلمة المرور الحالية',
    submit: 'إرسال رابط التأكيد',
    wrongPassword: 'كلمة المرور الحالية غير صحيحة.',
    pending: 'في انتظار التأكيد على',
    cancelChange: 'إلغاء التغيير',
    cancelled: 'تم إلغاء تغيير البريد الإلكتروني.',
    changedTitle: 'تم تغيير البريد الإلكتروني',
    infoEdit: 'تعديل',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

async function apiLogin(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/login', { data: who, headers: { origin: origin() } });
  expect(res.ok(), await res.text()).toBe(true);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

async function createAdmin(request: APIRequestContext, who: { name: string; email: string; password: string }) {
  const headers = await apiLogin(request, ADMIN);
  const res = await request.post('/api/admin/admins/new', {
    headers,
    data: { ...who, password_confirmation: who.password, role: 'admin' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A confirmed customer, signed up and confirmed through the real API and mail. */
async function createCustomer(request: APIRequestContext, who: { name: string; email: string; password: string }) {
  const res = await request.post('/api/register', {
    data: { ...who, phone: '0612345678', password_confirmation: who.password },
    headers: { origin: origin() },
  });
  expect(res.status(), await res.text()).toBe(201);
  const mail = await waitForMail(who.email, { subject: /email-confirmation\// });
  const token = /email-confirmation\/([A-Za-z0-9_-]+)/.exec(mail.links.find((l) => l.includes('/email-confirmation/'))!)![1];
  expect((await request.post('/api/email/confirm', { data: { token }, headers: { origin: origin() } })).ok()).toBe(true);
}

async function newPage(browser: Browser, lang: 'fr' | 'ar', viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await useLanguage(page, lang);
  return page;
}

/**
 * The e-mail change form on the page: a wrong password is refused, a request leaves a pending
 * notice, Cancel drops it, a second request mails the link; returns the link (not opened yet).
 */
async function askForEmailChange(page: Page, t: Texts, newEmail: string, password: string, failures: string[], label: string) {
  await page.getByRole('button', { name: t.openChange }).click();
  await page.getByRole('textbox', { name: t.newEmail }).fill(newEmail);
  await page.getByRole('textbox', { name: t.currentPassword }).fill('not-my-password');
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByText(t.wrongPassword)).toBeVisible();
  await scan(page, `${label}: wrong password`, failures);

  await page.getByRole('textbox', { name: t.currentPassword }).fill(password);
  await page.getByRole('button', { name: t.submit }).click();
  const pending = page.getByRole('status').filter({ hasText: t.pending });
  await expect(pending).toContainText(newEmail);
  const cancelled = await waitForMail(newEmail, { subject: /confirm-email-change\?token=/ });
  await page.getByRole('button', { name: t.cancelChange }).click();
  await expect(page.getByText(t.cancelled)).toBeVisible();
  await expect(pending).toHaveCount(0);

  await page.getByRole('button', { name: t.openChange }).click();
  await page.getByRole('textbox', { name: t.newEmail }).fill(newEmail);
  await page.getByRole('textbox', { name: t.currentPassword }).fill(password);
  await page.getByRole('button', { name: t.submit }).click();
  await expect(pending).toContainText(newEmail);
  await scan(page, `${label}: pending`, failures);
  // The second request's mail, not the first (its link died with the cancel).
  const mail = await waitForMail(newEmail, { subject: /confirm-email-change\?token=/, besides: [cancelled.file] });
  return mail.links.find((l) => l.includes('/confirm-email-change?token='))!;
}

for (const [lang, viewport] of [
  ['fr', WIDTHS.desktop],
  ['ar', WIDTHS.phone],
] as const) {
  test(`admin profile in ${lang} at ${viewport.width} px: edit, cancel, saved banner, e-mail change, delete an admin`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(360_000);
    const t = TEXTS[lang];
    const failures: string[] = [];
    const id = unique();
    const admin = { name: `Rachida ${id}`, email: `rachida.${id}@e2e.test`, password: `long-password-${id}` };
    const doomed = { name: `Partant ${id}`, email: `partant.${id}@e2e.test`, password: `long-password-${id}` };
    await createAdmin(request, admin);
    await createAdmin(request, doomed);

    const page = await newPage(browser, lang, viewport);
    await logInThroughForm(page, admin);
    await page.goto('/admin/profile');
    const main = page.locator('main');
    await expect(main.getByText(admin.name)).toBeVisible();

    // Edit, change, Cancel: the saved values come back.
    await page.getByRole('button', { name: t.edit }).click();
    await page.getByRole('textbox', { name: t.name, exact: true }).fill('Quelqu’un d’autre');
    await page.getByRole('textbox', { name: t.phone, exact: true }).fill('0599999999');
    await scan(page, `admin profile edit ${lang}`, failures);
    await page.getByRole('button', { name: t.cancel, exact: true }).click();
    await expect(main.getByText(admin.name)).toBeVisible();
    await expect(main.getByText('Quelqu’un d’autre')).toHaveCount(0);
    await page.getByRole('button', { name: t.edit }).click();
    await expect(page.getByRole('textbox', { name: t.name, exact: true })).toHaveValue(admin.name);

    // Save: the banner shows, then goes after about 3 s.
    const renamed = `Rachida B. ${id}`;
    await page.getByRole('textbox', { name: t.name, exact: true }).fill(renamed);
    await page.getByRole('textbox', { name: t.phone, exact: true }).fill('0522334455');
    await page.getByRole('button', { name: t.save, exact: true }).click();
    const banner = page.getByRole('status').filter({ hasText: t.updated });
    await expect(banner).toBeVisible();
    const shownAt = Date.now();
    await expect(main.getByText(renamed)).toBeVisible();
    await expect(main.getByText('0522334455')).toBeVisible();
    await expect(banner).toHaveCount(0, { timeout: 6000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor, 'the banner stays about 3 s').toBeGreaterThan(2500);
    expect(shownFor).toBeLessThan(4500);

    // E-mail change: the old address stays in force until the link is opened.
    const newEmail = `rachida.new.${id}@e2e.test`;
    const link = await askForEmailChange(page, t, newEmail, admin.password, failures, `admin profile ${lang}`);
    const notice = await waitForMail(admin.email, { subject: new RegExp(newEmail.replace(/\./g, '\\.')) });
    expect(notice.links.some((l) => l.includes('confirm-email-change'))).toBe(false);
    expect(
      (await request.post('/api/login', { data: { email: newEmail, password: admin.password }, headers: { origin: origin() } })).status(),
    ).toBe(401);
    expect((await request.post('/api/login', { data: admin, headers: { origin: origin() } })).ok()).toBe(true);

    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: t.changedTitle })).toBeVisible();
    await scan(page, `e-mail change confirmed ${lang}`, failures);
    await page.goto('/admin/profile');
    await expect(main.getByText(newEmail).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: t.pending })).toHaveCount(0);
    // Logging out of the back office lands on its own login page.
    await main.getByRole('button', { name: t.logout }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await logInThroughForm(page, { email: newEmail, password: admin.password });
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // The super admin deletes an admin through the confirm dialog.
    const chief = await newPage(browser, lang, viewport);
    await signIn(chief);
    await chief.goto('/admin/profile');
    const row = chief.getByRole('row').filter({ hasText: doomed.email });
    await row.getByRole('button', { name: t.delete }).click();
    const dialog = chief.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await scan(chief, `delete admin dialog ${lang}`, failures);
    await dialog.getByRole('button', { name: t.delete }).click();
    await expect(dialog).toHaveCount(0);
    await expect(chief.getByRole('status').filter({ hasText: t.deleted })).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await request.post('/api/login', { data: doomed, headers: { origin: origin() } })).status()).toBe(401);

    expectNoFailures(failures);
  });

  test(`customer e-mail change in ${lang} at ${viewport.width} px`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const t = TEXTS[lang];
    const failures: string[] = [];
    const id = unique();
    const customer = { name: `Nadia ${id}`, email: `nadia.${id}@e2e.test`, password: `fleurs-${id}` };
    await createCustomer(request, customer);

    const page = await newPage(browser, lang, viewport);
    await logInThroughForm(page, customer);
    await page.goto('/profile/personal-information');
    const main = page.locator('main');
    await expect(main.getByText(customer.email).first()).toBeVisible();
    // The edit form no longer has the e-mail: it changes through the confirmed flow only.
    await page.getByRole('button', { name: t.infoEdit, exact: true }).click();
    await expect(main.locator('form input[type="email"]')).toHaveCount(0);
    await page.getByRole('button', { name: t.cancel, exact: true }).first().click();

    const newEmail = `nadia.new.${id}@e2e.test`;
    const link = await askForEmailChange(page, t, newEmail, customer.password, failures, `personal information ${lang}`);
    await waitForMail(customer.email, { subject: new RegExp(newEmail.replace(/\./g, '\\.')) });

    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: t.changedTitle })).toBeVisible();
    // The link works once.
    const again = await request.post('/api/profile/email/confirm', {
      data: { token: new URL(link).searchParams.get('token') },
      headers: { origin: origin() },
    });
    expect(again.status()).toBe(404);
    await page.goto('/profile/personal-information');
    await expect(main.getByText(newEmail).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: t.pending })).toHaveCount(0);
    await scan(page, `personal information after change ${lang}`, failures);
    expect(
      (await request.post('/api/login', { data: { email: newEmail, password: customer.password }, headers: { origin: origin() } })).ok(),
    ).toBe(true);
    expect((await request.post('/api/login', { data: customer, headers: { origin: origin() } })).status()).toBe(401);

    expectNoFailures(failures);
  });
}
