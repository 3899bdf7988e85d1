/**
 * The back office's order search: what a typed search means, as one SQL condition on `orders`.
 * - `123` or `#123`: that order (a whole number is also tried as a phone start and a name part);
 * - a whole e-mail address: the orders of that address, any case (its index);
 * - a phone in any format ("06 12 34 56 78", "0612345678", "+212612345678", "00212 6…", dots, dashes):
 *   the orders whose buyer's or recipient's phone starts with it, compared in canonical form
 *   (`customer_phone_key`, `recipient_phone_key`, generated columns with a text_pattern_ops index);
 * - anything else: a part of the buyer's name, the recipient's name or the e-mail, ignoring case and
 *   accents (`search_text`, a generated column with a trigram index).
 */
import { eq, or, sql, type SQL } from 'drizzle-orm';
import { normalizeSearch } from '../../../shared/text.js';
import { orders } from '../../db/schema.js';

/**
 * A phone in canonical form: digits only, without the Moroccan country code (212, 00212) or the trunk
 * 0, so every way of writing one number gives one key ("612345678"); a foreign number keeps its
 * country code. The twin of the SQL in db/search-columns.ts (phoneKeySql). Null without digits.
 */
export function phoneKey(text: string): string | null {
  const key = text
    .replace(/[^0-9]/g, '')
    .replace(/^(00212|212(?=[0-9]{9})|00)/, '')
    .replace(/^0/, '');
  return key === '' ? null : key;
}

/** Digits, spaces and the signs phones are written with, and at least 6 digits: read as a phone. */
const PHONE_LIKE = /^\+?[0-9][0-9 ().\-/]*$/;
const MIN_PHONE_DIGITS = 6;

export function asPhoneSearch(search: string): string | null {
  if (!PHONE_LIKE.test(search) || search.replace(/\D/g, '').length < MIN_PHONE_DIGITS) return null;
  return phoneKey(search);
}

/** `%`, `_` and `\` typed by a person are searched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A phone's orders: the buyer's or the recipient's phone starts with `key` (both indexes, one BitmapOr). */
export function phoneCondition(key: string): SQL {
  const start = `${escapeLike(key)}%`;
  return or(sql`${orders.customerPhoneKey} like ${start}`, sql`${orders.recipientPhoneKey} like ${start}`)!;
}

/** The orders list's search condition, or undefined for an empty search. */
export function orderSearchCondition(raw: string | undefined): SQL | undefined {
  const search = raw?.trim();
  if (!search) return undefined;
  // A whole e-mail address is looked up as such (its index).
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(search)) return sql`lower(${orders.customerEmail}) = ${search.toLowerCase()}`;
  const words = normalizeSearch(search);
  const text = words ? sql`${orders.searchText} like ${`%${escapeLike(words)}%`}` : undefined;
  const asId = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : null;
  const phone = asPhoneSearch(search);
  return or(asId !== null ? eq(orders.id, asId) : undefined, phone !== null ? phoneCondition(phone) : undefined, text);
}
