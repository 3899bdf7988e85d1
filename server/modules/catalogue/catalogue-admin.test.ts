/**
 * Back-office catalogue API: products (multipart with pictures checked by content, archive instead
 * of delete, reorder), categories, subcategories and colours; every write is read back through the
 * storefront's own answers at once.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, colors, orderItems, orders, products, subcategories } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { userWithSession, type TestUser } from '../../test/users.js';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await userWithSession(ctx.db, 'admin');
  await ctx.db.insert(categories).values([
    { id: 1, name: 'Bouquets', description: 'Bouquets frais', sortOrder: 1 },
    { id: 2, name: 'Plantes', description: 'Plantes vertes', sortOrder: 2 },
  ]);
  await ctx.db.insert(subcategories).values([{ id: 10, categoryId: 1, name: 'Roses', sortOrder: 1 }]);
  await ctx.db.insert(colors).values([
    { id: 1, name: 'Rouge', hexCode: '#E53935', slug: 'rouge', sortOrder: 1 },
    { id: 2, name: 'Blanc', hexCode: '#FFFFFF', slug: 'blanc', sortOrder: 2 },
    { id: 3, name: 'Rose', hexCode: '#F48FB1', slug: 'rose', sortOrder: 3 },
  ]);
  // The rows above took their ids by hand: move the sequences past them.
  for (const table of ['categories', 'subcategories', 'colors']) {
    await ctx.db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), 100)`);
  }
});
afterAll(async () => {
  await ctx.close();
});

type Field = string | number | { file: Buffer; name: string; type?: string };

/** A multipart request as a browser's FormData would send it. */
async function send(method: 'POST' | 'PUT', url: string, fields: [string, Field][], lang = 'en') {
  const form = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === 'object')
      form.append(name, new Blob([new Uint8Array(value.file)], { type: value.type ?? 'image/png' }), value.name);
    else form.append(name, String(value));
  }
  const request = new Request('http://local/', { method: 'POST', body: form });
  return ctx.app.inject({
    method,
    url,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${admin.token}`, 'accept-language': lang },
  });
}

const json = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, lang = 'en') =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${admin.token}`, 'accept-language': lang } });
const shop = (url: string, lang = 'fr') => ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

const png = (width: number, height: number, color = '#c2185b') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

const productFields = (overrides: Record<string, Field> = {}): [string, Field][] =>
  Object.entries({
    name: 'Bouquet du test',
    description: 'Des roses fraîches',
    category_id: 1,
    subcategory_id: 10,
    price: '45.50',
    stock: 7,
    is_featured: '1',
    discount: 10,
    tags: 'roses, amour',
    name_en: 'Test bouquet',
    name_ar: 'باقة الاختبار',
    ...overrides,
  });

async function createProduct(overrides: Record<string, Field> = {}, extra: [string, Field][] = []): Promise<number> {
  const res = await send('POST', '/api/admin/products/new', [...productFields(overrides), ...extra]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('products', () => {
  let id: number;
  /** The units the archived product had, which a restore gives back. */
  let stockWhenArchived: number;

  it('creates a product with pictures and colours, seen in the shop at once in every language', async () => {
    // Read the shop first so its cache holds the old answer.
    expect((await shop('/api/products')).json().meta.total).toBe(0);
    const res = await send('POST', '/api/admin/products/new', [
      ...productFields(),
      ['color_ids[]', 1],
      ['color_ids[]', 2],
      ['color_ids[]', 3],
      ['images[]', { file: await png(1200, 900), name: 'a.png' }],
      [
        'images[]',
        {
          file: await sharp({ create: { width: 800, height: 800, channels: 3, background: '#fff' } })
            .jpeg()
            .toBuffer(),
          name: 'b.jpg',
          type: 'image/jpeg',
        },
      ],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Product created successfully.');
    id = body.id;
    expect(body.product).toMatchObject({
      price: 45.5,
      discount: 10,
      stock: 7,
      is_featured: true,
      color_ids: [1, 2, 3],
      subcategory_id: 10,
    });
    expect(body.product.images).toHaveLength(2);
    expect(body.product.images[0].url).toMatch(/^\/uploads\/products\/.+\.webp$/);

    const list = (await shop('/api/products')).json();
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id, name: 'Bouquet du test', final_price: 40.95 });
    expect(list.data[0].colors.map((c: { id: number }) => c.id)).toEqual([1, 2, 3]);
    expect((await shop(`/api/product/${id}`, 'en')).json().name).toBe('Test bouquet');
    expect((await shop(`/api/product/${id}`, 'ar')).json().name).toBe('باقة الاختبار');
    expect((await shop('/api/products?search=bouquet%20test')).json().data).toHaveLength(1);

    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'product.create'));
    expect(row?.entityId).toBe(String(id));
  });

  it('answers the form with its three languages, and "Product not found." for a bad id', async () => {
    const res = await json('GET', `/api/admin/products/edit/${id}`);
    expect(res.json()).toMatchObject({
      name: 'Bouquet du test',
      translations: { en: { name: 'Test bouquet' }, ar: { name: 'باقة الاختبار' } },
    });
    const missing = await json('GET', '/api/admin/products/edit/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Product not found.');
  });

  it('refuses missing fields, a zero price, a discount over 100, in the reader’s language', async () => {
    const missing = await send('POST', '/api/admin/products/new', [
      ['price', '10'],
      ['stock', '1'],
    ]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('Name, description, category, and price are required.');
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['name', 'description', 'category_id']));
    const zero = await send('POST', '/api/admin/products/new', productFields({ price: '0' }));
    expect(zero.json().errors.price).toEqual(['Enter a price above 0 with at most two decimals.']);
    const discount = await send('POST', '/api/admin/products/new', productFields({ discount: 150 }), 'fr');
    expect(discount.json().errors.discount).toEqual(['La remise doit être comprise entre 0 et 100.']);
    const badSub = await send('POST', '/api/admin/products/new', productFields({ category_id: 2 }));
    expect(badSub.json().errors.subcategory_id).toEqual(['This subcategory does not belong to the chosen category.']);
  });

  it('checks pictures by content: SVG and text named .png are refused, over 2 MB is 413, 30 megapixels refused fast', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const asSvg = await send('POST', '/api/admin/products/new', [
      ...productFields(),
      ['images[]', { file: svg, name: 'x.svg', type: 'image/svg+xml' }],
    ]);
    expect(asSvg.statusCode).toBe(422);
    expect(asSvg.json().message).toBe('Please select only image files.');
    const text = await send('POST', '/api/admin/products/new', [
      ...productFields(),
      ['images[]', { file: Buffer.from('hello, not a picture'), name: 'x.png' }],
    ]);
    expect(text.statusCode).toBe(422);
    const big = await send('POST', '/api/admin/products/new', [
      ...productFields(),
      ['images[]', { file: Buffer.alloc(2 * 1024 * 1024 + 10, 1), name: 'big.png' }],
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/^Image files are too large/);

    const huge = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    const started = performance.now();
    const bomb = await send('POST', '/api/admin/products/new', [...productFields(), ['images[]', { file: huge, name: 'huge.png' }]]);
    const took = performance.now() - started;
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json().message).toBe('The image "huge.png" is too large (over 25 megapixels). Please choose a smaller image.');
    // Decoding and re-encoding 30 megapixels takes about 10 s on this machine; only the header is read.
    expect(took).toBeLessThan(2000);
    // Nothing was written by the refused requests.
    expect(await ctx.db.select({ id: products.id }).from(products)).toHaveLength(1);
  });

  it('edits with POST ?_method=PUT and a discount variant; the shop shows the new price at once', async () => {
    expect((await shop(`/api/product/${id}`)).json().final_price).toBe(40.95);
    const before = (await json('GET', `/api/admin/products/edit/${id}`)).json();
    const res = await send('POST', `/api/admin/products/edit/${id}?_method=PUT`, [
      ...productFields({ price: '60', discount: '' }),
      ['discount_percentage', '25'],
      ['discount_decimal', '0.25'],
      ['color_ids[]', 3],
      ['keep_image_ids[]', before.images[1].id],
      ['images[]', { file: await png(500, 500, '#00ff00'), name: 'c.png' }],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ price: 60, discount: 25, color_ids: [3] });
    expect(res.json().product.images.map((i: { id: number }) => i.id)[0]).toBe(before.images[1].id);
    expect(res.json().product.images).toHaveLength(2);
    const seen = (await shop(`/api/product/${id}`)).json();
    expect(seen.final_price).toBe(45);
    expect(seen.colors.map((c: { id: number }) => c.id)).toEqual([3]);
  });

  it('lists with search, category, price band and stock filters, 20 a page and newest first by default, paged in SQL', async () => {
    for (let i = 0; i < 6; i++)
      await createProduct({
        name: `Plante ${i}`,
        name_en: '',
        name_ar: '',
        category_id: 2,
        subcategory_id: '',
        price: 20 + i * 10,
        discount: 0,
        stock: i % 2,
      });
    const page1 = (await json('GET', '/api/admin/products')).json();
    expect(page1.meta).toEqual({ page: 1, per_page: 20, total: 7, last_page: 1 });
    // The product just created comes first (new products go last in the shop's order).
    expect(page1.data.map((p: { name: string }) => p.name).slice(0, 2)).toEqual(['Plante 5', 'Plante 4']);
    expect((await json('GET', '/api/admin/products?sort=position')).json().data[0].id).toBe(id);
    expect((await json('GET', '/api/admin/products?per_page=5&page=2')).json().data).toHaveLength(2);
    expect((await json('GET', '/api/admin/products?sort=price')).statusCode).toBe(422);
    expect((await json('GET', '/api/admin/products?category_id=2')).json().meta.total).toBe(6);
    expect((await json('GET', '/api/admin/products?search=plante%203')).json().data.map((p: { name: string }) => p.name)).toEqual([
      'Plante 3',
    ]);
    const prices = async (band: string) =>
      (await json('GET', `/api/admin/products?price=${band}&category_id=2&sort=position`))
        .json()
        .data.map((p: { final_price: number }) => p.final_price);
    expect(await prices('under_30')).toEqual([20]);
    expect(await prices('30_60')).toEqual([30, 40, 50, 60]);
    expect(await prices('over_60')).toEqual([70]);
    expect((await json('GET', '/api/admin/products?stock=out&category_id=2')).json().meta.total).toBe(3);
    expect((await json('GET', '/api/admin/products?stock=in')).json().meta.total).toBe(4);
    expect((await json('GET', '/api/admin/products?price=cheap')).statusCode).toBe(422);
    // The shop's own bands, which fit bouquets (min inclusive, max exclusive, on the discounted price).
    for (const [i, price] of [150, 299.99, 300, 499, 500, 1000, 1500].entries()) {
      await createProduct({
        name: `Bouquet ${i}`,
        name_en: '',
        name_ar: '',
        category_id: 2,
        subcategory_id: '',
        price,
        discount: 0,
        stock: 1,
      });
    }
    const sorted = async (band: string) => (await prices(`${band}&per_page=20`)).sort((a: number, b: number) => a - b);
    expect(await sorted('under-300')).toEqual([20, 30, 40, 50, 60, 70, 150, 299.99]);
    expect(await sorted('300-500')).toEqual([300, 499]);
    expect(await sorted('500-1000')).toEqual([500]);
    expect(await sorted('over-1000')).toEqual([1000, 1500]);
  });

  it('reorders: the whole list, then a swap; the shop’s default order follows', async () => {
    const current = (await json('GET', '/api/admin/products/reorder')).json().data as { id: number; sort_order: number }[];
    expect(current[0]!.id).toBe(id);
    const moved = [...current.slice(1), current[0]!].map((p, i) => ({ id: p.id, sort_order: i + 1 }));
    const res = await json('POST', '/api/admin/products/reorder', { products: moved });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Product order saved successfully!');
    const shopIds = (await shop('/api/products?per_page=100')).json().data.map((p: { id: number }) => p.id);
    expect(shopIds).toEqual(moved.map((p) => p.id));
    expect(shopIds.at(-1)).toBe(id);

    const swap = await json('POST', '/api/admin/products/reorder/swap', { id, target_sort_order: 1 });
    expect(swap.statusCode).toBe(200);
    const after = (await shop('/api/products?per_page=100')).json().data.map((p: { id: number }) => p.id);
    expect(after[0]).toBe(id);
    expect(after.at(-1)).toBe(moved[0]!.id);
    const positions = (await json('GET', '/api/admin/products/reorder')).json().data.map((p: { sort_order: number }) => p.sort_order);
    expect(positions).toEqual(positions.map((_: number, i: number) => i + 1));
    expect((await json('POST', '/api/admin/products/reorder', { products: [{ id: 999999, sort_order: 1 }] })).statusCode).toBe(409);
  });

  it('deletes a product nobody ordered, and archives one that is in orders (order lines intact)', async () => {
    const lonely = await createProduct({ name: 'Solitaire' });
    const del = await json('DELETE', `/api/admin/products/${lonely}`);
    expect(del.json()).toEqual({ message: 'Product deleted.', archived: false });
    expect(await ctx.db.select().from(products).where(eq(products.id, lonely))).toHaveLength(0);

    expect((await shop(`/api/product/${id}`)).statusCode).toBe(200);
    const [order] = await ctx.db
      .insert(orders)
      .values({
        customerName: 'x',
        customerEmail: 'x@example.test',
        customerPhone: '1',
        deliveryCity: 'Rabat',
        subtotalCents: 4500,
        totalCents: 4500,
        paymentMethod: 'cash_on_delivery',
      })
      .returning();
    await ctx.db.insert(orderItems).values({
      orderId: order!.id,
      productId: id,
      productName: 'Bouquet du test',
      quantity: 1,
      unitPriceCents: 4500,
      originalUnitPriceCents: 6000,
      discount: 25,
    });
    stockWhenArchived = (await json('GET', `/api/admin/products/edit/${id}`)).json().stock;
    expect(stockWhenArchived).toBeGreaterThan(0);
    const archived = await json('DELETE', `/api/admin/products/${id}`);
    expect(archived.statusCode).toBe(200);
    // No cart can check an archived product out.
    expect((await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock).toBe(0);
    expect(archived.json().archived).toBe(true);
    expect((await shop(`/api/product/${id}`)).statusCode).toBe(404);
    expect((await shop('/api/products?per_page=100')).json().data.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await json('GET', '/api/admin/products?per_page=100')).json().data.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await json('GET', `/api/admin/products/edit/${id}`)).statusCode).toBe(404);
    const [line] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(line).toMatchObject({ productId: id, productName: 'Bouquet du test' });
  });

  it('finds an archived product with status=archived and restores it, with an audit row', async () => {
    const listed = (await json('GET', '/api/admin/products?status=archived&per_page=100')).json();
    expect(listed.data.map((p: { id: number }) => p.id)).toContain(id);
    expect(listed.data.every((p: { archived: boolean }) => p.archived)).toBe(true);
    const restored = await json('POST', `/api/admin/products/${id}/restore`, undefined, 'fr');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().message).toMatch(/^Produit restauré/);
    expect(
      (await json('GET', '/api/admin/products?status=archived&per_page=100')).json().data.map((p: { id: number }) => p.id),
    ).not.toContain(id);
    expect((await json('GET', '/api/admin/products?per_page=100')).json().data.map((p: { id: number }) => p.id)).toContain(id);
    const back = await json('GET', `/api/admin/products/edit/${id}`);
    expect(back.statusCode).toBe(200);
    // On sale again with the units it had, not an empty shelf.
    expect(back.json().stock).toBe(stockWhenArchived);
    expect((await shop(`/api/product/${id}`)).json().stock).toBe(stockWhenArchived);
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'product.restore'));
    expect(row).toMatchObject({ entity: 'product', entityId: String(id) });
    // Not archived (any more), or unknown: refused with a message.
    expect((await json('POST', `/api/admin/products/${id}/restore`)).statusCode).toBe(409);
    expect((await json('POST', '/api/admin/products/999999/restore')).json()).toMatchObject({ message: 'Product not found.' });
  });

  it('stores tags typed with the Arabic comma as separate tags', async () => {
    const tagged = await createProduct({ name: 'Bouquet tagué', tags: 'ورد، أحمر،زفاف' });
    expect((await json('GET', `/api/admin/products/edit/${tagged}`)).json()).toMatchObject({ tags: 'ورد, أحمر, زفاف' });
  });
});

describe('categories and subcategories', () => {
  let categoryId: number;

  it('creates a category with a picture and three languages; the shop lists it', async () => {
    const res = await send('POST', '/api/admin/categories/new', [
      ['name', 'Mariage'],
      ['description', 'Fleurs de mariage'],
      ['name_en', 'Wedding'],
      ['name_ar', 'زفاف'],
      ['image', { file: await png(900, 600), name: 'm.png' }],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    categoryId = res.json().id;
    expect(res.json().category.image_path).toMatch(/^\/uploads\/categories\/.+-640\.webp$/);
    const names = (await shop('/api/categories', 'en')).json().map((c: { name: string }) => c.name);
    expect(names).toContain('Wedding');
  });

  it('says which field is missing, refuses SVG pictures and files over 5 MB', async () => {
    const empty = await send('POST', '/api/admin/categories/new', [['name', ' ']]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['The name field is required.'], description: ['The description field is required.'] });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const asSvg = await send('POST', '/api/admin/categories/new', [
      ['name', 'a'],
      ['description', 'b'],
      ['image', { file: svg, name: 'a.png' }],
    ]);
    expect(asSvg.json().message).toBe('Please select a valid image file (JPEG, PNG, or WebP).');
    const big = await send('POST', '/api/admin/categories/new', [
      ['name', 'a'],
      ['description', 'b'],
      ['image', { file: Buffer.alloc(5 * 1024 * 1024 + 1), name: 'a.png' }],
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Image file is too large. Please choose a smaller image (max 5MB).');
  });

  it('edits a category (PUT), shows it in the combined list with search, and "Category Not Found" for a bad id', async () => {
    const res = await send('PUT', `/api/admin/categories/edit/${categoryId}`, [
      ['name', 'Mariages'],
      ['description', 'Pour le grand jour'],
      ['name_en', 'Weddings'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().category.image_path).not.toBeNull();
    const found = (await json('GET', '/api/admin/categories?search=grand%20jour')).json();
    expect(found.data.map((c: { id: number }) => c.id)).toEqual([categoryId]);
    const combined = (await json('GET', '/api/admin/categories')).json();
    expect(combined.data.find((c: { id: number }) => c.id === 1).subcategories.map((s: { name: string }) => s.name)).toEqual(['Roses']);
    const missing = await json('GET', '/api/admin/categories/edit/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Category Not Found');
  });

  it('creates, lists, edits and deletes subcategories; the active flag decides what the shop shows', async () => {
    const bad = await send('POST', '/api/admin/subcategories/new', [['name', 'x']]);
    expect(bad.json().message).toBe('Please fill in all required fields');
    const res = await send('POST', '/api/admin/subcategories/new', [
      ['name', 'Bouquets de mariée'],
      ['description', 'Pour la mariée'],
      ['category_id', categoryId],
      ['is_active', '0'],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const subId = res.json().id;
    expect(res.json().subcategory.is_active).toBe(false);
    const put = await json('PUT', `/api/admin/subcategories/edit/${subId}`, {
      name: 'Bouquets de mariée',
      description: 'Pour la mariée',
      category_id: categoryId,
      is_active: 1,
      name_en: 'Bridal',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().message).toBe('Subcategory updated successfully!');
    const shopSubs = (await shop(`/api/categories/${categoryId}/subcategories`, 'en')).json();
    expect(shopSubs.map((s: { name: string; is_active: boolean }) => [s.name, s.is_active])).toEqual([['Bridal', true]]);
    expect((await json('GET', `/api/admin/subcategories?category_id=${categoryId}`)).json().meta.total).toBe(1);
    expect((await json('GET', `/api/admin/subcategories/edit/${subId}`)).json().translations.en.name).toBe('Bridal');
    expect((await json('GET', '/api/admin/subcategories/edit/999999')).json().message).toBe('Subcategory not found');

    await createProduct({ name: 'Bouquet de mariée', category_id: categoryId, subcategory_id: subId });
    const refused = await json('DELETE', `/api/admin/subcategories/${subId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This subcategory cannot be deleted: it still has products (1). Move them first.');
    const categoryRefused = await json('DELETE', `/api/admin/categories/${categoryId}`, undefined, 'fr');
    expect(categoryRefused.statusCode).toBe(409);
    expect(categoryRefused.json().message).toMatch(/^Impossible de supprimer cette catégorie : elle contient encore des produits \(1\)/);
  });

  it('deletes an empty category and its subcategories', async () => {
    const res = await send('POST', '/api/admin/categories/new', [
      ['name', 'Vide'],
      ['description', 'Rien'],
    ]);
    const id = res.json().id;
    await json('POST', '/api/admin/subcategories/new', { name: 'Sous', description: 'x', category_id: id });
    const del = await json('DELETE', `/api/admin/categories/${id}`);
    expect(del.statusCode).toBe(200);
    expect((await shop('/api/categories')).json().map((c: { id: number }) => c.id)).not.toContain(id);
    expect(await ctx.db.select().from(subcategories).where(eq(subcategories.categoryId, id))).toHaveLength(0);
  });
});

describe('colours', () => {
  it('creates a colour with a slug made from its name; checks the hex code; the shop’s filters list it', async () => {
    const bad = await json('POST', '/api/admin/colors/new', { name: 'Bleu nuit', hex_code: 'blue' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.hex_code).toEqual(['Please enter a valid hex color code (e.g., #FF0000)']);
    expect((await json('POST', '/api/admin/colors/new', { hex_code: '#000000' })).json().message).toBe(
      'Please fill in all required fields',
    );

    const res = await json('POST', '/api/admin/colors/new', {
      name: 'Bleu  Nuit!',
      hex_code: '#1a237e',
      sort_order: 9,
      name_en: 'Midnight blue',
    });
    expect(res.statusCode, res.body).toBe(201);
    const color = res.json().color;
    expect(color).toMatchObject({ slug: 'bleu-nuit', hex_code: '#1A237E', sort_order: 9, is_active: true });
    expect((await shop('/api/colors', 'en')).json().map((c: { name: string }) => c.name)).toContain('Midnight blue');
    expect((await json('POST', '/api/admin/colors/new', { name: 'Bleu nuit', hex_code: '#000000' })).json().errors.slug).toEqual([
      'This slug is already used by another color.',
    ]);

    const toggled = await json('PATCH', `/api/admin/colors/${color.id}/toggle`);
    expect(toggled.json().color.is_active).toBe(false);
    expect((await shop('/api/colors', 'en')).json().map((c: { id: number }) => c.id)).not.toContain(color.id);
    const updated = await json('PUT', `/api/admin/colors/${color.id}`, {
      name: 'Bleu nuit',
      hex_code: '#000080',
      slug: 'bleu-nuit',
      is_active: true,
    });
    expect(updated.json().color).toMatchObject({ hex_code: '#000080', is_active: true });
    expect((await json('GET', '/api/admin/colors')).json().data.map((c: { id: number }) => c.id)).toContain(color.id);
    expect((await json('DELETE', `/api/admin/colors/${color.id}`)).statusCode).toBe(200);
    expect((await json('DELETE', `/api/admin/colors/${color.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a colour products use (switch it off instead)', async () => {
    await createProduct({ name: 'Rouge passion' }, [['color_ids[]', 1]]);
    const res = await json('DELETE', '/api/admin/colors/1');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/switch it off instead/);
  });
});

describe('sizes and extras in the product form', () => {
  it('saves sizes in three languages with their prices, validates them like the product’s, and keeps their ids on edit', async () => {
    const bad = await send('POST', '/api/admin/products/new', [
      ...productFields(),
      ['sizes', JSON.stringify([{ name: 'Classique', price: '12.345' }])],
    ]);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).some((k) => k.startsWith('sizes'))).toBe(true);

    const id = await createProduct({}, [
      ['is_extra', '0'],
      [
        'sizes',
        JSON.stringify([
          { name: 'Classique', name_en: 'Classic', name_ar: 'كلاسيكي', price: '45.50' },
          { name: 'Prestige', name_ar: 'فاخر', price: '90' },
        ]),
      ],
    ]);
    const saved = (await json('GET', `/api/admin/products/edit/${id}`)).json();
    expect(saved.sizes).toMatchObject([
      { name: 'Classique', name_en: 'Classic', name_ar: 'كلاسيكي', price: 45.5 },
      { name: 'Prestige', name_en: 'Prestige', name_ar: 'فاخر', price: 90 },
    ]);
    const shown = (await shop(`/api/product/${id}`, 'ar')).json();
    // 10 % off each size.
    expect(shown.sizes.map((z: { name: string; price: number }) => [z.name, z.price])).toEqual([
      ['كلاسيكي', 40.95],
      ['فاخر', 81],
    ]);

    const prestigeId = saved.sizes[1].id;
    const edit = await send('POST', `/api/admin/products/edit/${id}`, [
      ...productFields({ is_extra: '1', sold_alone: '1' }),
      ['sizes', JSON.stringify([{ id: prestigeId, name: 'Prestige', price: '95' }])],
    ]);
    expect(edit.statusCode, edit.body).toBe(200);
    const after = (await json('GET', `/api/admin/products/edit/${id}`)).json();
    expect(after).toMatchObject({ is_extra: true, sold_alone: true, sizes: [{ id: prestigeId, price: 95 }] });
  });
});
