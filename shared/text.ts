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
