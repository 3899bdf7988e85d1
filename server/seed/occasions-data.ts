/**
 * The demo's occasions, with their names and slugs in the three languages, and which demo products
 * each one holds (a rule on the product's category, colours and French tags, so a product added to
 * the demo list is tagged too). Highlight windows are the days before each date in the coming year.
 */
import { addDays } from '../../shared/delivery-date.js';
import type { ProductData } from './catalogue-data.js';

export interface OccasionData {
  key: string;
  fr: string;
  en: string;
  ar: string;
  slugs: { fr: string; en: string; ar: string };
  /** The highlight window in a year: [from, to] as YYYY-MM-DD; none when the occasion has no date. */
  window?: (year: number) => [string, string];
  holds: (p: ProductData) => boolean;
}

const tagged = (p: ProductData, ...words: string[]) => words.some((w) => p.fr.tags.includes(w) || p.fr.name.toLowerCase().includes(w));
const bouquet = (p: ProductData) => p.category === 1;
const has = (p: ProductData, ...colors: string[]) => p.colors.some((c) => colors.includes(c));

/** The last Sunday of May (the day Moroccan families most often mark Mother's Day). */
function lastSundayOfMay(year: number): string {
  const d = new Date(Date.UTC(year, 4, 31));
  d.setUTCDate(31 - d.getUTCDay());
  return d.toISOString().slice(0, 10);
}
const pad = (n: number) => String(n).padStart(2, '0');
const before = (day: string, days: number): [string, string] => [addDays(day, -days), day];

export const OCCASIONS: OccasionData[] = [
  {
    key: 'meres',
    fr: 'Fête des mères',
    en: 'Mother’s Day',
    ar: 'عيد الأم',
    slugs: { fr: 'fete-des-meres', en: 'mothers-day', ar: 'عيد-الأم' },
    window: (year) => before(lastSundayOfMay(year), 14),
    holds: (p) => (bouquet(p) && has(p, 'rose', 'blanc', 'violet')) || tagged(p, 'orchidée', 'stabilisées', 'pivoine'),
  },
  {
    key: 'femmes',
    fr: '8 mars',
    en: 'Women’s Day',
    ar: 'عيد المرأة',
    slugs: { fr: '8-mars', en: 'womens-day', ar: 'عيد-المرأة' },
    window: (year) => before(`${year}-03-08`, 7),
    holds: (p) => (bouquet(p) && has(p, 'jaune', 'violet', 'rose')) || tagged(p, 'mimosa', 'tulipe'),
  },
  {
    key: 'valentin',
    fr: 'Saint-Valentin',
    en: 'Valentine’s Day',
    ar: 'عيد الحب',
    slugs: { fr: 'saint-valentin', en: 'valentines-day', ar: 'عيد-الحب' },
    window: (year) => before(`${year}-02-14`, 10),
    holds: (p) => tagged(p, 'amour', 'saint-valentin', 'passion') || (has(p, 'rouge') && (bouquet(p) || tagged(p, 'roses'))),
  },
  {
    key: 'naissance',
    fr: 'Naissance',
    en: 'New baby',
    ar: 'مولود جديد',
    slugs: { fr: 'naissance', en: 'new-baby', ar: 'مولود-جديد' },
    holds: (p) => (bouquet(p) && has(p, 'blanc', 'bleu') && !has(p, 'rouge')) || tagged(p, 'douceur', 'naissance', 'succulentes'),
  },
  {
    key: 'condoleances',
    fr: 'Condoléances',
    en: 'Sympathy',
    ar: 'تعازي',
    slugs: { fr: 'condoleances', en: 'sympathy', ar: 'تعازي' },
    holds: (p) => tagged(p, 'lys', 'arum', 'deuil', 'chrysanthème') || (bouquet(p) && p.colors.length === 1 && p.colors[0] === 'blanc'),
  },
  {
    key: 'anniversaire',
    fr: 'Anniversaire',
    en: 'Birthday',
    ar: 'عيد ميلاد',
    slugs: { fr: 'anniversaire', en: 'birthday', ar: 'عيد-ميلاد' },
    holds: (p) => (bouquet(p) && p.colors.length >= 2) || tagged(p, 'tournesol', 'gerbera', 'joyeux', 'coloré'),
  },
  {
    key: 'elle',
    fr: 'Pour elle',
    en: 'For her',
    ar: 'لها',
    slugs: { fr: 'pour-elle', en: 'for-her', ar: 'لها' },
    holds: (p) => (bouquet(p) && has(p, 'rose', 'rouge')) || tagged(p, 'stabilisées', 'pivoines', 'bohème', 'orchidée'),
  },
  {
    key: 'aid',
    fr: 'Aïd',
    en: 'Eid',
    ar: 'العيد',
    slugs: { fr: 'aid', en: 'eid', ar: 'العيد' },
    // Eid follows the moon: the demo marks the days before Eid al-Fitr of 2027 (about 9-10 March);
    // the shop sets each year's window in the back office.
    window: (year) => before(`${year}-03-${pad(9)}`, 7),
    holds: (p) => tagged(p, 'menthe', 'plateau', 'terre cuite') || (p.category === 4 && has(p, 'blanc')),
  },
];

/** The window of an occasion that ends today or later: this year's, else next year's. */
export function nextWindow(o: OccasionData, today: string): [string, string] | null {
  if (!o.window) return null;
  const year = Number(today.slice(0, 4));
  const thisYear = o.window(year);
  return thisYear[1] >= today ? thisYear : o.window(year + 1);
}
