/**
 * The demo catalogue: categories (fixed ids 1-4), subcategories, the eight colours, ~70 products with
 * fr/en/ar translations and generated pictures, delivery zones, closed dates, coupons, demo customers
 * and testimonials. Idempotent: does nothing when the categories table already has rows.
 * Offline: pictures are drawn as SVG and encoded with sharp, never downloaded.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import {
  categories,
  categoryTranslations,
  closedDates,
  colorTranslations,
  colors,
  coupons,
  deliveryZones,
  productColors,
  productSizes,
  occasions,
  productOccasions,
  productImages,
  productTranslations,
  products,
  subcategories,
  subcategoryTranslations,
  testimonials,
  users,
} from '../db/schema.js';
import { IMAGE_WIDTHS, LOCALES, SHOP_TIME_ZONE } from '../../shared/constants.js';
import { shopClock } from '../../shared/delivery-date.js';
import { toCents } from '../../shared/money.js';
import { imageUrl, loadSharp, processImage, removeImage, type ProcessedImage } from '../lib/images.js';
import type { PictureStore } from '../lib/storage/picture-store.js';
import { hashPassword } from '../lib/passwords.js';
import { refreshSearchText } from '../modules/catalogue/read/search-index.js';
import { CONTACT_KEY, writeRates, writeSetting } from '../modules/shop/shop-settings.service.js';
import { drawArt, hashString, shownColour } from './art.js';
import { nextWindow, OCCASIONS } from './occasions-data.js';
import {
  CATEGORIES,
  CLOSED_DAYS,
  COLORS,
  COUPONS,
  DELIVERY_ZONES,
  DEMO_CUSTOMERS,
  DEMO_PASSWORD,
  DEMO_SOCIAL_LINKS,
  PRODUCTS,
  BOUQUET_SIZES,
  TESTIMONIALS,
  type Art,
  type ColorSlug,
} from './catalogue-data.js';

export interface SeedOptions {
  /** Where `/uploads` pictures are kept (DATA_DIR/uploads or the bucket of STORAGE_URL). */
  pictures: PictureStore;
  log?: (msg: string) => void;
  /** Picture size in pixels (square); 1024 gives all three widths. */
  imageSize?: number;
  /**
   * Draws the pictures somewhere else and answers them in order (the server's start: in a child
   * process, server/seed/draw-in-child.ts). Drawn here by default.
   */
  drawPictures?: (jobs: PictureJob[]) => Promise<ProcessedImage[]>;
  /**
   * The demo content too (default): products, coupons, customers and testimonials. Without it only what
   * the shop is built around: its four categories and their subcategories, the colours, the delivery
   * zones and the upcoming closed days (DEMO_DATA=false, a real shop's first start).
   */
  demo?: boolean;
}

/** One demo picture to draw: its art, colours and seed, and the store folder it goes in. */
export interface PictureJob {
  art: Art;
  colors: string[];
  seed: number;
  variant: number;
  prefix: 'categories' | 'products';
}

/** Draws the demo pictures (SVG, then sharp) into `store`, four at a time. */
export function drawSeedPictures(jobs: PictureJob[], store: PictureStore, imageSize?: number): Promise<ProcessedImage[]> {
  return mapLimit(jobs, 4, (j) => picture(j.art, j.colors, j.seed, j.variant, j.prefix, { pictures: store, imageSize }));
}

/** Runs `fn` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const colorHex = new Map(COLORS.map((c) => [c.slug, c.hex]));
const colorId = new Map(COLORS.map((c) => [c.slug, c.id]));
const hexes = (slugs: readonly ColorSlug[]) => slugs.map((s) => colorHex.get(s) ?? '#43A047');

/** Today's date in the shop's time zone, YYYY-MM-DD. */
function shopToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The next occurrence (after today, shop time) of each fixed-date holiday. */
export function upcomingClosedDates(now = new Date()): { date: string; reason: string }[] {
  const today = shopToday(now);
  const year = Number(today.slice(0, 4));
  return CLOSED_DAYS.map(([m, d, reason]) => {
    const md = `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    const date = `${year}-${md}` > today ? `${year}-${md}` : `${year + 1}-${md}`;
    return { date, reason };
  }).sort((a, b) => a.date.localeCompare(b.date));
}

async function picture(
  art: Art,
  colorHexes: string[],
  seed: number,
  variant: number,
  prefix: string,
  opts: Pick<SeedOptions, 'pictures' | 'imageSize'>,
): Promise<ProcessedImage> {
  const svg = drawArt(art, colorHexes, seed, opts.imageSize ?? 1024, variant);
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
  return processImage(png, { store: opts.pictures, prefix, effort: 1 });
}

/** Category picture url: the 640 px file, or the largest one written. */
const cardUrl = (img: ProcessedImage) =>
  imageUrl(img.key, img.widths.includes(640) ? 640 : (img.widths[img.widths.length - 1] ?? IMAGE_WIDTHS[0]));

async function countCategories(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(categories);
  return Number(row?.n ?? 0);
}

export async function seedDatabase(db: Db, opts: SeedOptions): Promise<{ seeded: boolean }> {
  const log = opts.log ?? (() => {});
  if ((await countCategories(db)) > 0) {
    log('seed: catalogue already present, nothing to do');
    return { seeded: false };
  }
  const started = Date.now();
  const demo = opts.demo ?? true;
  const demoProducts = demo ? PRODUCTS : [];

  // ---- slow work first, outside the transaction: pictures and password hashes
  // Each picture's job says the row it belongs to (`index` of its category or product) beside what to draw.
  const jobs: (PictureJob & { index: number })[] = [];
  CATEGORIES.forEach((c, index) =>
    jobs.push({ prefix: 'categories', index, variant: 0, art: c.art, colors: hexes(c.colors), seed: c.id * 7 }),
  );
  demoProducts.forEach((p, index) => {
    for (let v = 0; v < (p.images ?? 1); v++) {
      jobs.push({ prefix: 'products', index, variant: v, art: p.art, colors: hexes(p.colors), seed: hashString(p.fr.name) });
    }
  });
  const draw = opts.drawPictures ?? ((all: PictureJob[]) => drawSeedPictures(all, opts.pictures, opts.imageSize));
  const images = await draw(jobs);
  log(`seed: ${images.length} pictures generated in ${Date.now() - started} ms`);
  const cleanup = () => Promise.all(images.map((img) => removeImage(opts.pictures, img.key, img.widths)));

  const categoryImages = new Map<number, ProcessedImage>();
  const productImagesByIndex = new Map<number, ProcessedImage[]>();
  jobs.forEach((j, i) => {
    if (j.prefix === 'categories') categoryImages.set(j.index, images[i]);
    else productImagesByIndex.set(j.index, [...(productImagesByIndex.get(j.index) ?? []), images[i]]);
  });
  const demoCustomers = demo ? DEMO_CUSTOMERS : [];
  const passwordHashes = await Promise.all(demoCustomers.map(() => hashPassword(DEMO_PASSWORD)));

  // ---- rows, in one transaction
  const now = Date.now();
  let seeded: boolean;
  try {
    seeded = await db.transaction(async (tx) => {
      // Two processes starting at once: the second waits here, then sees the rows and backs off.
      await tx.execute(sql`lock table categories in share row exclusive mode`);
      const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(categories);
      if (Number(existing?.n ?? 0) > 0) return false;

      await tx.insert(categories).values(
        CATEGORIES.map((c, i) => ({
          id: c.id,
          name: c.fr.name,
          description: c.fr.description,
          imagePath: cardUrl(categoryImages.get(i)!),
          sortOrder: c.id,
        })),
      );
      await tx
        .insert(categoryTranslations)
        .values(
          CATEGORIES.flatMap((c) =>
            LOCALES.map((locale) => ({ categoryId: c.id, locale, name: c[locale].name, description: c[locale].description })),
          ),
        );
      await tx.execute(sql`select setval(pg_get_serial_sequence('categories', 'id'), (select max(id) from categories))`);

      const subRows = CATEGORIES.flatMap((c) => c.subcategories.map((s, i) => ({ c, s, sortOrder: i + 1 })));
      const insertedSubs = await tx
        .insert(subcategories)
        .values(subRows.map(({ c, s, sortOrder }) => ({ categoryId: c.id, name: s.fr.name, description: s.fr.description, sortOrder })))
        .returning({ id: subcategories.id, categoryId: subcategories.categoryId, sortOrder: subcategories.sortOrder });
      const subId = new Map<string, number>();
      for (const row of insertedSubs) {
        const src = subRows.find((r) => r.c.id === row.categoryId && r.sortOrder === row.sortOrder)!;
        subId.set(`${src.c.id}:${src.s.key}`, row.id);
      }
      await tx.insert(subcategoryTranslations).values(
        subRows.flatMap(({ c, s }) =>
          LOCALES.map((locale) => ({
            subcategoryId: subId.get(`${c.id}:${s.key}`)!,
            locale,
            name: s[locale].name,
            description: s[locale].description,
          })),
        ),
      );

      await tx
        .insert(colors)
        .values(COLORS.map((c) => ({ id: c.id, name: c.fr, hexCode: c.hex, slug: c.slug, isActive: true, sortOrder: c.id })));
      await tx
        .insert(colorTranslations)
        .values(COLORS.flatMap((c) => LOCALES.map((locale) => ({ colorId: c.id, locale, name: c[locale] }))));
      await tx.execute(sql`select setval(pg_get_serial_sequence('colors', 'id'), (select max(id) from colors))`);

      if (demo) await insertDemoProducts(tx, subId, productImagesByIndex, now);

      await tx.insert(deliveryZones).values(
        DELIVERY_ZONES.map((z, i) => ({
          name: z.name,
          nameAr: z.nameAr,
          feeCents: toCents(z.fee),
          feeMaxCents: z.feeMax === undefined ? null : toCents(z.feeMax),
          freeThresholdCents: z.freeFrom === undefined ? null : toCents(z.freeFrom),
          isActive: true,
          sortOrder: i + 1,
        })),
      );
      await tx
        .insert(closedDates)
        .values(upcomingClosedDates(new Date(now)))
        .onConflictDoNothing();
      if (demo) await insertDemoCouponsAndCustomers(tx, passwordHashes, now);
      // Only the links: the contact numbers keep coming from the configuration until the back office saves them.
      if (demo) await writeSetting(tx, CONTACT_KEY, DEMO_SOCIAL_LINKS);
      // Rates for approximate prices abroad, as a shop would set them (MAD for one EUR, one USD).
      if (demo) await writeRates(tx, { EUR: 10.85, USD: 9.95 }, new Date(now));
      return true;
    });
  } catch (err) {
    await cleanup();
    throw err;
  }
  if (!seeded) {
    await cleanup();
    log('seed: catalogue seeded by another process meanwhile, nothing to do');
    return { seeded: false };
  }
  log(
    `seed: ${CATEGORIES.length} categories, ${COLORS.length} colours, ${DELIVERY_ZONES.length} delivery zones` +
      (demo
        ? `, ${PRODUCTS.length} demo products, ${DEMO_CUSTOMERS.length} demo customers (password "${DEMO_PASSWORD}")`
        : ', no demo content') +
      ` in ${Date.now() - started} ms`,
  );
  return { seeded: true };
}

/** The demo products: rows, translations, pictures, search text and colours (`subId`: subcategory ids by `category:key`). */
async function insertDemoProducts(
  tx: Tx,
  subId: Map<string, number>,
  productImagesByIndex: Map<number, ProcessedImage[]>,
  now: number,
): Promise<void> {
  const insertedProducts = await tx
    .insert(products)
    .values(
      PRODUCTS.map((p, i) => {
        const sub = subId.get(`${p.category}:${p.sub}`);
        if (sub === undefined) throw new Error(`Unknown subcategory ${p.sub} for product ${p.fr.name}`);
        return {
          name: p.fr.name,
          description: p.fr.description,
          priceCents: toCents(p.price),
          discount: p.discount ?? 0,
          stock: p.stock,
          categoryId: p.category,
          subcategoryId: sub,
          isFeatured: p.featured ?? false,
          isExtra: p.extra ?? false,
          tags: p.fr.tags,
          sortOrder: i + 1,
          // Spread over the last four months so "newest" has something to sort.
          createdAt: new Date(now - ((i * 37) % 120) * 86_400_000 - i * 60_000),
        };
      }),
    )
    .returning({ id: products.id, sortOrder: products.sortOrder });
  const productId = new Map(insertedProducts.map((r) => [r.sortOrder - 1, r.id]));

  await tx.insert(productTranslations).values(
    PRODUCTS.flatMap((p, i) =>
      LOCALES.map((locale) => ({
        productId: productId.get(i)!,
        locale,
        name: p[locale].name,
        description: p[locale].description,
        tags: p[locale].tags,
      })),
    ),
  );
  const colourId = new Map(COLORS.map((c) => [c.slug, c.id]));
  await tx.insert(productImages).values(
    PRODUCTS.flatMap((p, i) =>
      (productImagesByIndex.get(i) ?? []).map((img, sortOrder) => {
        const shown = shownColour(p.art, p.colors, sortOrder);
        return {
          productId: productId.get(i)!,
          key: img.key,
          widths: img.widths,
          width: img.width,
          height: img.height,
          sortOrder,
          colorId: shown === null ? null : colourId.get(shown)!,
        };
      }),
    ),
  );
  // Search columns (names, tags, descriptions of every language: search-keys.ts).
  await refreshSearchText(tx, [...productId.values()]);
  const colorRows = PRODUCTS.flatMap((p, i) =>
    p.colors.map((slug, sortOrder) => ({ productId: productId.get(i)!, colorId: colorId.get(slug)!, sortOrder })),
  );
  if (colorRows.length > 0) await tx.insert(productColors).values(colorRows);
  // Every bouquet in three sizes: Classique at its price, Généreux and Prestige higher.
  const sizeRows = PRODUCTS.flatMap((p, i) =>
    p.category === 1
      ? BOUQUET_SIZES.map((z, sortOrder) => ({
          productId: productId.get(i)!,
          names: { fr: z.fr, en: z.en, ar: z.ar },
          priceCents: toCents(Math.round((p.price * z.factor) / 10) * 10),
          sortOrder,
        }))
      : [],
  );
  if (sizeRows.length > 0) await tx.insert(productSizes).values(sizeRows);
  await insertDemoOccasions(tx, productId, productImagesByIndex, now);
}

/** The demo occasions and the products each holds (occasions-data.ts). */
async function insertDemoOccasions(
  tx: Tx,
  productId: Map<number, number>,
  productImagesByIndex: Map<number, ProcessedImage[]>,
  now: number,
): Promise<void> {
  const today = shopClock(new Date(now)).date;
  const inserted = await tx
    .insert(occasions)
    .values(
      OCCASIONS.map((o, i) => {
        const window = nextWindow(o, today);
        // Its picture: the first product it holds.
        const first = PRODUCTS.findIndex((p) => o.holds(p));
        const picture = productImagesByIndex.get(first)?.[0];
        return {
          imagePath: picture ? cardUrl(picture) : null,
          nameFr: o.fr,
          nameEn: o.en,
          nameAr: o.ar,
          slugFr: o.slugs.fr,
          slugEn: o.slugs.en,
          slugAr: o.slugs.ar,
          sortOrder: i + 1,
          highlightFrom: window?.[0] ?? null,
          highlightTo: window?.[1] ?? null,
        };
      }),
    )
    .returning({ id: occasions.id, sortOrder: occasions.sortOrder });
  const occasionId = new Map(inserted.map((r) => [r.sortOrder - 1, r.id]));
  const rows = OCCASIONS.flatMap((o, oi) =>
    PRODUCTS.flatMap((p, pi) => (o.holds(p) ? [{ productId: productId.get(pi)!, occasionId: occasionId.get(oi)! }] : [])),
  );
  if (rows.length > 0) await tx.insert(productOccasions).values(rows);
}

/** The demo coupons, customers (with their password hashes, in DEMO_CUSTOMERS' order) and testimonials. */
async function insertDemoCouponsAndCustomers(tx: Tx, passwordHashes: string[], now: number): Promise<void> {
  await tx
    .insert(coupons)
    .values(
      COUPONS.map((c) => ({
        code: c.code,
        type: c.type,
        value: c.type === 'fixed' ? toCents(c.value) : c.value,
        minSubtotalCents: toCents(c.minSubtotal),
        isActive: true,
      })),
    )
    .onConflictDoNothing();

  const customers = await tx
    .insert(users)
    .values(
      DEMO_CUSTOMERS.map((u, i) => ({
        name: u.name,
        email: u.email.toLowerCase(),
        phone: u.phone,
        address: u.address,
        role: 'customer',
        passwordHash: passwordHashes[i],
        emailVerifiedAt: new Date(now),
        language: u.language,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  const customerId = new Map(customers.map((c) => [c.email, c.id]));
  await tx.insert(testimonials).values(
    TESTIMONIALS.map(([who, rating, content, confirmed], i) => ({
      userId: customerId.get(DEMO_CUSTOMERS[who].email.toLowerCase()) ?? null,
      authorName: DEMO_CUSTOMERS[who].name,
      content,
      rating,
      isConfirmed: confirmed,
      createdAt: new Date(now - (TESTIMONIALS.length - i) * 5 * 86_400_000),
    })),
  );
}
