/**
 * Closing a day that already has an order, on a phone (390 px), in French and in Arabic:
 * - two guests order for a day a few weeks ahead (in the language of the run);
 * - staff close that day on /admin/closed-dates: the dialog lists each order with its slot, staff move
 *   the first to the next open day (the default) and keep the second on the closed day; the first now
 *   falls on the next day (its page and the admin API) and its customer got the mail saying so, in the
 *   order's language; the second stays on the closed day, its customer not mailed; the screen passes
 *   axe and never gets wider than the phone;
 * - the orders list finds the order by its buyer's phone written another way ("+212 6 …" for
 *   "06…"), and the customers list finds the buyer, marked as a guest, by a third way of writing it;
 * - a session the server does not know (a forged cookie) on a bookmarked admin page goes to the login
 *   page with the page in `next`, and signing in there comes back to that very page.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { addDays } from '../shared/delivery-date';
import { expect, test, type Page } from './support/test';
import { ADMIN, expectNoFailures, scan, WIDTHS } from './support/a11y';
import { signIn } from './support/admin';
import { useLanguage } from './support/lang';
import { waitForMail } from './support/mail';
import { placeGuestOrder } from './support/orders';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const TEXTS = {
  fr: {
    next: 'Mois suivant',
    openDay: (date: string) => `${date}, ouvert`,
    closedDay: (date: string) => `${date}, fermé`,
    whatFor: (id: number) => `Que faire de la commande n°${id} ?`,
    moveOne: (date: string) => `Déplacer au ${date}`,
    keepOne: (date: string) => `Garder le ${date} (à la main)`,
    closeDay: 'Fermer ce jour',
    slot: 'Créneau :',
    reason: 'Motif',
    deliveryDate: 'Date de livraison',
    ordersSearch: 'Rechercher par n°, nom, e-mail ou téléphone (client ou destinataire)',
    editFor: (id: number) => `Modifier la commande n°${id}`,
    customersSearch: 'Rechercher par n°, nom, e-mail ou téléphone',
    guest: 'Invité (sans compte)',
    open: (name: string) => `Ouvrir la fiche de ${name}`,
    mailSubject: (id: number) => `Nouvelle date de livraison pour votre commande n°${id}`,
  },
  ar: {
    next: 'الشهر التالي',
    openDay: (date: string) => `${date}، مفتوح`,
    closedDay: (date: string) => `${date}، مغلق`,
    whatFor: (id: number) => `ماذا تفعل بالطلب رقم ${id}؟`,
    moveOne: (date: string) => `النقل إلى ${date}`,
    keepOne: (date: string) => `الإبقاء في ${date} (يدويًا)`,
    closeDay: 'إغلاق هذا اليوم',
    slot: 'الفترة:',
    reason: 'السبب',
    deliveryDate: 'تاريخ التوصيل',
    ordersSearch: 'البحث برقم الطلب أو الاسم أو البريد أو الهاتف (الزبون أو المستلم)',
    editFor: (id: number) => `تعديل الطلب رقم ${id}`,
    customersSearch: 'البحث بالرقم أو الاسم أو البريد الإلكتروني أو الهاتف',
    guest: 'زائر (بدون حساب)',
    open: (name: string) => `فتح صفحة ${name}`,
    mailSubject: (id: number) => `تاريخ توصيل جديد لطلبك رقم ${id}`,
  },
} as const;

/**
 * A day `offset` days after the first one a shopper may pick, such that neither it nor the day after
 * is closed: closing it then moves its orders to the day after. Each language has its own offset, so
 * the two runs (one server) never close the same day, nor a day another journey uses.
 */
async function openDayWithOpenNext(page: Page, offset: number): Promise<{ day: string; next: string; today: string }> {
  const answer = (await (await page.request.get('/api/delivery/closed-dates')).json()) as {
    earliest: string;
    today: string;
    dates: string[];
  };
  const closed = new Set(answer.dates);
  let day = addDays(answer.earliest, offset);
  while (closed.has(day) || closed.has(addDays(day, 1))) day = addDays(day, 1);
  return { day, next: addDays(day, 1), today: answer.today };
}

/** A date as the back office writes it (shared/dates.ts, style `date`), formatted by the browser under test. */
function shopDate(page: Page, lang: 'fr' | 'ar', iso: string): Promise<string> {
  return page.evaluate(
    ([tag, day]) =>
      new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Casablanca' }).format(
        new Date(`${day}T12:00:00Z`),
      ),
    [lang === 'ar' ? 'ar-MA-u-nu-latn' : `${lang}-MA`, iso] as const,
  );
}

const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

async function noHorizontalOverflow(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label}: the page is no wider than the window`).toBeLessThanOrEqual(0);
}

/** A mail's Subject header, its encoded words (RFC 2047, B or Q) decoded as UTF-8. */
async function subjectOf(file: string): Promise<string> {
  const raw = await readFile(path.join(process.env.E2E_DATA_DIR!, 'mail', file), 'utf8');
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.match(/^Subject: (.*)$/im)?.[1] ?? '';
  // Bytes of every part in order (an encoded word may end inside a character the next one finishes),
  // the blanks between two encoded words dropped, then read as UTF-8 once.
  const parts: Buffer[] = [];
  let at = 0;
  let afterWord = false;
  for (const m of line.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)) {
    const between = line.slice(at, m.index);
    if (!(afterWord && /^\s*$/.test(between))) parts.push(Buffer.from(between, 'utf8'));
    const [, kind, text] = m as unknown as [string, string, string];
    parts.push(
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ),
    );
    at = m.index + m[0].length;
    afterWord = true;
  }
  parts.push(Buffer.from(line.slice(at), 'utf8'));
  return Buffer.concat(parts).toString('utf8');
}

/** The mail to `to` whose subject is `subject` (other mails to that address, like the order's own, skipped). */
async function mailWithSubject(to: string, subject: string) {
  const seen: string[] = [];
  const deadline = Date.now() + 30_000;
  const subjects: string[] = [];
  while (Date.now() < deadline) {
    const mail = await waitForMail(to, { besides: seen, timeoutMs: Math.max(deadline - Date.now(), 1) }).catch(() => null);
    if (!mail) break;
    const found = await subjectOf(mail.file);
    if (found === subject) return mail;
    subjects.push(found);
    seen.push(mail.file);
  }
  throw new Error(`No mail "${subject}" to ${to}; got: ${subjects.join(' | ') || 'none'}`);
}

/** The subjects of the mails sent to `to` so far (both orders' mails go out in the same outbox run). */
async function subjectsTo(to: string): Promise<string[]> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
  const subjects: string[] = [];
  for (const file of files) {
    const head = (await readFile(path.join(dir, file), 'utf8')).split(/\r?\n\r?\n/)[0]!;
    if ((head.match(/^To: (.*)$/im)?.[1] ?? '').toLowerCase().includes(to.toLowerCase())) subjects.push(await subjectOf(file));
  }
  return subjects;
}

for (const lang of ['fr', 'ar'] as const) {
  const t = TEXTS[lang];

  test(`staff close a day with two orders due: one moves to the next open day (its customer told), the other is kept, and the buyer is found by phone (${lang}, 390px)`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(WIDTHS.phone);
    await useLanguage(page, lang);
    const failures: string[] = [];

    // A guest orders for a day weeks ahead, with a phone of their own (searches must find only them).
    const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    const phone = `06${digits}`;
    const buyer = { name: `Salma ${unique()}`, email: `salma.${unique()}@guest.test`, phone };
    const { day, next, today } = await openDayWithOpenNext(page, lang === 'fr' ? 30 : 40);
    const order = await placeGuestOrder(baseURL!, buyer, { lang, deliveryDate: day });
    expect(order.delivery_date).toBe(day);
    const keeper = { name: `Omar ${unique()}`, email: `omar.${unique()}@guest.test`, phone: `07${digits}` };
    const kept = await placeGuestOrder(baseURL!, keeper, { lang, deliveryDate: day });
    expect(kept.delivery_date).toBe(day);

    await signIn(page);
    await page.goto('/admin/closed-dates');
    const [dayText, nextText] = [await shopDate(page, lang, day), await shopDate(page, lang, next)];
    for (let i = monthsBetween(today, day); i > 0; i--) await page.getByRole('button', { name: t.next }).click();
    const dayButton = page.getByRole('grid').getByRole('button', { name: t.openDay(dayText), exact: true });
    await expect(dayButton).toHaveAttribute('aria-pressed', 'false');
    await noHorizontalOverflow(page, `closed dates (${lang})`);
    await scan(page, `closed dates (${lang})`, failures);

    // Closing it: the dialog lists each order due that day with its slot, and a choice for each.
    await dayButton.click();
    const dialog = page.getByRole('dialog');
    const due = dialog.getByTestId('due-orders');
    await expect(due.getByRole('link', { name: `#${order.id}`, exact: true })).toHaveAttribute('href', `/admin/orders/edit/${order.id}`);
    await expect(due).toContainText(buyer.name);
    await expect(due).toContainText(keeper.name);
    await expect(due.getByTestId(`due-order-${order.id}`)).toContainText(t.slot);
    const moveChoice = due.getByRole('group', { name: t.whatFor(order.id), exact: true });
    const keepChoice = due.getByRole('group', { name: t.whatFor(kept.id), exact: true });
    await expect(moveChoice.getByRole('radio', { name: t.moveOne(nextText), exact: true })).toBeChecked();
    await keepChoice.getByRole('radio', { name: t.keepOne(dayText), exact: true }).check();
    await noHorizontalOverflow(page, `close day dialog (${lang})`);
    await scan(page, `close day dialog (${lang})`, failures);
    await dialog.getByRole('textbox', { name: t.reason }).fill(`Inventaire ${lang}`);
    await dialog.getByRole('button', { name: t.closeDay, exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('grid').getByRole('button', { name: t.closedDay(dayText), exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('grid').getByRole('button', { name: t.openDay(nextText), exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await noHorizontalOverflow(page, `closed dates after closing (${lang})`);

    // The order is on the next open day: for the server and on its page.
    const detail = await page.request.get(`/api/admin/orders/${order.id}`);
    expect(detail.ok()).toBe(true);
    expect(((await detail.json()) as { delivery_date: string }).delivery_date).toBe(next);
    // The kept one stays on the closed day, for staff to handle by hand.
    const keptDetail = await page.request.get(`/api/admin/orders/${kept.id}`);
    expect(((await keptDetail.json()) as { delivery_date: string }).delivery_date).toBe(day);
    await page.goto(`/admin/orders/edit/${order.id}`);
    await expect(page.getByLabel(t.deliveryDate)).toHaveValue(next);

    // The customer heard about it, in the language they ordered in; the kept order's customer did not.
    await mailWithSubject(buyer.email, t.mailSubject(order.id));
    expect(await subjectsTo(keeper.email)).not.toContain(t.mailSubject(kept.id));

    // The orders list finds it by the buyer's phone written the international way.
    const international = `+212 6 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6, 8)}`;
    await page.goto('/admin/orders');
    await page.getByLabel(t.ordersSearch).fill(international);
    await page.getByLabel(t.ordersSearch).press('Enter');
    await expect(page).toHaveURL(/search=/);
    const rows = page.locator('main tbody tr');
    await expect(rows.filter({ has: page.getByRole('link', { name: t.editFor(order.id), exact: true }) })).toHaveCount(1);
    await expect(rows).toHaveCount(1);
    await noHorizontalOverflow(page, `orders by phone (${lang})`);

    // The customers list finds the buyer, a guest, by the phone written with dots.
    const dotted = `06.${digits.slice(0, 2)}.${digits.slice(2, 4)}.${digits.slice(4, 6)}.${digits.slice(6, 8)}`;
    await page.goto('/admin/customers');
    await page.getByLabel(t.customersSearch).fill(dotted);
    await page.getByLabel(t.customersSearch).press('Enter');
    await expect(page).toHaveURL(/search=/);
    const customers = page.locator('main tbody tr');
    await expect(customers).toHaveCount(1);
    await expect(customers.first()).toContainText(t.guest);
    await expect(customers.first()).toContainText(buyer.email);
    const customersUrl = page.url();
    await customers
      .first()
      .getByRole('link', { name: t.open(buyer.name), exact: true })
      .click();
    await expect(page).toHaveURL(/\/admin\/customers\/guests\/\d+$/);
    await expect(page.locator('main').getByText(`#${order.id}`, { exact: true }).first()).toBeVisible();
    await noHorizontalOverflow(page, `guest buyer (${lang})`);

    // A session the server does not know (ended, or a forged cookie) on the bookmarked search: the
    // back office's login page, carrying the page in `next`; signing in comes back to it.
    await context.clearCookies({ name: 'session' });
    await context.addCookies([{ name: 'session', value: `forged-${unique()}`, url: baseURL! }]);
    const bookmarked = customersUrl.slice(baseURL!.length);
    await page.goto(bookmarked);
    await expect(page).toHaveURL(`${baseURL}/admin/login?next=${encodeURIComponent(bookmarked)}`);
    await page.locator('main input[name="email"]').fill(ADMIN.email);
    await page.locator('main input[name="password"]').fill(ADMIN.password);
    await page.locator('main form button[type="submit"]').click();
    await expect(page).toHaveURL(customersUrl);
    await expect(page.locator('main tbody tr')).toHaveCount(1);
    await expect(page.locator('main tbody tr').first()).toContainText(buyer.email);

    // Leave the shop's calendar as it was for the other journeys on this server.
    const reopened = await page.request.delete(`/api/admin/closed-dates/${day}`, { headers: { origin: baseURL! } });
    expect(reopened.ok(), await reopened.text()).toBe(true);
    expectNoFailures(failures);
  });
}
