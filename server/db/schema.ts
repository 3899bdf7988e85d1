/**
 * The whole data model of the shop (storefront and back office), one pg-core schema for PGlite and
 * PostgreSQL. Money is integer centimes (`*_cents`), never floats. Translations live in
 * `*_translations` tables keyed by (entity, locale); the base row holds the French/default text.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  smallint,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { nameKeySql, phoneKeySql, searchTextSql } from './search-columns.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Always stored lower-cased and trimmed. */
    email: text('email').notNull(),
    phone: text('phone'),
    address: text('address'),
    /** customer | admin | super_admin */
    role: text('role').notNull().default('customer'),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** fr | en | ar: the language of the e-mails we send this person. */
    language: text('language').notNull().default('fr'),
    /** Failed logins on this account, from any address, in the current one-hour window (the burst warning mail). */
    failedLogins: integer('failed_logins').notNull().default(0),
    failedLoginsWindowStart: timestamp('failed_logins_window_start', { withTimezone: true }),
    /**
     * An e-mail change waiting for its confirmation link (one_time_tokens kind `email_change`);
     * `email` stays in force until then. Lower-cased like `email`; not unique (it reserves nothing).
     */
    pendingEmail: text('pending_email'),
    /**
     * Two-factor login (RFC 6238 TOTP, admins): the base32 secret, set at setup and in force once
     * `totp_enabled_at` is set; `totp_last_step` is the time step of the last code accepted, so one
     * code cannot sign in twice.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: integer('totp_last_step'),
    /** `phone` in canonical form (search-columns.ts): a guest's orders join the account by it. */
    phoneKey: text('phone_key').generatedAlwaysAs(sql.raw(phoneKeySql('phone'))),
    /** `name`'s consonant key (search-columns.ts): a name written in Arabic found by its Latin spelling and back. */
    nameKey: text('name_key').generatedAlwaysAs(sql.raw(nameKeySql('name'))),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_phone_key_idx').on(t.phoneKey),
    // The customers list's search: a part of a name or an e-mail (trigrams, for ILIKE '%…%'), the start of
    // a phone (text_pattern_ops, for LIKE '…%' in any collation).
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_phone_key_pattern_idx').using('btree', t.phoneKey.op('text_pattern_ops')),
    // The last digits of a phone (LIKE '%…'), and a name by its consonant key (LIKE '% key%').
    index('users_phone_key_trgm_idx').using('gin', t.phoneKey.op('gin_trgm_ops')),
    index('users_name_key_trgm_idx').using('gin', t.nameKey.op('gin_trgm_ops')),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
    // The customers list, newest first with the id as tie-break: read in this order and merged with the
    // guests' (guest_buyers_unlinked_first_idx), so a page costs its offset, not a sort of every account.
    index('users_created_id_idx').on(t.createdAt, t.id),
    // The dashboard's user growth: new customer accounts of the last 60 days, a range of this index.
    index('users_role_created_idx').on(t.role, t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** email_confirm | password_reset | email_change */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_uq').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId, t.kind)],
);

/**
 * Failed logins per (account, client address) in a one-hour window: the login throttle slows and then
 * refuses the addresses that fail, never the account's owner trying from elsewhere.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

/** The step between a right password and a two-factor code: a short-lived token, no session yet. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the pending token. */
    tokenHash: text('token_hash').notNull(),
    /** Codes tried with this token (a right one closes it); it stops working after a few. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_challenges_hash_uq').on(t.tokenHash), index('two_factor_challenges_user_idx').on(t.userId)],
);

/** Single-use recovery codes of two-factor login, stored hashed (SHA-256 of the normalised code). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_uq').on(t.userId, t.codeHash)],
);

// ---------------------------------------------------------------- catalogue

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  imagePath: text('image_path'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    description: text('description'),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.locale] })],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imagePath: text('image_path'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subcategories_category_idx').on(t.categoryId)],
);

export const subcategoryTranslations = pgTable(
  'subcategory_translations',
  {
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    description: text('description'),
  },
  (t) => [primaryKey({ columns: [t.subcategoryId, t.locale] })],
);

export const colors = pgTable(
  'colors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    hexCode: text('hex_code').notNull(),
    slug: text('slug').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('colors_slug_uq').on(t.slug), index('colors_sort_idx').on(t.sortOrder)],
);

export const colorTranslations = pgTable(
  'color_translations',
  {
    colorId: integer('color_id')
      .notNull()
      .references(() => colors.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.colorId, t.locale] })],
);

/** Not archived: what the storefront and the back office list. */
const live = (t: { archivedAt: AnyPgColumn }) => sql`${t.archivedAt} is null`;

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    /** Percent 0..100 taken off the price everywhere it is shown and charged. */
    discount: integer('discount').notNull().default(0),
    /** The price actually charged, kept by the database so filters, sorts and indexes use it. */
    finalPriceCents: integer('final_price_cents')
      .notNull()
      .generatedAlwaysAs(sql`(price_cents * (100 - discount) + 50) / 100`),
    stock: integer('stock').notNull().default(0),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    isFeatured: boolean('is_featured').notNull().default(false),
    /** Comma-separated tags in the base language. */
    tags: text('tags').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * Lower-cased, accent-free names (and tags) of every language, for search with a trigram index.
     * Rebuilt by the catalogue service whenever the product or a translation changes.
     */
    searchText: text('search_text').notNull().default(''),
    /** Units sold in the last 90 days (open and delivered orders): "popular" sort and best sellers. */
    popularity: integer('popularity').notNull().default(0),
    /**
     * Set when the back office deletes a product that appears in orders: the shop stops showing it,
     * order lines keep pointing at it. Archived products never come back in any storefront answer.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * The stock an archived product had: archiving sets `stock` to 0 (so no cart can check it out)
     * and a restore puts these units back. Null while the product is on sale.
     */
    archivedStock: integer('archived_stock'),
    /**
     * An extra (a vase, chocolates, a balloon…): offered beside bouquets ("Add to your bouquet") and
     * packed with them; an order of extras only is refused unless each is `sold_alone`.
     */
    isExtra: boolean('is_extra').notNull().default(false),
    soldAlone: boolean('sold_alone').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_nonneg', sql`${t.priceCents} >= 0`),
    check('products_stock_nonneg', sql`${t.stock} >= 0`),
    check('products_discount_range', sql`${t.discount} between 0 and 100`),
    // The storefront lists (and the back office) never show archived products: partial indexes hold
    // only live ones. After each order's key (the sort, then id) come the columns the list filters test
    // (price band, category, subcategory, featured), so a filter's count and its seek anchors are
    // index-only scans in the order's own index, whatever the filter, instead of heap walks and sorts.
    index('products_category_sort_idx')
      .on(t.categoryId, t.sortOrder, t.id, t.finalPriceCents, t.subcategoryId, t.isFeatured)
      .where(live(t)),
    // The other sorts within a category (the usual listing page) walk their own index.
    index('products_category_price_idx').on(t.categoryId, t.finalPriceCents, t.id, t.subcategoryId, t.isFeatured).where(live(t)),
    index('products_category_created_idx')
      .on(t.categoryId, t.createdAt, t.id, t.finalPriceCents, t.subcategoryId, t.isFeatured)
      .where(live(t)),
    index('products_category_popularity_idx')
      .on(t.categoryId, t.popularity, t.id, t.finalPriceCents, t.subcategoryId, t.isFeatured)
      .where(live(t)),
    index('products_subcategory_idx').on(t.subcategoryId, t.sortOrder, t.id, t.finalPriceCents, t.isFeatured).where(live(t)),
    index('products_sort_idx').on(t.sortOrder, t.id, t.finalPriceCents, t.categoryId, t.subcategoryId, t.isFeatured).where(live(t)),
    index('products_final_price_idx').on(t.finalPriceCents, t.id, t.categoryId, t.subcategoryId, t.isFeatured).where(live(t)),
    index('products_created_at_idx').on(t.createdAt, t.id, t.finalPriceCents, t.categoryId, t.subcategoryId, t.isFeatured).where(live(t)),
    index('products_popularity_idx').on(t.popularity, t.id, t.finalPriceCents, t.categoryId, t.subcategoryId, t.isFeatured).where(live(t)),
    // The back office's low-stock list (fewest first).
    index('products_low_stock_idx').on(t.stock, t.name, t.id).where(live(t)),
    index('products_featured_idx')
      .on(t.sortOrder, t.id)
      .where(sql`${t.isFeatured} and ${t.archivedAt} is null`),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * What the storefront search reads, one row per product, apart from `products` so that lists and
 * product pages read narrow rows (the keys are ~1.3 kB a product, most of its row; with them the
 * table was 236 MB at 100,000 products, more than PostgreSQL's shared buffers here). A product
 * without a row (a bulk load) or with an older `version` than the code's SEARCH_INDEX_VERSION is
 * re-indexed at start. `search_text` is the same as `products.search_text` (which the back office's
 * substring search reads), so that one table's indexes answer a search.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Lower-cased, accent-free names and tags of every language (substring search). */
    searchText: text('search_text').notNull().default(''),
    /**
     * Search keys (modules/catalogue/search-keys.ts): words, stems and Arabic skeletons of names, tags
     * and descriptions; of names alone (ranking); one-letter deletions of name and tag words (typos).
     */
    searchKeys: text('search_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    nameKeys: text('name_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchFuzzy: text('search_fuzzy')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    version: smallint('version').notNull().default(0),
  },
  (t) => [
    index('product_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('product_search_keys_idx').using('gin', t.searchKeys),
    // The top tier of a ranked search (a key of the name): a rare word must not walk the whole order.
    index('product_search_name_keys_idx').using('gin', t.nameKeys),
    index('product_search_fuzzy_idx').using('gin', t.searchFuzzy),
    index('product_search_version_idx').on(t.version),
  ],
);

/**
 * Each product's card in one language (what a list or a product page shows of it), kept as ready JSON
 * by modules/catalogue/read/cards.ts: a list reads 20 of these rows instead of building 20 cards from
 * six tables. Prices, stock, the featured and best-seller flags are not in it (read live). A row is
 * good while its `stamp` is the product's `updated_at` (every product save moves it), its `generation`
 * is the one in `card_generation` (moved by renames of categories, subcategories and colours) and its
 * `format` is the code's; any other row is rebuilt on its next read.
 */
export const productCards = pgTable(
  'product_cards',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    format: smallint('format').notNull(),
    generation: bigint('generation', { mode: 'number' }).notNull(),
    /** The product's `updated_at` the card was built from, in microseconds since 1970. */
    stamp: bigint('stamp', { mode: 'number' }).notNull(),
    card: text('card').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locale] })],
);

/** One row: moved by every change of a name a card shows beside the product's own (triggers). */
export const cardGeneration = pgTable('card_generation', {
  id: smallint('id').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    tags: text('tags'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locale] })],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Stored name without width/extension: files are `/uploads/<key>-<width>.webp`. */
    key: text('key').notNull(),
    /** Widths available, ascending. */
    widths: jsonb('widths').$type<number[]>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * The colour the picture shows, when it shows one of the product's colours (a pink rose's own
     * picture): a cart line in that colour shows it. Null: the product as a whole.
     */
    colorId: integer('color_id').references(() => colors.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.sortOrder)],
);

/**
 * A product's sizes (Classique, Généreux, Prestige…), each with its names in every shop language and
 * its own price before the product's discount (the discount applies to every size). A product with
 * sizes is always ordered in one of them; the sizes share the product's stock. Edited only through
 * the product's save, which moves the product's `updated_at`.
 */
export const productSizes = pgTable(
  'product_sizes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    names: jsonb('names').$type<ShopNames>().notNull(),
    priceCents: integer('price_cents').notNull(),
    /** The picture of the product that shows this size, when the back office picked one. */
    imageId: integer('image_id').references(() => productImages.id, { onDelete: 'set null' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [check('product_sizes_price_nonneg', sql`${t.priceCents} >= 0`), index('product_sizes_product_idx').on(t.productId, t.sortOrder)],
);

export const productColors = pgTable(
  'product_colors',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: integer('color_id')
      .notNull()
      .references(() => colors.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.colorId] }), index('product_colors_color_idx').on(t.colorId, t.productId)],
);

/**
 * Occasions (Mother's Day, Valentine's Day, a birth, condolences...): a list apart from categories that
 * products join in any number. Name and address (slug) per language in columns, since there are three
 * and every reader needs one of them; an optional window (`highlight_from`..`highlight_to`, shop days,
 * inclusive) during which the occasion leads the home page.
 */
export const occasions = pgTable(
  'occasions',
  {
    id: serial('id').primaryKey(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    slugFr: text('slug_fr').notNull(),
    slugEn: text('slug_en').notNull(),
    slugAr: text('slug_ar').notNull(),
    imagePath: text('image_path'),
    sortOrder: integer('sort_order').notNull().default(0),
    highlightFrom: date('highlight_from', { mode: 'string' }),
    highlightTo: date('highlight_to', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('occasions_slug_fr_uq').on(t.slugFr),
    uniqueIndex('occasions_slug_en_uq').on(t.slugEn),
    uniqueIndex('occasions_slug_ar_uq').on(t.slugAr),
    index('occasions_sort_idx').on(t.sortOrder, t.id),
  ],
);

export const productOccasions = pgTable(
  'product_occasions',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    occasionId: integer('occasion_id')
      .notNull()
      .references(() => occasions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.occasionId] }), index('product_occasions_occasion_idx').on(t.occasionId, t.productId)],
);

// ---------------------------------------------------------------- delivery and coupons

export const deliveryZones = pgTable('delivery_zones', {
  id: serial('id').primaryKey(),
  /** City name in Latin script (French, and English unless `name_en` says otherwise). */
  name: text('name').notNull(),
  nameEn: text('name_en'),
  nameAr: text('name_ar').notNull(),
  feeCents: integer('fee_cents').notNull(),
  /** Upper fee of a range ("50-70 MAD depending on the area"); the order is charged `fee_cents`. */
  feeMaxCents: integer('fee_max_cents'),
  /** Subtotal from which delivery is free, when the zone offers it. */
  freeThresholdCents: integer('free_threshold_cents'),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The delivery slots of a day (the shop's hours cut into parts, e.g. 9:00-12:00), set in the back office.
 * `key` names a slot in orders and requests and never changes; `starts`/`ends` are shop times `HH:MM`.
 * `names` null: the label is written from the times in each language (shared/delivery-slots.ts).
 * `capacity` null: no limit; else at most that many orders (not cancelled) a day in the slot.
 */
export const deliverySlots = pgTable(
  'delivery_slots',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    starts: text('starts').notNull(),
    ends: text('ends').notNull(),
    names: jsonb('names').$type<ShopNames>(),
    capacity: integer('capacity'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('delivery_slots_key_uq').on(t.key)],
);

/** The slots a zone offers. A zone with no row here offers every active slot. */
export const deliveryZoneSlots = pgTable(
  'delivery_zone_slots',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    slotId: integer('slot_id')
      .notNull()
      .references(() => deliverySlots.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.slotId] }), index('delivery_zone_slots_slot_idx').on(t.slotId)],
);

/**
 * One row per (day, slot) that has had an order: the checkout locks it (`for update`) before counting
 * the slot's orders, so two checkouts for the last place of a slot run one after the other.
 */
export const deliverySlotDays = pgTable(
  'delivery_slot_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    slotKey: text('slot_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.slotKey] })],
);

export const closedDates = pgTable('closed_dates', {
  date: date('date', { mode: 'string' }).primaryKey(),
  reason: text('reason'),
  createdAt: createdAt(),
});

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Upper-cased. */
    code: text('code').notNull(),
    /** percent | fixed */
    type: text('type').notNull(),
    /** Percent (1..100) for `percent`, centimes for `fixed`. */
    value: integer('value').notNull(),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    usedCount: integer('used_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('coupons_code_uq').on(t.code)],
);

// ---------------------------------------------------------------- carts and wishlists

export const carts = pgTable(
  'carts',
  {
    /** Random UUID; for visitors it is also the value of the cart cookie. */
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    deliveryZoneId: integer('delivery_zone_id').references(() => deliveryZones.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carts_user_uq').on(t.userId), index('carts_updated_idx').on(t.updatedAt)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: integer('color_id').references(() => colors.id, { onDelete: 'cascade' }),
    /** The size chosen, for a product with sizes (a size deleted takes its lines with it). */
    sizeId: integer('size_id').references(() => productSizes.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('cart_items_qty_pos', sql`${t.quantity} > 0`),
    unique('cart_items_line_uq').on(t.cartId, t.productId, t.colorId, t.sizeId).nullsNotDistinct(),
    index('cart_items_product_idx').on(t.productId),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

// ---------------------------------------------------------------- orders

/** A name in every shop language, as an order keeps it (jsonb `{"fr": ..., "en": ..., "ar": ...}`). */
export type ShopNames = { fr: string; en: string; ar: string };

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    /** Language of the customer's e-mails. */
    language: text('language').notNull().default('fr'),
    recipientName: text('recipient_name'),
    recipientPhone: text('recipient_phone'),
    anonymousSender: boolean('anonymous_sender').notNull().default(false),
    deliveryZoneId: integer('delivery_zone_id').references(() => deliveryZones.id, { onDelete: 'set null' }),
    /** The zone's name in the order's language when it was placed (the customer's own text). */
    deliveryCity: text('delivery_city').notNull(),
    /**
     * The zone's name in every shop language when the order was placed: staff read it in their own
     * (orders/order-names.ts). Every order the shop writes has it (migration 0019 filled the older
     * ones); a row loaded by hand without it reads as `delivery_city`.
     */
    deliveryZoneNames: jsonb('delivery_zone_names').$type<ShopNames>(),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** delivery | pickup (collected at the shop: no fee, no zone). */
    deliveryMethod: text('delivery_method').notNull().default('delivery'),
    /** The slot's key (delivery_slots.key), or null when the shop had no slots. */
    deliverySlot: text('delivery_slot'),
    /** The slot's label in every shop language and its times when the order was placed. */
    deliverySlotNames: jsonb('delivery_slot_names').$type<ShopNames>(),
    deliverySlotStarts: text('delivery_slot_starts'),
    subtotalCents: integer('subtotal_cents').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    couponDiscountCents: integer('coupon_discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /** cash_on_delivery | card_payment */
    paymentMethod: text('payment_method').notNull(),
    /** pending | paid | failed | refunded */
    paymentStatus: text('payment_status').notNull().default('pending'),
    /** pending | not_confirmed | confirmed | processing | on_delivery | shipped | delivered | cancelled */
    orderStatus: text('order_status').notNull().default('pending'),
    isCustomized: boolean('is_customized').notNull().default(false),
    customInstructions: text('custom_instructions'),
    giftMessage: text('gift_message'),
    orderNotes: text('order_notes'),
    /** similar | call_first */
    substitution: text('substitution').notNull().default('similar'),
    idempotencyKey: text('idempotency_key'),
    /** Whose key it is: `u:<user id>` or `g:<hash of the guest's cart cookie>`; a key is unique per caller. */
    idempotencyScope: text('idempotency_scope'),
    /** Where the order was taken: storefront (the customer themself), or by staff: phone | whatsapp | shop. */
    source: text('source').notNull().default('storefront'),
    /** The staff member who entered it (staff sources). */
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    /** Bumped by every back-office edit: an edit based on an older version is refused (409). */
    version: integer('version').notNull().default(1),
    /**
     * The bench's own mark, set from the workshop sheet: null (not started) | in_preparation | ready.
     * Apart from `order_status` (the statuses the customer hears about): marking a bouquet
     * ready mails nobody and moves no status.
     */
    workshopState: text('workshop_state'),
    /**
     * The buyer's and the recipient's phones in canonical form, and the buyer's and recipient's names
     * with the e-mail, lower-cased and accent-free (search-columns.ts): the back office's search.
     */
    customerPhoneKey: text('customer_phone_key').generatedAlwaysAs(sql.raw(phoneKeySql('customer_phone'))),
    recipientPhoneKey: text('recipient_phone_key').generatedAlwaysAs(sql.raw(phoneKeySql('recipient_phone'))),
    searchText: text('search_text').generatedAlwaysAs(sql.raw(searchTextSql(['customer_name', 'customer_email', 'recipient_name']))),
    /** The buyer's and the recipient's names as consonant keys (search-columns.ts), for a search across scripts. */
    nameKey: text('name_key').generatedAlwaysAs(sql.raw(nameKeySql(`customer_name || ' ' || coalesce(recipient_name, '')`))),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_uq').on(t.idempotencyScope, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.orderStatus, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_email_idx').on(t.customerEmail),
    // Back office: the orders list (newest/oldest, per status or type) and the workshop's day view.
    index('orders_created_id_idx').on(t.createdAt, t.id),
    index('orders_customized_created_idx').on(t.isCustomized, t.createdAt, t.id),
    index('orders_delivery_date_idx').on(t.deliveryDate, t.deliveryCity),
    // Back office search: a whole e-mail in any case, a phone in any format (its start, text_pattern_ops),
    // or a substring of the buyer's or recipient's name or the e-mail.
    index('orders_email_lower_idx').on(sql`lower(${t.customerEmail})`),
    index('orders_customer_phone_key_idx').using('btree', t.customerPhoneKey.op('text_pattern_ops')),
    index('orders_recipient_phone_key_idx').using('btree', t.recipientPhoneKey.op('text_pattern_ops')),
    index('orders_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The last digits of a phone (LIKE '%…'), and a name by its consonant key (LIKE '% key%').
    index('orders_customer_phone_key_trgm_idx').using('gin', t.customerPhoneKey.op('gin_trgm_ops')),
    index('orders_recipient_phone_key_trgm_idx').using('gin', t.recipientPhoneKey.op('gin_trgm_ops')),
    index('orders_name_key_trgm_idx').using('gin', t.nameKey.op('gin_trgm_ops')),
    // Back office: the orders a channel brought in (staff sources are few beside the storefront's).
    index('orders_source_created_idx').on(t.source, t.createdAt, t.id),
    check('orders_workshop_state_chk', sql`${t.workshopState} in ('in_preparation', 'ready')`),
    // The dashboard's cash to collect: cash orders not yet marked paid (few beside all orders).
    index('orders_cash_due_idx')
      .on(t.orderStatus)
      .where(sql`${t.paymentMethod} = 'cash_on_delivery' and ${t.paymentStatus} not in ('paid', 'refunded')`),
  ],
);

export const orderAddresses = pgTable(
  'order_addresses',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** billing | shipping */
    kind: text('kind').notNull(),
    fullName: text('full_name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state'),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    /** Street and city, lower-cased and accent-free (search-columns.ts): the orders search finds an order by them. */
    searchText: text('search_text').generatedAlwaysAs(sql.raw(searchTextSql(['street', 'city']))),
  },
  (t) => [
    uniqueIndex('order_addresses_kind_uq').on(t.orderId, t.kind),
    index('order_addresses_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /**
     * Snapshots at order time: later catalogue edits never change a placed order. `product_name` and
     * `color_name` are in the order's language (what the customer saw); `product_names` and
     * `color_names` hold every shop language, so staff read the line in their own (orders/order-names.ts).
     * Every line the shop writes has them (migration 0019 filled the older ones); a row loaded by hand
     * without them reads as `product_name` / `color_name`.
     */
    productName: text('product_name').notNull(),
    productNames: jsonb('product_names').$type<ShopNames>(),
    colorId: integer('color_id').references(() => colors.id, { onDelete: 'set null' }),
    colorName: text('color_name'),
    /** Null when the line has no colour. */
    colorNames: jsonb('color_names').$type<ShopNames>(),
    colorHex: text('color_hex'),
    /** The size ordered (null: the product had none), with its names as they were (the order's language, and every one). */
    sizeId: integer('size_id').references(() => productSizes.id, { onDelete: 'set null' }),
    sizeName: text('size_name'),
    sizeNames: jsonb('size_names').$type<ShopNames>(),
    quantity: integer('quantity').notNull(),
    /** Unit price before the product discount. */
    originalUnitPriceCents: integer('original_unit_price_cents').notNull(),
    discount: integer('discount').notNull().default(0),
    /** Unit price charged (after the product discount). */
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [
    check('order_items_qty_pos', sql`${t.quantity} > 0`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderStatus: text('order_status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    note: text('note'),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * People who ordered without an account (guest orders), one row per person: guest orders sharing an
 * e-mail (lower-cased) or a canonical phone are one person, and a person whose e-mail or phone is an
 * account's is linked to it (`user_id`), so the customers list shows one row per person. Kept by the
 * orders and users triggers of the guest-buyers SQL migration, in the writing transaction.
 */
export const guestBuyers = pgTable(
  'guest_buyers',
  {
    id: serial('id').primaryKey(),
    /** The account with this person's e-mail or phone, when there is one. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** As on their latest order. */
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    ordersCount: integer('orders_count').notNull().default(0),
    firstOrderAt: timestamp('first_order_at', { withTimezone: true }).notNull(),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }).notNull(),
    /** `name`'s consonant key (search-columns.ts), as on users. */
    nameKey: text('name_key').generatedAlwaysAs(sql.raw(nameKeySql('name'))),
  },
  (t) => [
    index('guest_buyers_user_idx').on(t.userId),
    // The customers list: guests without an account, newest first.
    index('guest_buyers_unlinked_first_idx')
      .on(t.firstOrderAt, t.id)
      .where(sql`${t.userId} is null`),
    // The customers list's search by a part of a name.
    index('guest_buyers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('guest_buyers_name_key_trgm_idx').using('gin', t.nameKey.op('gin_trgm_ops')),
  ],
);

/** Who a guest's e-mail (`e:<lower-cased e-mail>`) or phone (`p:<canonical phone>`) belongs to. */
export const guestBuyerKeys = pgTable(
  'guest_buyer_keys',
  {
    key: text('key').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => guestBuyers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('guest_buyer_keys_buyer_idx').on(t.buyerId),
    // The customers list's search: a part of a guest's e-mail (ILIKE 'e:%…%') or the start of a phone
    // (LIKE 'p:…%'), both by trigrams; a whole phone is the primary key.
    index('guest_buyer_keys_key_trgm_idx').using('gin', t.key.op('gin_trgm_ops')),
  ],
);

/**
 * Sales rollups for the back office's dashboard and revenue screens, kept exact by triggers of the
 * custom migration (`*_back_office_orders_sql`): every order insert, status/total/date/customer
 * change and line insert or delete moves them in the same transaction. Hours are UTC hours: the
 * shop's time zone is a whole number of hours away, so shop days, weeks, months and years are made
 * of whole hours.
 */
/**
 * What revenue is made of: of `revenue_cents`, the delivery fees charged and the coupon discounts
 * taken off, so products (line totals) = revenue - shipping + discount.
 */
const revenueParts = () => ({
  shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
  discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
});

export const salesHourly = pgTable(
  'sales_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    orderStatus: text('order_status').notNull(),
    orders: integer('orders').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
    ...revenueParts(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.orderStatus] }), index('sales_hourly_status_hour_idx').on(t.orderStatus, t.hour)],
);

/**
 * The same sums per shop-calendar day (Africa/Casablanca) and per shop-calendar month (first day of
 * the month), moved by the same trigger function as `sales_hourly`, with how many of the orders are
 * customized: revenue periods, the dashboard and the orders list's counts and deep pages read a few
 * hundred rows at most, whatever the number of orders.
 */
/** The columns of a shop-calendar rollup row (fresh builders for each table). */
const salesSums = () => ({
  orderStatus: text('order_status').notNull(),
  orders: integer('orders').notNull().default(0),
  /** Of `orders`, the customized ones (the orders list's type filter). */
  customizedOrders: integer('customized_orders').notNull().default(0),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  ...revenueParts(),
});

export const salesDaily = pgTable(
  'sales_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ...salesSums(),
  },
  (t) => [primaryKey({ columns: [t.day, t.orderStatus] }), index('sales_daily_status_day_idx').on(t.orderStatus, t.day)],
);

export const salesMonthly = pgTable(
  'sales_monthly',
  {
    month: date('month', { mode: 'string' }).notNull(),
    ...salesSums(),
  },
  (t) => [primaryKey({ columns: [t.month, t.orderStatus] })],
);

/** Line totals per order status and product category (0: product deleted or without category). */
export const salesByCategory = pgTable(
  'sales_by_category',
  {
    orderStatus: text('order_status').notNull(),
    categoryId: integer('category_id').notNull(),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orderStatus, t.categoryId] })],
);

/** Orders per customer account ("returning users" have two or more). */
export const customerOrderCounts = pgTable('customer_order_counts', {
  userId: integer('user_id').primaryKey(),
  orders: integer('orders').notNull().default(0),
});

/**
 * Counters kept by triggers, read in one row: `returning_customers` (accounts with two orders or
 * more, moved when a customer's count crosses 2) and `customers` (users with the customer role).
 */
export const rollupCounters = pgTable('rollup_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupon_redemptions_order_uq').on(t.orderId), index('coupon_redemptions_coupon_email_idx').on(t.couponId, t.email)],
);

// ---------------------------------------------------------------- testimonials and contact

export const testimonials = pgTable(
  'testimonials',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name when they wrote it: the home page shows this, not their live profile name. */
    authorName: text('author_name').notNull().default(''),
    content: text('content').notNull(),
    rating: integer('rating').notNull().default(5),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('testimonials_rating_range', sql`${t.rating} between 1 and 5`),
    index('testimonials_confirmed_idx').on(t.isConfirmed, t.createdAt),
  ],
);

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** custom_bouquet | contact */
    kind: text('kind').notNull().default('custom_bouquet'),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt)],
);

/**
 * Money received and given back for an order (orders/payments.service.ts): cash collected at the door or
 * the counter, a card terminal, a bank transfer, an online card payment; refunds with their reason. The
 * order's `payment_status` follows from these rows: paid when the payments cover the total, refunded
 * when everything received was given back.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** payment | refund */
    kind: text('kind').notNull(),
    /** cash | card_terminal | bank_transfer | card_online */
    method: text('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The bank's or terminal's reference, a transfer's label. */
    reference: text('reference'),
    /** Why a refund was made. */
    reason: text('reason'),
    /** Who took or gave the money (null: the card gateway). */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_payments_amount_pos', sql`${t.amountCents} > 0`),
    index('order_payments_order_idx').on(t.orderId, t.createdAt),
    index('order_payments_created_idx').on(t.createdAt),
  ],
);

/**
 * Numbered invoices (orders/invoices.service.ts): `FA-<year>-<sequence>`, one per order, numbers without
 * gaps per year and never reused (an invoice is never deleted). The year's counter row is taken in the
 * transaction that writes the invoice, so two staff issuing at once queue on it and a failed issue
 * gives its number back with its rollback.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The amount invoiced when it was issued: the order's total then. */
    totalCents: integer('total_cents').notNull(),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    uniqueIndex('invoices_year_sequence_uq').on(t.year, t.sequence),
    uniqueIndex('invoices_order_uq').on(t.orderId),
  ],
);

// ---------------------------------------------------------------- back office

/** The shop's own settings edited in the back office (contact details, low-stock threshold...), one JSON value per key. */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Every back-office write (server/modules/audit/audit-trail.ts), readable by super admins. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the admin account is deleted later. */
    actorEmail: text('actor_email').notNull(),
    method: text('method').notNull(),
    /** The route pattern, e.g. /api/admin/orders/edit/:id. */
    route: text('route').notNull(),
    /** What happened, e.g. `order.update`; by default `<METHOD> <route>`. */
    action: text('action').notNull(),
    /** The kind of thing changed (product, order, coupon...). */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.createdAt),
  ],
);

// ---------------------------------------------------------------- mail

/**
 * The mail outbox (server/lib/mail-queue.ts): every outgoing mail is a row written in the same
 * transaction as what caused it, sent later with retries. `payload` is a ready message (kind `message`)
 * or what a renderer needs to build it at sending time (e.g. `{ orderId }`).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The same key twice is one mail (a replayed fan-out never mails twice). */
    dedupeKey: text('dedupe_key'),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time (backoff after a failure). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last failure, without the message (an SMTP code or error text). */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the attempts ran out: an operator looks at it; nothing retries it any more. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_uq').on(t.dedupeKey),
    index('mail_outbox_due_idx')
      .on(t.runAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/**
 * Each online card payment attempt of an order (modules/payments/): its own gateway reference `oid`
 * (a new one per attempt, so an old attempt's late callback can never pay a second time), the amount
 * it asked for, and what the gateway said. `status`: waiting (form given, no answer yet), paid,
 * declined, superseded (a newer attempt was started before this one was answered), late (approved
 * after the order was cancelled or paid otherwise: not captured). `hold_until`: while a storefront card
 * order waits, its stock stays held until the latest attempt's hold ends (payments/card-holds.ts).
 */
export const cardPaymentAttempts = pgTable(
  'card_payment_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    oid: text('oid').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('waiting'),
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
    transactionId: text('transaction_id'),
    authCode: text('auth_code'),
    maskedCard: text('masked_card'),
    message: text('message'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('card_payment_attempts_oid_uq').on(t.oid),
    index('card_payment_attempts_order_idx').on(t.orderId, t.createdAt),
    index('card_payment_attempts_waiting_idx')
      .on(t.holdUntil)
      .where(sql`${t.status} in ('waiting', 'declined')`),
  ],
);

/**
 * Each order's delivery by a driver (orders/round.service.ts), one row per order once staff assign it:
 * who drives it, its place in the driver's day (`stop_position`, ascending; within a slot when the order
 * has one), and how it ended: `delivered` (with an optional photo, shown to the customer) or `failed`
 * with the reason the driver gave (staff see it; assigning again clears it).
 */
export const orderDeliveries = pgTable(
  'order_deliveries',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id').references(() => users.id, { onDelete: 'set null' }),
    stopPosition: integer('stop_position').notNull().default(0),
    /** null (to deliver) | delivered | failed */
    outcome: text('outcome'),
    failureReason: text('failure_reason'),
    /** The proof-of-delivery picture: `<key>-<width>.webp` in the picture store (lib/images.ts). */
    photoKey: text('photo_key'),
    photoWidths: jsonb('photo_widths').$type<number[]>(),
    /** When the driver marked it delivered or not delivered. */
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('order_deliveries_outcome_ck', sql`${t.outcome} in ('delivered', 'failed')`),
    index('order_deliveries_driver_idx').on(t.driverId, t.stopPosition),
  ],
);
