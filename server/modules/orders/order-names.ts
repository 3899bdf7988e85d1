/**
 * An order's names in the reader's language.
 *
 * An order keeps, beside the ids, the names of its products, colours and delivery zone in every shop
 * language as they were when it was placed (schema.ts: `order_items.product_names` and `color_names`,
 * `orders.delivery_zone_names`, jsonb `{"fr", "en", "ar"}`); `product_name`, `color_name` and
 * `delivery_city` keep the text the customer saw, in the order's language. A reader gets the names
 * in their own language: staff in the back office's, a customer in the page's (the request's).
 *
 * Reads use the SQL fragments below (`lineNameSql(lang)`, `colorNameSql(lang)`, `zoneNameSql(lang)`,
 * grouping by `zoneKeySql`); writes build the names with `productNamesSql` / `colorNamesSql` (from
 * the catalogue rows by id, in SQL) or `lineSnapshot` (a new line added by staff) and `zoneNames` (a
 * zone row already read).
 */
import { sql, type SQL } from 'drizzle-orm';
import { LOCALES, type Locale } from '../../../shared/constants.js';
import type { DbOrTx } from '../../db/client.js';
import { orderItems, orders, type ShopNames } from '../../db/schema.js';
import { sqlRows } from '../../db/sql-rows.js';

export type { ShopNames };

/** The language as an SQL literal: only a shop language ever reaches the SQL text. */
const langLiteral = (lang: Locale): SQL => sql.raw(`'${LOCALES.includes(lang) ? lang : 'fr'}'`);

/**
 * `names` (a jsonb column or expression) in `lang`, else French, else `fallback` (the customer's
 * own text, for a row written without names).
 */
export function nameIn(
  names: SQL | typeof orderItems.productNames,
  lang: Locale,
  fallback?: SQL | typeof orderItems.productName,
): SQL<string> {
  return fallback
    ? sql<string>`coalesce(${names} ->> ${langLiteral(lang)}, ${names} ->> 'fr', ${fallback})`
    : sql<string>`coalesce(${names} ->> ${langLiteral(lang)}, ${names} ->> 'fr')`;
}

/** An order line's product name in `lang` (`order_items`, or the alias given, e.g. `oi`). */
export function lineNameSql(lang: Locale, alias?: string): SQL<string> {
  if (alias) return nameIn(sql.raw(`${alias}.product_names`), lang, sql.raw(`${alias}.product_name`));
  return nameIn(sql`${orderItems.productNames}`, lang, sql`${orderItems.productName}`);
}

/** An order line's size name in `lang`; null when the line has no size (`order_items`, or the alias given). */
export function sizeNameSql(lang: Locale, alias?: string): SQL<string | null> {
  if (alias) return nameIn(sql.raw(`${alias}.size_names`), lang, sql.raw(`${alias}.size_name`)) as SQL<string | null>;
  return nameIn(sql`${orderItems.sizeNames}`, lang, sql`${orderItems.sizeName}`) as SQL<string | null>;
}

/**
 * An order line's name with its size (`Bouquet Aurore — Prestige`) in `lang`, for every reader that
 * shows a line as one name (the workshop sheet and its production totals, the order pages, the
 * receipt, the mails).
 */
export function lineNameWithSizeSql(lang: Locale, alias?: string): SQL<string> {
  return sql<string>`${lineNameSql(lang, alias)} || coalesce(' — ' || ${sizeNameSql(lang, alias)}, '')`;
}

/** A line's name followed by its size's, when it has one. */
export const withSize = (name: string, size: string | null | undefined): string => (size ? `${name} — ${size}` : name);

/** An order line's colour name in `lang`; null when the line has no colour. */
export function colorNameSql(lang: Locale, alias?: string): SQL<string | null> {
  if (alias) return nameIn(sql.raw(`${alias}.color_names`), lang, sql.raw(`${alias}.color_name`)) as SQL<string | null>;
  return nameIn(sql`${orderItems.colorNames}`, lang, sql`${orderItems.colorName}`) as SQL<string | null>;
}

/** The order's delivery zone (city) name in `lang` (`orders`, or the alias given, e.g. `o`). */
export function zoneNameSql(lang: Locale, alias?: string): SQL<string> {
  if (alias) return nameIn(sql.raw(`${alias}.delivery_zone_names`), lang, sql.raw(`${alias}.delivery_city`));
  return nameIn(sql`${orders.deliveryZoneNames}`, lang, sql`${orders.deliveryCity}`);
}

/**
 * What to group orders by zone with: the zone's id, or for a zone deleted since (id set null) its
 * French name. Orders placed in Arabic and in French for Casablanca are one group.
 */
export function zoneKeySql(alias?: string): SQL<string> {
  if (alias) return sql.raw(`coalesce(${alias}.delivery_zone_id::text, 'name:' || (${alias}.delivery_zone_names ->> 'fr'))`) as SQL<string>;
  return sql<string>`coalesce(${orders.deliveryZoneId}::text, 'name:' || (${orders.deliveryZoneNames} ->> 'fr'))`;
}

/** A product's names in every language, from its row and translations (null: no such product). `id` is an SQL int expression. */
export function productNamesSql(id: SQL): SQL<ShopNames | null> {
  return sql<ShopNames | null>`(select jsonb_build_object(
      'fr', coalesce((select t.name from product_translations t where t.product_id = p.id and t.locale = 'fr'), p.name),
      'en', coalesce((select t.name from product_translations t where t.product_id = p.id and t.locale = 'en'), p.name),
      'ar', coalesce((select t.name from product_translations t where t.product_id = p.id and t.locale = 'ar'), p.name))
    from products p where p.id = ${id})`;
}

/** A colour's names in every language (null: no colour, or no such colour). `id` is an SQL int expression. */
export function colorNamesSql(id: SQL): SQL<ShopNames | null> {
  return sql<ShopNames | null>`(select jsonb_build_object(
      'fr', coalesce((select t.name from color_translations t where t.color_id = c.id and t.locale = 'fr'), c.name),
      'en', coalesce((select t.name from color_translations t where t.color_id = c.id and t.locale = 'en'), c.name),
      'ar', coalesce((select t.name from color_translations t where t.color_id = c.id and t.locale = 'ar'), c.name))
    from colors c where c.id = ${id})`;
}

/** A delivery zone's names in every language, from its row (as read by the checkout or the back office). */
export const zoneNames = (zone: { name: string; nameEn: string | null; nameAr: string }): ShopNames => ({
  fr: zone.name,
  en: zone.nameEn ?? zone.name,
  ar: zone.nameAr,
});

/** `names` in `lang`, else French (a name kept in an order, read in JS). */
export const pickName = (names: ShopNames | null | undefined, lang: Locale, fallback = ''): string =>
  names?.[lang] || names?.fr || fallback;

/** What an order line keeps of its product and colour when it is written. */
export interface LineSnapshot {
  productNames: ShopNames;
  /** Null when the line has no colour. */
  colorNames: ShopNames | null;
  colorHex: string | null;
}

/**
 * The names (every language) and colour a new order line keeps, read from the catalogue by id: for
 * lines added outside the checkout (staff adding an item to an order). Null when the product does
 * not exist; a colour id that does not exist gives no colour.
 */
export async function lineSnapshot(db: DbOrTx, productId: number, colorId: number | null): Promise<LineSnapshot | null> {
  const [row] = await sqlRows<{ product_names: ShopNames | null; color_names: ShopNames | null; color_hex: string | null }>(
    db,
    sql`select ${productNamesSql(sql`${productId}::int`)} as product_names,
      ${colorNamesSql(sql`${colorId}::int`)} as color_names,
      (select c.hex_code from colors c where c.id = ${colorId}::int) as color_hex`,
  );
  if (!row?.product_names) return null;
  return { productNames: row.product_names, colorNames: row.color_names, colorHex: row.color_names ? row.color_hex : null };
}
