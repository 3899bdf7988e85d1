import { expect, test, type Page } from './support/test';
import { useLanguage } from './support/lang';

const PAGES: [path: string, fr: string, ar: string][] = [
  ['/about', 'À propos de Flora Maroc', 'عن فلورا المغرب'],
  ['/care-guide', "Guide d'entretien", 'دليل العناية'],
  ['/delivery', 'Livraison', 'التوصيل'],
  ['/sustainability', 'Notre engagement durable', 'التزامنا بالاستدامة'],
  ['/terms', 'Conditions générales de vente', 'الشروط العامة للبيع'],
  ['/privacy', 'Politique de confidentialité', 'سياسة الخصوصية'],
  ['/information', "Centre d'information", 'مركز المعلومات'],
  ['/information/about', 'À propos de Flora Maroc', 'عن فلورا المغرب'],
  ['/information/delivery', 'Livraison', 'التوصيل'],
  ['/information/care-guide', "Guide d'entretien", 'دليل العناية'],
  ['/information/sustainability', 'Notre engagement durable', 'التزامنا بالاستدامة'],
  ['/information/terms', 'Conditions générales de vente', 'الشروط العامة للبيع'],
  ['/information/about-us', 'Qui sommes-nous', 'من نحن'],
  ['/contact', 'Contactez-nous', 'اتصل بنا'],
];

const mainHeading = (page: Page) => page.locator('main h1');

for (const language of ['fr', 'ar'] as const) {
  test(`every information page shows its heading in ${language}`, async ({ page }) => {
    await useLanguage(page, language);
    for (const [path, fr, ar] of PAGES) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(mainHeading(page)).toHaveText(language === 'ar' ? ar : fr);
      await expect(page).toHaveTitle(new RegExp(language === 'ar' ? ar : fr.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    }
  });

  test(`the delivery page lists the zones from the server in ${language}`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto('/delivery');
    const rabat = page.getByRole('row', { name: language === 'ar' ? /الرباط/ : /Rabat/ });
    await expect(rabat).toBeVisible();
    await expect(rabat).toContainText('40');
    await expect(rabat).toContainText('500');
    await expect(page.getByRole('row', { name: language === 'ar' ? /الدار البيضاء/ : /Casablanca/ })).toContainText('70');
  });
}

test('the hub tabs are links and mark the current one', async ({ page }) => {
  await useLanguage(page, 'fr');
  await page.goto('/information');
  const tabs = page.getByRole('navigation', { name: "Rubriques du centre d'information" });
  await tabs.getByRole('link', { name: 'Livraison' }).click();
  await expect(page).toHaveURL(/\/information\/delivery$/);
  await expect(tabs.getByRole('link', { name: 'Livraison' })).toHaveAttribute('aria-current', 'page');
  await expect(mainHeading(page)).toHaveText('Livraison');
  await expect(page.getByRole('row', { name: /Rabat/ })).toContainText('40');
});

test('the contact page offers call, e-mail and WhatsApp, and its form answers even without the endpoint', async ({ page }) => {
  await useLanguage(page, 'fr');
  await page.goto('/contact');
  await expect(page.getByRole('link', { name: 'Appeler' }).first()).toHaveAttribute('href', /^tel:/);
  await expect(page.getByRole('link', { name: 'Envoyer un e-mail' }).first()).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('link', { name: /WhatsApp/ }).first()).toHaveAttribute('href', /^https:\/\/wa\.me\//);

  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page.getByLabel('Nom complet')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Nom complet').fill('Salma Bennani');
  await page.getByLabel('Adresse e-mail').fill('salma@example.ma');
  await page.getByLabel('Votre message').fill('Un bouquet blanc pour samedi, est-ce possible ?');
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  // Thanks when the endpoint exists; the direct contacts when it does not (yet).
  await expect(page.getByText(/Merci Salma Bennani|pas encore disponible|n'a pas pu être envoyé/)).toBeVisible();
});
