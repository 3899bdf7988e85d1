/**
 * Back office III in a real browser (French at desktop width, then Arabic at phone width): a super
 * admin adds an admin, who logs in and confirms a testimonial that then shows on the home page; the
 * super admin creates a coupon that a customer then uses at checkout, closes a day that checkout then
 * refuses, and finds these actions in the audit log. Every page visited (the customer's own page
 * included) passes the axe scan.
 */
import { expect, test, type APIRequestContext, type Browser } from './support/test';
import { ADMIN, logInThroughForm, signIn } from './support/admin';
import { expectNoFailures, scan, WIDTHS } from './support/a11y';
import { useLanguage } from './support/lang';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const CUSTOMER = { email: 'salma.bennani@example.ma', password: 'fleurs2024' };

const TEXTS = {
  fr: {
    addAdmin: 'Ajouter un admin',
    name: 'Nom complet',
    email: 'E-mail',
    role: 'Rôle',
    password: 'Mot de passe',
    confirm: 'Confirmer le mot de passe',
    create: 'Créer l’admin',
    created: 'Administrateur créé avec succès !',
    tooShort: 'Le mot de passe doit contenir au moins 12 caractères',
    admins: 'Administrateurs actuels',
    confirmAction: 'Confirmer',
    confirmed: 'Confirmé',
    search: 'Rechercher dans le contenu ou le nom du client',
    customersSearch: 'Rechercher par n°, nom, e-mail ou téléphone',
    noResults: 'Aucun client ne correspond à votre recherche.',
    signedOut: 'Vous êtes déconnecté : votre session a pris fin.',
    adminLogin: 'Connexion à l’espace de gestion',
    newCoupon: 'Nouveau code',
    couponCode: 'Code',
    couponValue: 'Valeur',
    save: 'Enregistrer',
    nextMonth: 'Mois suivant',
    closeDay: 'Fermer ce jour',
    reason: 'Motif',
    audit: ['Code promo créé', 'Jour fermé', 'Administrateur créé'],
    saved: 'Réglages enregistrés.',
  },
  ar: {
    addAdmin: 'إضافة مسؤول',
    name: 'الاسم الكامل',
    email: 'البريد الإلكتروني',
    role: 'الدور',
    password: 'كلمة المرور',
    confirm: 'تأكيد كلمة المرور',
    create: 'إنشاء المسؤول',
    created: 'تم إنشاء المسؤول بنجاح!',
    tooShort: 'يجب أن تتكون كلمة المرور من 12 حرفًا على الأقل',
    admins: 'المسؤولون الحاليون',
    confirmAction: 'تأكيد',
    confirmed: 'مؤكَّدة',
    search: 'البحث في المحتوى أو اسم العميل',
    customersSearch: 'البحث بالرقم أو الاسم أو البريد الإلكتروني أو الهاتف',
    noResults: 'لا يوجد عملاء يطابقون بحثك.',
    signedOut: 'لقد تم تسجيل خروجك: انتهت جلستك.',
    adminLogin: 'تسجيل الدخول إلى لوحة الإدارة',
    newCoupon: 'رمز جديد',
    couponCode: 'الرمز',
    couponValue: 'القيمة',
    save: 'حفظ',
    nextMonth: 'الشهر التالي',
    closeDay: 'إغلاق هذا اليوم',
    reason: 'السبب',
    audit: ['إنشاء رمز خصم', 'إغلاق يوم', 'إنشاء مسؤول'],
    saved: 'تم حفظ الإعدادات.',
  },
} as const;

/** A demo customer writes a testimonial through the API; it waits for moderation. */
async function customerWritesTestimonial(request: APIRequestContext, content: string) {
  const login = await request.post('/api/login', { data: CUSTOMER, headers: { origin: `http://127.0.0.1:${process.env.E2E_PORT}` } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const posted = await request.post('/api/testimonials', { data: { content, rating: 5 }, headers: { authorization: `Bearer ${token}` } });
  expect(posted.status()).toBe(201);
}

/** The customer fills a cart through the API and checks out: with a coupon, or on a given day. */
async function customerCheckout(request: APIRequestContext, opts: { coupon?: string; date?: string }) {
  const login = await request.post('/api/login', { data: CUSTOMER, headers: { origin: `http://127.0.0.1:${process.env.E2E_PORT}` } });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const products = (await (await request.get('/api/products?per_page=20')).json()) as {
    data: { id: number; stock: number; sizes?: { id: number }[] }[];
  };
  const product = products.data.find((p) => p.stock > 5)!;
  const zones = (await (await request.get('/api/delivery-zones')).json()) as { id: number }[];
  await request.delete('/api/cart/clear', { headers });
  const added = await request.post('/api/cart/add', {
    headers,
    data: { product_id: product.id, size_id: product.sizes?.[0]?.id ?? null, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  expect((await request.post('/api/cart/delivery-city', { headers, data: { zone_id: zones[0]!.id } })).ok()).toBe(true);
  if (opts.coupon)
    expect((await request.post('/api/cart/coupon', { headers, data: { code: opts.coupon } })).ok(), 'the coupon applies to the cart').toBe(
      true,
    );
  const cart = (await (await request.get('/api/cart', { headers })).json()) as { summary: { total: number; discount: number } };
  // The first slot still open on the day the order goes out (the migration seeds three).
  const { expected_without_date: day } = (await (await request.get('/api/delivery/closed-dates', { headers })).json()) as {
    expected_without_date: string;
  };
  const slots = (await (await request.get(`/api/delivery/slots?date=${day}&city=${zones[0]!.id}`, { headers })).json()) as {
    key: string;
    available: boolean;
  }[];
  const slot = slots.find((s) => s.available)?.key;
  const res = await request.post('/api/checkout', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: {
      address: {
        full_name: 'Salma Bennani',
        street: '12 rue Oued Sebou',
        city: 'Rabat',
        postal_code: '10000',
        country: 'Maroc',
        phone: '0612345678',
      },
      customer: { name: 'Salma Bennani', email: CUSTOMER.email, phone: '0612345678' },
      delivery_zone_id: zones[0]!.id,
      ...(slot ? { delivery_slot: slot } : {}),
      payment_method: 'cash_on_delivery',
      accept_terms: true,
      total_amount: cart.summary.total,
      ...(opts.date ? { delivery_date: opts.date } : {}),
    },
  });
  return { res, discount: cart.summary.discount };
}

/** A shop day `days` after the first day a customer may choose. */
async function selectableDay(request: APIRequestContext, days: number): Promise<string> {
  const { earliest } = (await (await request.get('/api/delivery/closed-dates')).json()) as { earliest: string; dates: string[] };
  const d = new Date(`${earliest}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function newPage(browser: Browser, lang: 'fr' | 'ar', viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await useLanguage(page, lang);
  return page;
}

for (const [lang, viewport] of [
  ['fr', WIDTHS.desktop],
  ['ar', WIDTHS.phone],
] as const) {
  test(`people journey in ${lang} at ${viewport.width} px`, async ({ browser, request }) => {
    // A long journey (three people, ten pages, axe on each) on a shared machine.
    test.setTimeout(480_000);
    const t = TEXTS[lang];
    const failures: string[] = [];
    const id = unique();
    const newAdmin = { name: `Florist ${id}`, email: `florist.${id}@e2e.test`, password: `long-password-${id}` };

    // The super admin adds an admin.
    const chief = await newPage(browser, lang, viewport);
    await signIn(chief);
    await chief.goto('/admin/profile');
    await expect(chief.getByRole('heading', { name: t.admins })).toBeVisible();
    await expect(chief.getByRole('row').filter({ hasText: ADMIN.email })).toBeVisible();
    await scan(chief, `profile ${lang}`, failures);
    await chief.getByRole('link', { name: t.addAdmin }).click();
    await expect(chief).toHaveURL(/\/admin\/profile\/new-admin$/);
    await chief.getByRole('textbox', { name: t.name, exact: true }).fill(newAdmin.name);
    await chief.getByRole('textbox', { name: t.email, exact: true }).fill(newAdmin.email);
    await chief.getByRole('textbox', { name: t.password, exact: true }).fill('short-pass');
    await chief.getByRole('textbox', { name: t.confirm, exact: true }).fill('short-pass');
    await chief.getByRole('button', { name: t.create }).click();
    await expect(chief.getByRole('alert').first()).toContainText(t.tooShort);
    await scan(chief, `add admin ${lang}`, failures);
    await chief.getByRole('textbox', { name: t.password, exact: true }).fill(newAdmin.password);
    await chief.getByRole('textbox', { name: t.confirm, exact: true }).fill(newAdmin.password);
    await chief.getByRole('button', { name: t.create }).click();
    await expect(chief.getByRole('status').filter({ hasText: t.created })).toBeVisible();
    await expect(chief).toHaveURL(/\/admin\/profile$/, { timeout: 5000 });
    await expect(chief.getByRole('row').filter({ hasText: newAdmin.email })).toBeVisible();

    // Admins are staff, not customers: the customers list does not show the new one.
    await chief.goto('/admin/customers');
    await chief.getByLabel(t.customersSearch).fill(newAdmin.email);
    await expect(chief).toHaveURL(/search=/);
    await expect(chief.getByText(t.noResults)).toBeVisible();
    await expect(chief.getByRole('row').filter({ hasText: newAdmin.email })).toHaveCount(0);
    await scan(chief, `customers ${lang}`, failures);

    // A customer writes; the new admin logs in and confirms; the home page shows it.
    const content = `Des pivoines superbes, merci ${id}`;
    await customerWritesTestimonial(request, content);
    const florist = await newPage(browser, lang, viewport);
    await logInThroughForm(florist, newAdmin);
    await expect(florist).toHaveURL(/\/admin\/dashboard$/);
    await florist.goto('/admin/testimonials');
    await florist.getByLabel(t.search).fill(id);
    const row = florist.getByRole('row').filter({ hasText: content });
    await expect(row).toBeVisible();
    await scan(florist, `testimonials ${lang}`, failures);
    await row.getByRole('button', { name: t.confirmAction, exact: true }).click();
    await expect(row).toContainText(t.confirmed);
    await expect(row.getByRole('button', { name: t.confirmAction, exact: true })).toHaveCount(0);
    // A plain admin is refused the add-admin page.
    await florist.goto('/admin/add-admin');
    await expect(florist.getByRole('link', { name: lang === 'fr' ? 'Retour au profil' : 'العودة إلى الملف الشخصي' })).toBeVisible();

    await florist.goto('/');
    await expect(florist.getByText(content)).toBeVisible();

    // The super admin creates a coupon; the customer uses it at checkout.
    const code = `E2E${id}`.toUpperCase();
    await chief.goto('/admin/coupons');
    await chief.getByRole('button', { name: t.newCoupon }).click();
    const dialog = chief.getByRole('dialog');
    await dialog.getByRole('textbox', { name: t.couponCode, exact: true }).fill(code);
    await dialog.getByRole('textbox', { name: t.couponValue, exact: true }).fill('10');
    await scan(chief, `coupon form ${lang}`, failures);
    await dialog.getByRole('button', { name: t.save, exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(chief.getByRole('row').filter({ hasText: code })).toBeVisible();
    await scan(chief, `coupons ${lang}`, failures);
    const used = await customerCheckout(request, { coupon: code.toLowerCase() });
    expect(used.res.status()).toBe(201);
    expect(used.discount).toBeGreaterThan(0);
    await chief.reload();
    await expect(chief.getByRole('row').filter({ hasText: code })).toContainText('1');

    // The super admin closes a day in the calendar; checkout refuses it.
    const day = await selectableDay(request, lang === 'fr' ? 3 : 4);
    await chief.goto('/admin/closed-dates');
    const todayMonth = (await (await request.get('/api/delivery/closed-dates')).json()).today.slice(0, 7) as string;
    if (day.slice(0, 7) !== todayMonth) await chief.getByRole('button', { name: t.nextMonth }).click();
    await chief
      .getByRole('grid')
      .getByRole('button')
      .filter({ hasText: new RegExp(`^${Number(day.slice(8))}$`) })
      .click();
    // A reason of its own per language: both runs share one server, and the other run's day may show.
    const reason = `Inventaire ${lang}`;
    await chief.getByRole('dialog').getByRole('textbox', { name: t.reason }).fill(reason);
    await chief.getByRole('dialog').getByRole('button', { name: t.closeDay }).click();
    await expect(chief.getByText(reason).first()).toBeVisible();
    await scan(chief, `closed dates ${lang}`, failures);
    const refused = await customerCheckout(request, { date: day });
    expect(refused.res.status()).toBe(422);

    // The customer's own page lists the order placed with the coupon.
    await chief.goto('/admin/customers');
    await chief.getByLabel(t.customersSearch).fill(CUSTOMER.email);
    const customerRow = chief.getByRole('row').filter({ hasText: CUSTOMER.email });
    await customerRow.getByRole('link').click();
    await expect(chief).toHaveURL(/\/admin\/customers\/\d+$/);
    await expect(chief.getByRole('heading', { level: 1 })).toContainText('Salma');
    // Its orders: a table at desktop width, cards at phone width; either shows the order number.
    await expect(
      chief
        .locator('main')
        .getByText(/^#\d+$/)
        .first(),
    ).toBeVisible();
    await scan(chief, `customer detail ${lang}`, failures);

    // Delivery zones and shop settings; the footer links the Instagram page saved there.
    await chief.goto('/admin/delivery-zones');
    await expect(chief.getByRole('row').nth(1)).toBeVisible();
    await scan(chief, `delivery zones ${lang}`, failures);
    await chief.goto('/admin/settings');
    const instagram = `https://www.instagram.com/flora${id}`;
    await chief.getByRole('textbox', { name: 'Instagram' }).fill(instagram);
    await chief.getByRole('button', { name: t.save, exact: true }).click();
    await expect(chief.getByRole('status').filter({ hasText: t.saved })).toBeVisible();
    await scan(chief, `settings ${lang}`, failures);
    const visitor = await newPage(browser, lang, viewport);
    await visitor.goto('/');
    await expect(visitor.locator('footer').getByRole('link', { name: /^Instagram/ })).toHaveAttribute('href', instagram);

    // The audit log shows these actions.
    await chief.goto('/admin/audit');
    for (const action of t.audit) await expect(chief.getByRole('row').filter({ hasText: action }).first()).toBeVisible();
    await scan(chief, `audit ${lang}`, failures);

    expectNoFailures(failures);
  });
}

// A session that ends while the admin works (idle too long, or ended elsewhere): the next tap lands on
// the back office's own login, which says why, and signing in comes back to the page, its search kept.
for (const lang of ['fr', 'ar'] as const) {
  test(`an ended session on a tap goes to the admin login and back, in ${lang} at 390 px`, async ({ browser, baseURL }) => {
    const t = TEXTS[lang];
    const failures: string[] = [];
    const page = await newPage(browser, lang, WIDTHS.phone);
    await signIn(page);
    await page.goto('/admin/customers');
    await expect(page.locator('main tbody tr').first()).toBeVisible();
    // The breadcrumb's chevrons point the reading way (flipped in Arabic).
    await expect(page.locator('header nav li[aria-hidden="true"] svg').first()).toHaveCSS('scale', lang === 'ar' ? '-1 1' : 'none');

    // The server ends the session (the same cookie jar): this tab still believes it is signed in.
    expect((await page.request.post('/api/logout', { headers: { origin: baseURL! } })).ok()).toBe(true);
    await page.getByLabel(t.customersSearch).fill('Salma');
    await expect(page).toHaveURL(/\/admin\/login\?next=/);
    const next = new URL(page.url()).searchParams.get('next')!;
    expect(next).toMatch(/^\/admin\/customers\?.*search=Salma/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.adminLogin);
    await expect(page.getByRole('status').filter({ hasText: t.signedOut })).toBeVisible();
    // The back office's own page: no shop header, no "create an account".
    await expect(page.locator('a[href$="/signup"]')).toHaveCount(0);
    await expect(page.locator('a[href$="/cart"]')).toHaveCount(0);
    await scan(page, `admin login after the session ended ${lang}`, failures);

    await page.locator('main input[name="email"]').fill(ADMIN.email);
    await page.locator('main input[name="password"]').fill(ADMIN.password);
    await page.locator('main form button[type="submit"]').click();
    await expect(page).toHaveURL((url) => `${url.pathname.replace(/^\/ar/, '')}${url.search}` === next);
    await expect(page.locator('main tbody tr').filter({ hasText: 'Salma' }).first()).toBeVisible();
    expectNoFailures(failures);
  });
}
