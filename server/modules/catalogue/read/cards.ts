/**
 * Product cards (everything a list or a product page shows of a product, in the reader's language),
 * kept ready as JSON in PostgreSQL (`product_cards`, one row per product and language), so that a list
 * of 20 reads 20 rows by primary key instead of building 20 cards from six tables (translations,
 * category, subcategory, pictures, colours and their translations). The card stays text all the way
 * to the answer: the live fields are appended to it as JSON members, so a list never parses 20 cards
 * into objects, copies them and writes them out again (that round trip, and the garbage it left, was
 * a third of a list's time in Node on the benchmark).
 *
 * What moves often stays out of the stored card and is read live with it from `products`: prices,
 * stock, the featured and extra flags, and the sizes with their prices; the best-seller flag is given by the caller (`bestSellerIds`, which
 * the read model keeps per process, cache.ts, and orders clear). Orders never touch a stored card.
 * A stored card is used only while it is true:
 * - `stamp` is the product's `updated_at`: every save of a product (its texts, pictures, colours,
 *   category) moves it, so the card of before is ignored and rebuilt;
 * - `generation` is the one in `card_generation`, which triggers move whenever a name a card shows
 *   beside the product's own changes (a category, subcategory or colour renamed, translated, deleted,
 *   a colour hidden; migration 0017): every card is rebuilt as it is next read;
 * - `format` is CARD_FORMAT: a change of the card's shape in the code ignores the old rows.
 * The stamp and generation stored are the ones read in the same statement that built the card, so a
 * write that lands while a card is being built leaves a card that is already out of date, never one
 * that passes for new.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../../shared/constants.js';
import { discountedCents, fromCents } from '../../../../shared/money.js';
import type { Product } from '../../../../shared/schemas/catalogue.js';
import type { DbOrTx } from '../../../db/client.js';
import { byShape, sqlRows } from '../../../db/sql-rows.js';
import { imageUrl, imageUrls } from '../../../lib/images.js';

/** How many of the most sold products are flagged `bestSeller`. */
export const BEST_SELLER_COUNT = 10;

/** Moves whenever the stored card's shape changes (its fields or how they are written). */
export const CARD_FORMAT = 1;

/** The fields read live with every card. */
type LiveField =
  'price' | 'discount' | 'final_price' | 'stock' | 'inStock' | 'is_featured' | 'bestSeller' | 'sizes' | 'is_extra' | 'sold_alone';
type StoredCard = Omit<Product, LiveField>;

interface LiveRow {
  id: number;
  price_cents: number;
  discount: number;
  final_price_cents: number;
  stock: number;
  is_featured: boolean;
  best_seller: boolean;
  is_extra: boolean;
  sold_alone: boolean;
  /** The product's sizes in the reader's language, in the shop's order (prices before the discount). */
  sizes: { id: number; name: string; price_cents: number; image_id: number | null }[] | string;
  card: string | null;
}

interface CardRow {
  id: number;
  name: string;
  description: string;
  category_id: number;
  category_name: string;
  subcategory_id: number | null;
  subcategory_name: string | null;
  tags: string;
  created_at: Date | string;
  updated_at: Date | string;
  images: ImageJson[] | string;
  colors: { id: number; name: string; hex_code: string }[] | string;
  /** Both as text: bigint values, passed back unchanged when the card is stored. */
  stamp: string;
  generation: string;
}
interface ImageJson {
  id: number;
  key: string;
  widths: number[];
  width: number;
  height: number;
}

const parseJson = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const cardWidth = (widths: number[]) => (widths.includes(640) ? 640 : widths[widths.length - 1]);
const idArrayOf = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** The microseconds of `updated_at`, the card's stamp (exact, unlike a JavaScript Date). */
const STAMP = sql`(extract(epoch from p.updated_at) * 1000000)::bigint`;
const GENERATION = sql`(select g.n from card_generation g where g.id = 1)`;

/** A product's category, subcategory and texts in `locale` (c, ct, s, st, pt; the base rows when untranslated). */
export const productTextJoins = (locale: Locale): SQL => sql`join categories c on c.id = p.category_id
        left join category_translations ct on ct.category_id = c.id and ct.locale = ${locale}
        left join subcategories s on s.id = p.subcategory_id
        left join subcategory_translations st on st.subcategory_id = s.id and st.locale = ${locale}
        left join product_translations pt on pt.product_id = p.id and pt.locale = ${locale}`;

function toStoredCard(r: CardRow): StoredCard {
  const images = parseJson(r.images).map((img) => {
    const urls = imageUrls(img.key, img.widths);
    return {
      id: Number(img.id),
      image_path: imageUrl(img.key, cardWidth([...img.widths].sort((a, b) => a - b))),
      url: urls.url,
      srcset: urls.srcset,
      width: Number(img.width),
      height: Number(img.height),
    };
  });
  return {
    id: Number(r.id),
    name: r.name,
    description: r.description,
    image_path: images[0]?.image_path ?? null,
    image_url: images[0]?.url ?? null,
    images,
    category: { id: Number(r.category_id), name: r.category_name },
    category_id: Number(r.category_id),
    subcategory_id: r.subcategory_id === null ? null : Number(r.subcategory_id),
    subcategory: r.subcategory_id === null ? null : { id: Number(r.subcategory_id), name: r.subcategory_name ?? '' },
    tags: r.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    colors: parseJson(r.colors),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/**
 * The live fields of `r` as the JSON members that end a product's text: written by hand because they
 * are seven numbers and booleans, and a list then never turns a stored card into objects and back.
 */
function liveMembers(r: LiveRow): string {
  const stock = Number(r.stock);
  const discount = Number(r.discount);
  // Sizes share the product's stock; the product's discount applies to each size's price.
  const sizes = parseJson(r.sizes).map((z) => ({
    id: Number(z.id),
    name: z.name,
    price: fromCents(discountedCents(Number(z.price_cents), discount)),
    original_price: fromCents(Number(z.price_cents)),
    stock,
    image_id: z.image_id === null ? null : Number(z.image_id),
  }));
  return (
    `,"price":${fromCents(r.price_cents)},"discount":${discount},"final_price":${fromCents(r.final_price_cents)}` +
    `,"stock":${stock},"inStock":${stock > 0},"is_featured":${r.is_featured ? 1 : 0},"bestSeller":${Boolean(r.best_seller)}` +
    `,"is_extra":${Boolean(r.is_extra)},"sold_alone":${Boolean(r.sold_alone)},"sizes":${JSON.stringify(sizes)}}`
  );
}

/** A product's JSON text: the stored card's members (its text up to its closing brace), then the live ones. */
const productJson = (card: string, r: LiveRow) => card.slice(0, card.lastIndexOf('}')) + liveMembers(r);

/** A product as JSON text, the form in which lists, product pages and caches carry it. */
export interface ProductJson {
  id: number;
  json: string;
}

/** The most sold products (their ids), flagged `bestSeller` on their cards. */
export async function bestSellerIds(db: DbOrTx): Promise<number[]> {
  const found = await sqlRows<{ id: number }>(
    db,
    sql`select b.id from products b where b.popularity > 0 and b.archived_at is null
        order by b.popularity desc, b.id desc limit ${BEST_SELLER_COUNT}`,
  );
  return found.map((r) => Number(r.id));
}

/**
 * The live fields and the stored card (or null) of products `p`: the select list of the reads below.
 * The best sellers come as a parameter: as a subquery, planning and running it was a sixth of a
 * list's statement.
 */
const liveColumns = (
  bestSellers: readonly number[],
  locale: Locale,
) => sql`p.id, p.price_cents, p.discount, p.final_price_cents, p.stock, p.is_featured,
          p.id = any(${idArrayOf(bestSellers)}::int[]) as best_seller, p.is_extra, p.sold_alone,
          coalesce((select json_agg(json_build_object('id', z.id, 'name', coalesce(z.names ->> ${locale}::text, z.names ->> 'fr'),
              'price_cents', z.price_cents, 'image_id', z.image_id) order by z.sort_order, z.id)
            from product_sizes z where z.product_id = p.id), '[]'::json) as sizes, k.card`;
const storedCardJoin = (locale: Locale) => sql`left join product_cards k on k.product_id = p.id and k.locale = ${locale}
          and k.format = ${CARD_FORMAT} and k.stamp = ${STAMP} and k.generation = ${GENERATION}`;

/**
 * The products of `ids` in `locale` as JSON text (a `Product` each), in no particular order (archived
 * or unknown ids left out): one prepared statement reads the live fields and the stored cards; cards
 * missing or out of date are built by one more and stored for the next reader.
 */
export async function readCards(
  db: DbOrTx,
  locale: Locale,
  ids: readonly number[],
  bestSellers: readonly number[],
): Promise<ProductJson[]> {
  const live = await sqlRows<LiveRow>(
    db,
    sql`select ${liveColumns(bestSellers, locale)} from products p ${storedCardJoin(locale)}
        where p.id = any(${idArrayOf(ids)}::int[]) and p.archived_at is null`,
    'catalogue_ready_cards_v3',
  );
  return withCards(db, locale, live);
}

/**
 * A page of products as JSON text, in its order, in one statement with the query that picks them:
 * `page` selects each product's `id` and its place `n` (for example a seek on the shop's order), and
 * the same statement joins the live fields and stored cards (no second round trip to the database).
 * Prepared once per connection and shape of `page`.
 */
export async function readPage(db: DbOrTx, locale: Locale, page: SQL, bestSellers: readonly number[]): Promise<ProductJson[]> {
  const live = await sqlRows<LiveRow>(
    db,
    sql`select ${liveColumns(bestSellers, locale)} from (${page}) as page join products p on p.id = page.id ${storedCardJoin(locale)}
        order by page.n`,
    byShape,
  );
  return withCards(db, locale, live);
}

/** The products of `live` (in that order) as JSON text, building and storing the cards missing or out of date. */
async function withCards(db: DbOrTx, locale: Locale, live: LiveRow[]): Promise<ProductJson[]> {
  const lacking = live.filter((r) => r.card === null).map((r) => Number(r.id));
  const built = lacking.length > 0 ? await buildCards(db, locale, lacking) : new Map<number, string>();
  const products: ProductJson[] = [];
  for (const r of live) {
    const card = r.card ?? built.get(Number(r.id));
    // Archived or deleted between the two statements: left out, as it would be a moment later.
    if (card !== undefined) products.push({ id: Number(r.id), json: productJson(card, r) });
  }
  return products;
}

/** Builds the cards of `ids` from the catalogue's tables and stores them; their JSON text by id. */
async function buildCards(db: DbOrTx, locale: Locale, ids: readonly number[]): Promise<Map<number, string>> {
  const found = await sqlRows<CardRow>(
    db,
    sql`select p.id, coalesce(pt.name, p.name) as name, coalesce(pt.description, p.description) as description,
          p.category_id, coalesce(ct.name, c.name) as category_name, p.subcategory_id, coalesce(st.name, s.name) as subcategory_name,
          coalesce(pt.tags, p.tags) as tags, p.created_at, p.updated_at,
          coalesce((select json_agg(json_build_object('id', i.id, 'key', i.key, 'widths', i.widths, 'width', i.width, 'height', i.height)
                      order by i.sort_order, i.id)
                    from product_images i where i.product_id = p.id), '[]'::json) as images,
          coalesce((select json_agg(json_build_object('id', k.id, 'name', coalesce(kt.name, k.name), 'hex_code', k.hex_code)
                      order by pc.sort_order, k.sort_order, k.id)
                    from product_colors pc
                    join colors k on k.id = pc.color_id and k.is_active
                    left join color_translations kt on kt.color_id = k.id and kt.locale = ${locale}
                    where pc.product_id = p.id), '[]'::json) as colors,
          ${STAMP}::text as stamp, ${GENERATION}::text as generation
        from products p
        ${productTextJoins(locale)}
        where p.id = any(${idArrayOf(ids)}::int[]) and p.archived_at is null`,
    'catalogue_build_cards_v1',
  );
  const cards = new Map(found.map((r) => [Number(r.id), JSON.stringify(toStoredCard(r))]));
  if (found.length > 0) await storeCards(db, locale, found, cards);
  return cards;
}

async function storeCards(db: DbOrTx, locale: Locale, built: CardRow[], cards: Map<number, string>): Promise<void> {
  const records = built.map((r) => ({ id: Number(r.id), stamp: r.stamp, generation: r.generation, card: cards.get(Number(r.id)) }));
  try {
    // In id order, so that two readers storing overlapping cards take their row locks in the same
    // order (no deadlock); a row another reader just stored the same is left alone.
    await db.execute(sql`
      insert into product_cards (product_id, locale, format, generation, stamp, card)
      select x.id, ${locale}, ${CARD_FORMAT}, x.generation::bigint, x.stamp::bigint, x.card
      from json_to_recordset(${JSON.stringify(records)}::json) as x(id int, stamp text, generation text, card text)
      where exists (select 1 from products p where p.id = x.id)
      order by x.id
      on conflict (product_id, locale) do update
        set format = excluded.format, generation = excluded.generation, stamp = excluded.stamp, card = excluded.card
        where (product_cards.format, product_cards.generation, product_cards.stamp)
          is distinct from (excluded.format, excluded.generation, excluded.stamp)`);
  } catch {
    // Storing is a cache fill: when it fails (a product deleted meanwhile, a busy database), the
    // reader still has its cards and the next one builds them again.
  }
}
