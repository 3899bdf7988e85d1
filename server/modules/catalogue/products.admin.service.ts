/**
 * The back office's products: the paged list (filters and paging in SQL), one product with its
 * three languages for the form, create, update and delete. A product that appears in orders is
 * archived instead of deleted (hidden from every storefront answer, order lines intact).
 * Storefront caches are cleared by read/cache-invalidation.ts after every successful admin write.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { PRICE_BANDS, SEARCH_MAX_WORDS, type Locale } from '../../../shared/constants.js';
import { fromCents, toCents } from '../../../shared/money.js';
import type { AdminProduct, AdminProductPage, AdminProductsQuery, ProductForm } from '../../../shared/schemas/catalogue-admin.js';
import { pageMeta } from '../../../shared/schemas/common.js';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  categories,
  colors,
  occasions,
  orderItems,
  productColors,
  productImages,
  productOccasions,
  products,
  productSizes,
  subcategories,
} from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { imageUrl, imageUrls, type ProcessedImage } from '../../lib/images.js';
import { catalogueAdminMessages as m } from './catalogue-admin.messages.js';
import { fieldError, found, readTranslations, saveTranslations } from './admin-forms.js';
import { productTextJoins } from './read/cards.js';
import { refreshSearchText } from './read/search-index.js';
import { queryWords } from './search-keys.js';
import { sqlRows } from '../../db/sql-rows.js';

interface ImageRef {
  key: string;
  widths: number[];
}
const smallest = (img: ImageRef) => imageUrl(img.key, [...img.widths].sort((a, b) => a - b)[0] ?? 320);
const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

// ---------------------------------------------------------------- list

function listWhere(q: AdminProductsQuery): SQL {
  const parts: SQL[] = [q.status === 'archived' ? sql`p.archived_at is not null` : sql`p.archived_at is null`];
  if (q.category_id !== undefined) parts.push(sql`p.category_id = ${q.category_id}`);
  const band = PRICE_BANDS.find((b) => b.id === q.price);
  if (band?.min !== undefined) parts.push(sql`p.final_price_cents >= ${toCents(band.min)}`);
  if (band?.max !== undefined) parts.push(sql`p.final_price_cents < ${toCents(band.max)}`);
  if (q.price === 'under_30') parts.push(sql`p.final_price_cents < ${toCents(30)}`);
  if (q.price === '30_60') parts.push(sql`p.final_price_cents between ${toCents(30)} and ${toCents(60)}`);
  if (q.price === 'over_60') parts.push(sql`p.final_price_cents > ${toCents(60)}`);
  if (q.stock === 'in') parts.push(sql`p.stock > 0`);
  if (q.stock === 'out') parts.push(sql`p.stock <= 0`);
  for (const { word } of queryWords(q.search ?? '', SEARCH_MAX_WORDS))
    parts.push(sql`p.search_text like ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  return sql.join(parts, sql` and `);
}

interface ListRow {
  id: number;
  name: string;
  category_id: number;
  category_name: string;
  subcategory_id: number | null;
  subcategory_name: string | null;
  price_cents: number;
  discount: number;
  final_price_cents: number;
  stock: number;
  is_featured: boolean;
  sort_order: number;
  archived: boolean;
  image: ImageRef | string | null;
  colors: { id: number; name: string; hex_code: string }[] | string;
  sizes: { id: number; name: string; price_cents: number }[] | string;
}

export async function listAdminProducts(db: DbOrTx, locale: Locale, q: AdminProductsQuery): Promise<AdminProductPage> {
  const where = listWhere(q);
  const [countRow] = await sqlRows<{ n: number | string }>(db, sql`select count(*)::int as n from products p where ${where}`);
  const found = await sqlRows<ListRow>(
    db,
    sql`select p.id, coalesce(pt.name, p.name) as name, p.category_id, coalesce(ct.name, c.name) as category_name,
          p.subcategory_id, coalesce(st.name, s.name) as subcategory_name, p.price_cents, p.discount, p.final_price_cents,
          p.stock, p.is_featured, p.sort_order, p.archived_at is not null as archived,
          (select json_build_object('key', i.key, 'widths', i.widths) from product_images i
            where i.product_id = p.id order by i.sort_order, i.id limit 1) as image,
          coalesce((select json_agg(json_build_object('id', k.id, 'name', coalesce(kt.name, k.name), 'hex_code', k.hex_code)
                      order by pc.sort_order, k.sort_order, k.id)
                    from product_colors pc join colors k on k.id = pc.color_id
                    left join color_translations kt on kt.color_id = k.id and kt.locale = ${locale}
                    where pc.product_id = p.id), '[]'::json) as colors,
          coalesce((select json_agg(json_build_object('id', z.id, 'name', coalesce(z.names ->> ${locale}::text, z.names ->> 'fr'),
                      'price_cents', (z.price_cents * (100 - p.discount) + 50) / 100) order by z.sort_order, z.id)
                    from product_sizes z where z.product_id = p.id), '[]'::json) as sizes
        from products p
        ${productTextJoins(locale)}
        where ${where}
        order by ${q.sort === 'position' ? sql`p.sort_order, p.id` : sql`p.id desc`}
        limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
  );
  const data = found.map((r) => {
    const image = r.image === null ? null : parse(r.image);
    return {
      id: Number(r.id),
      name: r.name,
      category: { id: Number(r.category_id), name: r.category_name },
      subcategory: r.subcategory_id === null ? null : { id: Number(r.subcategory_id), name: r.subcategory_name ?? '' },
      price: fromCents(r.price_cents),
      discount: r.discount,
      final_price: fromCents(r.final_price_cents),
      stock: r.stock,
      is_featured: r.is_featured,
      image_path: image ? smallest(image) : null,
      colors: parse(r.colors),
      sizes: parse(r.sizes).map((z) => ({ id: Number(z.id), name: z.name, final_price: fromCents(Number(z.price_cents)) })),
      sort_order: r.sort_order,
      archived: Boolean(r.archived),
    };
  });
  return { data, meta: pageMeta(q.page, q.per_page, Number(countRow?.n ?? 0)) };
}

// ---------------------------------------------------------------- one product

export async function getAdminProduct(db: DbOrTx, id: number): Promise<AdminProduct> {
  const [p] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.archivedAt)));
  const product = found(p, m.productNotFound);
  const [texts, colorRows, images, sizeRows] = await Promise.all([
    readTranslations(db, 'product_translations', id),
    db.select({ id: productColors.colorId }).from(productColors).where(eq(productColors.productId, id)).orderBy(productColors.sortOrder),
    db.select().from(productImages).where(eq(productImages.productId, id)).orderBy(productImages.sortOrder, productImages.id),
    db.select().from(productSizes).where(eq(productSizes.productId, id)).orderBy(productSizes.sortOrder, productSizes.id),
  ]);
  const occasionRows = await db
    .select({ id: productOccasions.occasionId })
    .from(productOccasions)
    .where(eq(productOccasions.productId, id))
    .orderBy(productOccasions.occasionId);
  const text = (locale: 'en' | 'ar') => ({
    name: texts.get(locale)?.name ?? '',
    description: texts.get(locale)?.description ?? '',
    tags: texts.get(locale)?.tags ?? '',
  });
  const pictures = images.map((img) => ({ id: img.id, image_path: smallest(img), url: imageUrls(img.key, img.widths).url }));
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    tags: product.tags,
    category_id: product.categoryId,
    subcategory_id: product.subcategoryId,
    price: fromCents(product.priceCents),
    stock: product.stock,
    discount: product.discount,
    is_featured: product.isFeatured,
    is_extra: product.isExtra,
    sold_alone: product.soldAlone,
    sizes: sizeRows.map((z) => ({
      id: z.id,
      name: z.names.fr,
      name_en: z.names.en,
      name_ar: z.names.ar,
      price: fromCents(z.priceCents),
      image_id: z.imageId,
    })),
    sort_order: product.sortOrder,
    translations: { en: text('en'), ar: text('ar') },
    color_ids: colorRows.map((c) => c.id),
    occasion_ids: occasionRows.map((o) => o.id),
    images: pictures,
    image_path: pictures[0]?.image_path ?? null,
    image_url: pictures[0]?.url ?? null,
  };
}

// ---------------------------------------------------------------- writes

/** Checks that the category, the subcategory (inside it) and the colours exist. */
async function checkReferences(tx: DbOrTx, form: ProductForm): Promise<void> {
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, form.category_id));
  if (!category) throw fieldError('category_id', m.unknownCategory);
  if (form.subcategory_id !== null) {
    const [sub] = await tx
      .select({ categoryId: subcategories.categoryId })
      .from(subcategories)
      .where(eq(subcategories.id, form.subcategory_id));
    if (!sub || sub.categoryId !== form.category_id) throw fieldError('subcategory_id', m.subcategoryOutsideCategory);
  }
  const wanted = [...new Set(form.color_ids)];
  if (wanted.length > 0) {
    const known = await tx.select({ id: colors.id }).from(colors).where(inArray(colors.id, wanted));
    if (known.length !== wanted.length) throw fieldError('color_ids', m.unknownColor);
  }
  const occasionIds = [...new Set(form.occasion_ids ?? [])];
  if (occasionIds.length > 0) {
    const known = await tx.select({ id: occasions.id }).from(occasions).where(inArray(occasions.id, occasionIds));
    if (known.length !== occasionIds.length) throw fieldError('occasion_ids', m.unknownOccasion);
  }
}

function baseValues(form: ProductForm) {
  return {
    name: form.name,
    description: form.description,
    priceCents: toCents(form.price),
    discount: form.discount,
    stock: form.stock,
    categoryId: form.category_id,
    subcategoryId: form.subcategory_id,
    isFeatured: form.is_featured,
    isExtra: form.is_extra,
    soldAlone: form.sold_alone,
    tags: form.tags,
  };
}

/**
 * Replaces the product's sizes with the form's, in the form's order, when the form sends them: a size
 * with its id keeps it (cart lines in it stay), one without is new, one left out is removed (its
 * cart lines with it; order lines keep its name). A size's picture must be one of the product's.
 */
async function writeSizes(tx: DbOrTx, id: number, form: ProductForm): Promise<void> {
  if (form.sizes === undefined) return;
  const existing = await tx.select({ id: productSizes.id }).from(productSizes).where(eq(productSizes.productId, id));
  const own = new Set(existing.map((e) => e.id));
  const pictures = new Set(
    (await tx.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, id))).map((r) => r.id),
  );
  for (const [i, size] of form.sizes.entries()) {
    if (size.id != null && !own.has(size.id)) throw fieldError(`sizes.${i}.id`, m.unknownSize);
    if (size.image_id != null && !pictures.has(size.image_id)) throw fieldError(`sizes.${i}.image_id`, m.unknownImage);
  }
  const kept = form.sizes.flatMap((z) => (z.id != null ? [z.id] : []));
  const gone = existing.filter((e) => !kept.includes(e.id)).map((e) => e.id);
  if (gone.length > 0) await tx.delete(productSizes).where(inArray(productSizes.id, gone));
  for (const [sortOrder, size] of form.sizes.entries()) {
    const values = {
      names: { fr: size.name, en: size.name_en || size.name, ar: size.name_ar || size.name },
      priceCents: toCents(size.price),
      imageId: size.image_id ?? null,
      sortOrder,
    };
    if (size.id != null) await tx.update(productSizes).set(values).where(eq(productSizes.id, size.id));
    else await tx.insert(productSizes).values({ productId: id, ...values });
  }
}

async function writeDetails(tx: DbOrTx, id: number, form: ProductForm): Promise<void> {
  await saveTranslations(tx, 'product_translations', id, {
    fr: { name: form.name, description: form.description, tags: form.tags },
    en: form.name_en ? { name: form.name_en, description: form.description_en ?? null, tags: form.tags_en ?? null } : undefined,
    ar: form.name_ar ? { name: form.name_ar, description: form.description_ar ?? null, tags: form.tags_ar ?? null } : undefined,
  });
  await tx.delete(productColors).where(eq(productColors.productId, id));
  const colorIds = [...new Set(form.color_ids)];
  if (colorIds.length > 0)
    await tx.insert(productColors).values(colorIds.map((colorId, sortOrder) => ({ productId: id, colorId, sortOrder })));
  // Occasions not sent are kept (a client that does not know them); sent, they replace the product's.
  if (form.occasion_ids !== undefined) {
    await tx.delete(productOccasions).where(eq(productOccasions.productId, id));
    const occasionIds = [...new Set(form.occasion_ids)];
    if (occasionIds.length > 0) await tx.insert(productOccasions).values(occasionIds.map((occasionId) => ({ productId: id, occasionId })));
  }
}

const pictureRow = (productId: number, img: ProcessedImage, sortOrder: number) => ({
  productId,
  key: img.key,
  widths: img.widths,
  width: img.width,
  height: img.height,
  sortOrder,
});

export async function createProduct(db: Db, form: ProductForm, pictures: readonly ProcessedImage[]): Promise<number> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, form);
    // A new product goes to the end of the shop's order.
    const [inserted] = await tx
      .insert(products)
      .values({
        ...baseValues(form),
        sortOrder: sql`(select coalesce(max(sort_order), 0) + 1 from products where archived_at is null)`,
      })
      .returning({ id: products.id });
    const id = inserted!.id;
    await writeDetails(tx, id, form);
    if (pictures.length > 0) await tx.insert(productImages).values(pictures.map((img, i) => pictureRow(id, img, i)));
    await writeSizes(tx, id, form);
    await refreshSearchText(tx, [id]);
    return id;
  });
}

/** The pictures after an edit, in order: kept ids and new files, by `image_order` or kept-then-new. */
function pictureOrder(form: ProductForm, existingIds: number[], newCount: number): ({ keep: number } | { add: number })[] {
  if (form.image_order && form.image_order.length > 0) {
    const out = form.image_order.map((token) =>
      token.startsWith('e') ? { keep: Number(token.slice(1)) } : { add: Number(token.slice(1)) },
    );
    // New files the order forgot still belong to the product, at the end.
    for (let i = 0; i < newCount; i++) if (!out.some((o) => 'add' in o && o.add === i)) out.push({ add: i });
    return out.filter((o) => !('add' in o) || (o.add ?? 0) < newCount);
  }
  const kept = form.keep_image_ids ?? existingIds;
  return [...kept.map((keep) => ({ keep })), ...Array.from({ length: newCount }, (_, add) => ({ add }))];
}

export interface UpdateResult {
  before: AdminProduct;
  removedPictures: ImageRef[];
}

export async function updateProduct(
  db: Db,
  id: number,
  form: ProductForm,
  pictures: readonly ProcessedImage[],
  maxPictures: number,
): Promise<UpdateResult> {
  return db.transaction(async (tx) => {
    const before = await getAdminProduct(tx, id);
    await tx.execute(sql`select id from products where id = ${id} for update`);
    await checkReferences(tx, form);
    await tx
      .update(products)
      .set({ ...baseValues(form), updatedAt: new Date() })
      .where(eq(products.id, id));
    await writeDetails(tx, id, form);

    const existing = await tx.select().from(productImages).where(eq(productImages.productId, id));
    const order = pictureOrder(
      form,
      before.images.map((img) => img.id),
      pictures.length,
    );
    const keptIds = order.flatMap((o) => ('keep' in o ? [o.keep] : []));
    if (keptIds.some((k) => !existing.some((e) => e.id === k))) throw fieldError('image_order', m.unknownImage);
    if (order.length > maxPictures) throw new AppError(422, m.tooManyImages, { max: maxPictures });
    const removed = existing.filter((e) => !keptIds.includes(e.id));
    if (removed.length > 0)
      await tx.delete(productImages).where(
        inArray(
          productImages.id,
          removed.map((r) => r.id),
        ),
      );
    for (const [position, entry] of order.entries()) {
      if ('keep' in entry) await tx.update(productImages).set({ sortOrder: position }).where(eq(productImages.id, entry.keep));
      else await tx.insert(productImages).values(pictureRow(id, pictures[entry.add]!, position));
    }
    await writeSizes(tx, id, form);
    await refreshSearchText(tx, [id]);
    return { before, removedPictures: removed };
  });
}

/**
 * Brings an archived product back at the end of the shop's order, with the stock it had when it was
 * archived (archiving set it to 0 and kept it aside), so it is on sale again as it was.
 */
export async function restoreProduct(
  db: Db,
  id: number,
): Promise<{ before: { archived_at: string }; after: AdminProduct } | 'missing' | 'not_archived'> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ archivedAt: products.archivedAt }).from(products).where(eq(products.id, id)).for('update');
    if (!row) return 'missing';
    if (!row.archivedAt) return 'not_archived';
    await tx
      .update(products)
      .set({
        archivedAt: null,
        stock: sql`coalesce(${products.archivedStock}, 0)`,
        archivedStock: null,
        updatedAt: new Date(),
        sortOrder: sql`(select coalesce(max(sort_order), 0) + 1 from products where archived_at is null)`,
      })
      .where(eq(products.id, id));
    return { before: { archived_at: row.archivedAt.toISOString() }, after: await getAdminProduct(tx, id) };
  });
}

export interface DeleteResult {
  archived: boolean;
  before: AdminProduct;
  removedPictures: ImageRef[];
}

/**
 * Deletes a product, or archives it when an order line points at it (so order
 * history stays intact). An archived product also gets stock 0, so a cart still holding it cannot
 * check it out; its units are kept aside for a restore.
 */
export async function deleteProduct(db: Db, id: number): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    const before = await getAdminProduct(tx, id);
    const [inOrders] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)).limit(1);
    if (inOrders) {
      await tx
        .update(products)
        .set({ archivedAt: new Date(), archivedStock: sql`${products.stock}`, stock: 0, isFeatured: false, updatedAt: new Date() })
        .where(eq(products.id, id));
      return { archived: true, before, removedPictures: [] };
    }
    const pictures = await tx
      .select({ key: productImages.key, widths: productImages.widths })
      .from(productImages)
      .where(eq(productImages.productId, id));
    await tx.delete(products).where(eq(products.id, id));
    return { archived: false, before, removedPictures: pictures };
  });
}
