/**
 * Low stock: products at or under a threshold (a shop setting, 5 by default), and the daily mail to
 * admins. The mail goes at most once a day and only when the list differs from the last one mailed
 * (which products, at which stock); the last one is kept in shop_settings so a restart does not
 * mail it again.
 */
import { and, asc, inArray, isNull, lte } from 'drizzle-orm';
import { toLocale, type Locale } from '../../../shared/constants.js';
import { DEFAULT_LOW_STOCK_THRESHOLD, type LowStock } from '../../../shared/schemas/low-stock.js';
import type { DbOrTx } from '../../db/client.js';
import { products, productTranslations, users } from '../../db/schema.js';
import { defineMessages, translate } from '../../lib/i18n.js';
import { renderMail } from '../../lib/mail-layout.js';
import { trySend, type Mailer } from '../../lib/mail.js';
import { productName, productTranslationIn } from '../catalogue/product-language.js';
import { readSetting, writeSetting } from '../shop/shop-settings.service.js';

export const THRESHOLD_KEY = 'low_stock_threshold';
const MAILED_KEY = 'low_stock_mailed';
const DAY_MS = 24 * 3600 * 1000;
const LIST_LIMIT = 100;

const m = defineMessages({
  subject: { fr: 'Stock bas, produits : {count}', en: 'Low stock, products: {count}', ar: 'مخزون منخفض، المنتجات: {count}' },
  title: { fr: 'Produits presque épuisés', en: 'Products running out', ar: 'منتجات على وشك النفاد' },
  intro: {
    fr: 'Ces produits ont {threshold} unités ou moins :',
    en: 'These products have {threshold} units or fewer:',
    ar: 'لهذه المنتجات {threshold} وحدات أو أقل:',
  },
  line: { fr: '{name} : {stock}', en: '{name}: {stock}', ar: '{name}: {stock}' },
  button: { fr: 'Voir les produits', en: 'See the products', ar: 'عرض المنتجات' },
});

export async function lowStockThreshold(db: DbOrTx): Promise<number> {
  const stored = await readSetting(db, THRESHOLD_KEY);
  return typeof stored === 'number' && Number.isInteger(stored) && stored >= 0 ? stored : DEFAULT_LOW_STOCK_THRESHOLD;
}

/** The list with each product's name in `locale` (the admin reading it), French when untranslated. */
export async function listLowStock(db: DbOrTx, locale: Locale = 'fr'): Promise<LowStock> {
  const threshold = await lowStockThreshold(db);
  const data = await db
    .select({ id: products.id, name: productName, stock: products.stock })
    .from(products)
    .leftJoin(productTranslations, productTranslationIn(locale))
    .where(and(lte(products.stock, threshold), isNull(products.archivedAt)))
    .orderBy(asc(products.stock), asc(products.name), asc(products.id))
    .limit(LIST_LIMIT);
  return { threshold, data };
}

const signatureOf = (list: LowStock) => list.data.map((p) => `${p.id}:${p.stock}`).join(',');

/**
 * Mails the list to every admin when it is not empty, differs from the last one mailed, and the last
 * mail is a day old. Returns how many admins got it.
 */
export async function mailLowStockIfChanged(
  deps: { db: DbOrTx; mailer: Mailer; log: Parameters<typeof trySend>[1]; publicUrl: string },
  now = new Date(),
): Promise<number> {
  const list = await listLowStock(deps.db);
  const signature = signatureOf(list);
  const last = (await readSetting(deps.db, MAILED_KEY)) as { signature?: string; at?: string } | undefined;
  if (list.data.length === 0 || signature === last?.signature) return 0;
  if (last?.at && now.getTime() - Date.parse(last.at) < DAY_MS) return 0;
  const admins = await deps.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(inArray(users.role, ['admin', 'super_admin']));
  let sent = 0;
  for (const admin of admins) {
    const locale = toLocale(admin.language);
    const { html, text } = renderMail({
      locale,
      title: translate(m.title, locale),
      paragraphs: [
        translate(m.intro, locale, { threshold: list.threshold }),
        ...list.data.map((p) => translate(m.line, locale, { name: p.name, stock: p.stock })),
      ],
      button: { label: translate(m.button, locale), url: `${deps.publicUrl}/admin/products` },
    });
    if (
      await trySend(
        deps.mailer,
        deps.log,
        { to: admin.email, subject: translate(m.subject, locale, { count: list.data.length }), html, text },
        'low_stock',
      )
    )
      sent++;
  }
  await writeSetting(deps.db, MAILED_KEY, { signature, at: now.toISOString() });
  return sent;
}
