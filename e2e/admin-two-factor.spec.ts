/**
 * Two-step sign-in of an admin in a real browser, in French and Arabic at phone width (390 px):
 * - a fresh admin (created for the journey: the shared e2e super admin never turns it on, or every
 *   other journey's login would need a code) sets it up on the profile page: QR code and key, a code
 *   computed here with the same TOTP library, the 10 recovery codes shown once;
 * - signs in with password then a code (one-time-code input), and lands on the `?next=` back-office page;
 * - signs in with a recovery code (through "use a recovery code");
 * - the e2e super admin resets it from the admins table; the admin then signs in with the password alone.
 * Screenshots of the code step and of the setup at 390 and 1280 px go to /tmp/shots/two-factor.
 */
import { mkdirSync } from 'node:fs';
import { TOTP } from 'otpauth';
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { ADMIN, signIn } from './support/admin';
import { WIDTHS } from './support/a11y';
import { useLanguage } from './support/lang';

const SHOTS = '/tmp/shots/two-factor';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const origin = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

const TEXTS = {
  fr: {
    setUp: 'Activer la connexion en deux étapes',
    confirm: 'Confirmer et activer',
    saved: 'Je les ai enregistrés',
    on: 'Activée',
    codeTitle: 'Saisissez votre code',
    submit: 'Vérifier et se connecter',
    useRecovery: 'Utiliser un code de secours',
    reset: (name: string) => `Réinitialiser la connexion en deux étapes de ${name}`,
    resetButton: 'Réinitialiser la connexion en deux étapes',
    resetDone: /double authentification de cet administrateur est réinitialisée/,
    usedCode: 'Ce code a déjà servi. Attendez le code suivant de votre application',
  },
  ar: {
    setUp: 'تفعيل تسجيل الدخول بخطوتين',
    confirm: 'تأكيد وتفعيل',
    saved: 'لقد حفظتها',
    on: 'مفعّل',
    codeTitle: 'أدخل الرمز',
    submit: 'تحقق وسجّل الدخول',
    useRecovery: 'استخدام رمز استرداد',
    reset: (name: string) => `إعادة تعيين تسجيل الدخول بخطوتين لـ ${name}`,
    resetButton: 'إعادة تعيين تسجيل الدخول بخطوتين',
    resetDone: /تمت إعادة تعيين المصادقة الثنائية لهذا المسؤول/,
    usedCode: 'سبق استخدام هذا الرمز. انتظر الرمز التالي في تطبيقك',
  },
} as const;

async function createAdmin(request: APIRequestContext, who: { name: string; email: string; password: string }) {
  const login = await request.post('/api/login', { data: ADMIN, headers: { origin: origin() } });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const res = await request.post('/api/admin/admins/new', {
    headers,
    data: { ...who, password_confirmation: who.password, role: 'admin' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function newPage(browser: Browser, lang: 'fr' | 'ar') {
  const context = await browser.newContext({ viewport: WIDTHS.phone });
  const page = await context.newPage();
  await useLanguage(page, lang);
  return page;
}

/** A screenshot at phone and desktop width, then back to the phone. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(WIDTHS.desktop);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(WIDTHS.phone);
}

/** The password step of /login (with `next`), which then asks for the code. */
async function passwordStep(page: Page, who: { email: string; password: string }, next = '/admin/orders') {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.locator('main input[name="email"]').fill(who.email);
  await page.locator('main input[name="password"]').fill(who.password);
  await page.locator('main form button[type="submit"]').click();
}

for (const lang of ['fr', 'ar'] as const) {
  const t = TEXTS[lang];
  test(`admin two-step sign-in in ${lang} at 390 px: set up, sign in with a code and with a recovery code, reset by the super admin`, async ({
    browser,
    request,
  }) => {
    const admin = { name: `Nadia ${unique()}`, email: `two-factor-${unique()}@e2e.test`, password: 'Nadia-e2e-password-2026' };
    await createAdmin(request, admin);

    // 1. Setup on the profile page.
    const page = await newPage(browser, lang);
    await passwordStep(page, admin, '/admin/profile');
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await page.getByRole('button', { name: t.setUp }).click();
    const secretText = await page.getByTestId('two-factor-secret').textContent();
    const secret = secretText!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(page.locator('img[src^="data:image/svg+xml;base64,"]')).toBeVisible();
    const setupCode = page.locator('input[name="code"]');
    await expect(setupCode).toHaveAttribute('autocomplete', 'one-time-code');
    await shoot(page, `${lang}-profile-setup`);
    const enableCode = new TOTP({ secret }).generate();
    await setupCode.fill(enableCode);
    await page.getByRole('button', { name: t.confirm }).click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await expect(codes).toHaveCount(10);
    const recoveryCodes = await codes.allTextContents();
    await shoot(page, `${lang}-profile-codes`);
    await page.getByRole('button', { name: t.saved }).click();
    await expect(page.getByTestId('two-factor-status')).toHaveText(t.on);
    await page.context().close();

    // 2. Sign in with a code, going to the `next` page afterwards.
    const second = await newPage(browser, lang);
    await passwordStep(second, admin, '/admin/orders');
    await expect(second.getByRole('heading', { name: t.codeTitle })).toBeVisible();
    const codeInput = second.locator('main input[name="code"]');
    await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
    await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
    await shoot(second, `${lang}-login-code`);
    // The code that turned it on cannot be used again, and the page says so (not "check the clock").
    await codeInput.fill(enableCode);
    await second.getByRole('button', { name: t.submit }).click();
    await expect(second.getByText(t.usedCode)).toBeVisible();
    // The next time step's code (accepted within the one-step drift allowed).
    await codeInput.fill(new TOTP({ secret }).generate({ timestamp: Date.now() + 30_000 }));
    await second.getByRole('button', { name: t.submit }).click();
    await expect(second).toHaveURL(/\/admin\/orders$/);
    await second.context().close();

    // 3. Sign in with a recovery code.
    const third = await newPage(browser, lang);
    await passwordStep(third, admin, 'https://evil.example/admin');
    await third.getByRole('button', { name: t.useRecovery }).click();
    const recoveryInput = third.locator('main input[name="recovery_code"]');
    await recoveryInput.fill(recoveryCodes[0]!);
    await shoot(third, `${lang}-login-recovery`);
    await third.getByRole('button', { name: t.submit }).click();
    // A `next` outside the back office is ignored: the admin lands on the dashboard.
    await expect(third).toHaveURL(/\/admin\/dashboard$/);
    await third.context().close();

    // 4. The super admin resets it from the admins table; the password alone signs in again.
    const boss = await newPage(browser, lang);
    await signIn(boss);
    await boss.goto('/admin/profile');
    await boss.getByRole('button', { name: t.reset(admin.name) }).click();
    await boss.getByRole('dialog').getByRole('button', { name: t.resetButton }).click();
    await expect(boss.getByText(t.resetDone)).toBeVisible();
    await boss.context().close();

    const after = await request.post('/api/login', {
      data: { email: admin.email, password: admin.password },
      headers: { origin: origin() },
    });
    expect(after.ok()).toBe(true);
    expect(await after.json()).toMatchObject({ token: expect.any(String) });
  });
}
