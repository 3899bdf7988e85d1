import type { Locale } from './constants.js';

/**
 * Text normalisation for search: lower case, no accents or Arabic diacritics, single spaces.
 * "Rosé" and "rose" normalise alike; so do "وردة" with and without harakat. Arabic letters that
 * shoppers type interchangeably become one: hamza forms (NFD splits أ إ آ ؤ ئ into a letter and a
 * combining hamza, dropped with the marks), taa marbuta as haa, alef maqsura as yaa, and a final
 * standalone hamza goes ("حمراء" = "حمرا"). The French ligatures œ and æ, which NFD leaves whole and
 * most keyboards cannot type, are spelt out as "oe" and "ae", so "oeillet" and "Œillet" are one word.
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\u0640/g, '') // Arabic tatweel
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ء/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Colour slug rule of the back office: lower case, non-alphanumerics out, spaces to hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}

/**
 * French typography: a narrow no-break space before ! ? ; and a no-break space before : and inside « »,
 * so a line never starts with the mark ("Merci" on one line and "!" on the next). The texts are written
 * with plain spaces; the French texts shown (web app and mails) pass through here.
 */
export function frenchSpacing(text: string): string {
  return text
    .replace(/[ \u00a0]([!?;])/g, '\u202f$1')
    .replace(/ :(?=\s|$)/g, '\u00a0:')
    .replace(/« /g, '«\u00a0')
    .replace(/ »/g, '\u00a0»');
}

/**
 * Quotation marks around a quoted text (a card message) as each language writes them: French « » with
 * no-break spaces inside, English “ ”, Arabic « » (the marks Moroccan Arabic print uses).
 */
export const QUOTES: Record<Locale, readonly [open: string, close: string]> = {
  fr: ['«\u00a0', '\u00a0»'],
  en: ['“', '”'],
  ar: ['«', '»'],
};
