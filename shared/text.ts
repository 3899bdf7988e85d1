/**
 * Text normalisation for search: lower case, no accents or Arabic diacritics, single spaces.
 * "Rosé" and "rose" normalise alike; so do "وردة" with and without harakat.
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\u0640/g, '') // Arabic tatweel
    .replace(/[أإآ]/g, 'ا')
    .toLowerCase()
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
