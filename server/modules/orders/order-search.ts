/**
 * The back office's order search: what a typed search means, as one SQL condition on `orders`.
 * - `123` or `#123`: that order (a whole number is also tried as a phone start and a name part);
 * - a whole e-mail address: the orders of that address, any case (its index);
 * - a phone in any format ("06 12 34 56 78", "0612345678", "+212612345678", "00212 6…", dots, dashes):
 *   the orders whose buyer's or recipient's phone starts with it, compared in canonical form
 *   (`customer_phone_key`, `recipient_phone_key`, generated columns with a text_pattern_ops index);
 * - 4 digits or more, written as a phone ("987654", "98 76 54"): also the orders whose buyer's or
 *   recipient's phone ends with them (the same keys, by their trigram indexes);
 * - anything else: a part of the buyer's name, the recipient's name or the e-mail, ignoring case and
 *   accents (`search_text`, a generated column with a trigram index); a part of a delivery or billing
 *   street or city (`order_addresses.search_text`, the same); a name written in the other script
 *   ("Khadija" finds خديجة and back: `name_key`, consonant keys with a trigram index).
 */
import { eq, or, sql, type SQL } from 'drizzle-orm';
import { normalizeSearch } from '../../../shared/text.js';
import { nameKeySql } from '../../db/search-columns.js';
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

/** At least 4 digits written as a phone: the end of a number ("98 76 54" for 0600 98 76 54); fewer find noise. */
const MIN_ENDING_DIGITS = 4;

export function asPhoneEnding(search: string): string | null {
  if (!PHONE_LIKE.test(search)) return null;
  const digits = search.replace(/\D/g, '');
  return digits.length >= MIN_ENDING_DIGITS ? digits : null;
}

const NAME_LIKE = /^[\p{L}\p{M}\s'’.-]+$/u;

/**
 * The consonant key of a typed name as a LIKE pattern for the start of a word in a `name_key` column
 * ('% ysf%'), computed by the same SQL as the stored keys (one letter map); null (matches nothing)
 * when the key has fewer than 2 letters, which would find almost every name; null without SQL when the
 * search is not written like a name.
 */
export function nameKeyPattern(search: string): SQL | null {
  // Only what a name is written with: "sal_a" or "06%44" are no names.
  if (!NAME_LIKE.test(search)) return null;
  const [before, after] = nameKeySql('\u0000').split('\u0000');
  const key = sql`btrim(${sql.raw(before!)}${search}::text${sql.raw(after!)})`;
  return sql`(case when length(${key}) >= 2 then '% ' || ${key} || '%' end)`;
}

/** `%`, `_` and `\` typed by a person are searched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A phone's orders: the buyer's or the recipient's phone starts with `key` (both indexes, one BitmapOr). */
export function phoneCondition(key: string): SQL {
  const start = `${escapeLike(key)}%`;
  return or(sql`${orders.customerPhoneKey} like ${start}`, sql`${orders.recipientPhoneKey} like ${start}`)!;
}

/** The orders whose buyer's or recipient's phone ends with `digits` (both trigram indexes). */
export function phoneEndingCondition(digits: string): SQL {
  const end = `%${digits}`;
  return or(sql`${orders.customerPhoneKey} like ${end}`, sql`${orders.recipientPhoneKey} like ${end}`)!;
}

/** The orders list's search condition, or undefined for an empty search. */
export function orderSearchCondition(raw: string | undefined): SQL | undefined {
  const search = raw?.trim();
  if (!search) return undefined;
  // A whole e-mail address is looked up as such (its index).
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(search)) return sql`lower(${orders.customerEmail}) = ${search.toLowerCase()}`;
  const words = normalizeSearch(search);
  const contains = `%${escapeLike(words)}%`;
  const nameKey = nameKeyPattern(search);
  const text = words
    ? or(
        sql`${orders.searchText} like ${contains}`,
        // = any(array(…)): the addresses' ids as one value, so the primary key joins the other indexes in one BitmapOr.
        sql`${orders.id} = any(array(select a.order_id from order_addresses a where a.search_text like ${contains}))`,
        nameKey ? sql`${orders.nameKey} like ${nameKey}` : undefined,
      )
    : undefined;
  const asId = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : null;
  const phone = asPhoneSearch(search);
  const ending = asPhoneEnding(search);
  return or(
    asId !== null ? eq(orders.id, asId) : undefined,
    phone !== null ? phoneCondition(phone) : undefined,
    ending !== null ? phoneEndingCondition(ending) : undefined,
    text,
  );
}
