/**
 * Search over the demo catalogue (ids are its fixed order, server/seed/catalogue-data.ts): a table of
 * queries in French, English and Arabic with the products each must find (and some it must not),
 * plus ranking and the limits on a search term. Runs on PGlite, and on PostgreSQL in CI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../seed/seed.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { arabicSkeleton, arabicStem, deletions, wordKeys } from './search-keys.js';
import { seedLargeCatalogue } from '../../seed/large.js';
import { refreshSearchText, reindexStaleProducts } from './read/search-index.js';
import { invalidateCatalogueCache, setListStateGeneration, shareListState } from './read/cache.js';
import { SEARCH_TOTAL_CAP, setSearchTotalCap } from './read/search.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDatabase(ctx.db, { pictures: ctx.app.pictures });
}, 120_000);
afterAll(() => ctx?.close());

async function search(term: string, lang = 'fr'): Promise<number[]> {
  const res = await ctx.app.inject({
    url: `/api/products?per_page=100&search=${encodeURIComponent(term)}`,
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: number }[] }).data.map((p) => p.id);
}

const ROSES = [1, 2, 3, 4, 5, 6, 7, 20, 49, 56];
const SINGLE_ROSES = [24, 25, 26, 27, 28];

// [query, must find, must not find]
const TABLE: [string, number[], number[]][] = [
  // French: plurals, accents, typos of one letter in words of five letters or more
  ['roses', [...ROSES, ...SINGLE_ROSES], [61, 11]],
  ['rose', [...ROSES, ...SINGLE_ROSES], [61]],
  ['tulipe', [11, 29], [1]],
  ['tulipes', [11, 29], [1]],
  ['orchidees', [42, 58, 59, 60], [1]],
  ['Orchidées', [42, 58, 59, 60], [1]],
  ['pivoine', [12, 20, 40, 47], [1]],
  ['tulpie', [29], [1]], // swapped letters ("tulipe")
  ['tulpies', [11], [1]], // swapped letters ("tulipes")
  ['orchdée', [42, 58, 59, 60], [1]], // a letter missing
  ['lavende', [9, 48, 71], [1]], // a wrong letter
  ['tournesoll', [13, 31], [1]], // a letter too many
  ['roses rouges', [1, 2, 7], [3, 4, 6]],
  // English: stems
  ['peonies', [12, 20, 40, 47], [1]],
  ['lilies', [14, 41], [1]],
  ['sunflowers', [13, 31], [1]],
  ['orchid', [42, 58, 59, 60], [1]],
  // Arabic: plural "ورود" and singular "وردة" of "ورد", article, hamza and taa marbuta forms
  ['ورد', [...ROSES, ...SINGLE_ROSES], [61, 11]],
  ['وردة', [1, 2, 24, 25], [61]],
  ['ورود', [1, 24, 25, 26], [61]],
  ['الورود', [1, 3, 49], [61]],
  ['زهور', [8, 18, 50], [1]],
  ['أوركيد', [42, 58, 59, 60], [1]],
  ['اوركيد', [42, 58, 59, 60], [1]],
  ['أبيض', [4, 14, 58], [1]], // أبيض and بيضاء
  ['بيضاء', [4, 14, 58], [1]],
  ['ياسمبن', [21, 69], [1]], // a wrong letter
  ['توليب', [11, 29], [1]],
  ['وَرْدَة', [1, 24], [61]], // with harakat
];

describe('search finds what shoppers type, in three languages', () => {
  it.each(TABLE)('%s', async (term, mustFind, mustNotFind) => {
    const found = await search(term);
    expect(found).toEqual(expect.arrayContaining(mustFind));
    for (const id of mustNotFind) expect(found).not.toContain(id);
  });

  it('ranks a word in the name before the same word in tags only', async () => {
    const found = await search('lavande');
    expect(found.indexOf(48)).toBeLessThan(found.indexOf(9));
    expect(found.indexOf(71)).toBeLessThan(found.indexOf(9));
  });

  it('ranks a whole word of the name before part of a word', async () => {
    const found = await search('pot');
    const pothos = found.indexOf(64);
    expect(pothos).toBeGreaterThan(-1);
    for (const id of [58, 67, 69, 70, 71, 73]) expect(found.indexOf(id)).toBeLessThan(pothos);
  });

  it('answers in the same order whatever the language of the reader', async () => {
    expect(await search('ورد', 'ar')).toEqual(await search('ورد', 'fr'));
  });

  it('re-indexes products a bulk load left without keys', async () => {
    // An older version of the keys, and no search row at all (a bulk load of products).
    await ctx.db.execute(
      "update product_search set search_keys = '{}', search_fuzzy = '{}', name_keys = '{}', version = 0 where product_id = 1",
    );
    await ctx.db.execute('delete from product_search where product_id = 2');
    expect(await reindexStaleProducts(ctx.db)).toBe(2);
    invalidateCatalogueCache(ctx.db);
    expect(await search('ورد')).toEqual(expect.arrayContaining([1, 2]));
  });
});

describe('search keys', () => {
  it('stems Arabic lightly and finds the skeleton', () => {
    expect(arabicStem('الورود')).toBe('ورود');
    expect(arabicSkeleton('ورود')).toBe('ورد');
    expect(arabicSkeleton(arabicStem('زهور'))).toBe('زهر');
    expect(arabicSkeleton(arabicStem('ابيض'))).toBe('بيض');
    expect(wordKeys('ورده')).toContain('ورد');
  });
  it('makes deletions only for words of five letters or more', () => {
    expect(deletions('rose')).toEqual([]);
    expect(deletions('roses')).toEqual(['oses', 'rses', 'roes', 'ross', 'rose']);
  });
});

describe('French ligatures typed as two letters, and the reverse', () => {
  const idOf = async (name: string) =>
    ((await ctx.db.execute(`select id from products where name = '${name}'`)) as unknown as { rows: { id: number }[] }).rows[0].id;

  it('finds a name written with œ from "oe", in the name tier, and a description or tag with œ', async () => {
    const carnation = await idOf('Œillet à la tige');
    const anemone = await idOf('Anémone à la tige');
    for (const term of ['oeillet', 'OEILLETS', 'Oeillet tige', 'œillet']) expect(await search(term), term).toContain(carnation);
    // A whole word of the name comes in the first tier, before any product with "oeillet" elsewhere.
    expect((await search('oeillet'))[0]).toBe(carnation);
    expect(await search('coeur noir')).toContain(anemone);
    expect(await search('cœur noir')).toContain(anemone);
    expect(await search('coeur')).not.toContain(carnation);
  });

  it('finds a name written "oe" or "ae" from œ and æ', async () => {
    const id = await idOf('Anémone à la tige');
    const [before] = ((await ctx.db.execute(`select name from products where id = ${id}`)) as unknown as { rows: { name: string }[] }).rows;
    try {
      await ctx.db.execute(`update products set name = 'Oeillet mignardise et Caesar' where id = ${id}`);
      await refreshSearchText(ctx.db, [id]);
      for (const term of ['œillet', 'Œillets', 'mignardise', 'cæsar', 'CÆSAR']) expect(await search(term), term).toContain(id);
    } finally {
      await ctx.db.execute(`update products set name = '${before.name.replace(/'/g, "''")}' where id = ${id}`);
      await refreshSearchText(ctx.db, [id]);
    }
    expect(await search('mignardise')).not.toContain(id);
  });

  it('re-indexes at start the rows an older version wrote with the ligature', async () => {
    const carnation = await idOf('Œillet à la tige');
    // What version 1 stored: the ligature kept whole in the text and the keys.
    await ctx.db.execute(
      `update product_search set search_text = 'œillet a la tige', search_keys = '{œillet,tig}', name_keys = '{œillet}',
         search_fuzzy = '{}', version = 1 where product_id = ${carnation}`,
    );
    invalidateCatalogueCache(ctx.db);
    expect(await search('oeillet')).not.toContain(carnation);
    expect(await reindexStaleProducts(ctx.db)).toBe(1);
    invalidateCatalogueCache(ctx.db);
    expect((await search('oeillet'))[0]).toBe(carnation);
  });
});

describe('reads whose cost has no bound are refused', () => {
  it('refuses a search of more than five words, in the reader language', async () => {
    const res = await ctx.app.inject({
      url: `/api/products?search=${encodeURIComponent('a b c d e f')}`,
      headers: { 'accept-language': 'ar' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('ابحث بخمس كلمات على الأكثر.');
  });
  it('refuses a search term over 100 characters', async () => {
    const res = await ctx.app.inject({ url: `/api/products?search=${'x'.repeat(101)}` });
    expect(res.statusCode).toBe(422);
  });
  it('refuses per_page above the largest page size', async () => {
    const res = await ctx.app.inject({ url: '/api/products?per_page=101' });
    expect(res.statusCode).toBe(422);
  });
  it('answers a page past the last one as not found, and serves the last one', async () => {
    const last = await ctx.app.inject({ url: '/api/products?per_page=20&page=4' });
    expect(last.statusCode).toBe(200);
    expect(last.json().meta.last_page).toBe(4);
    const past = await ctx.app.inject({ url: '/api/products?per_page=20&page=5', headers: { 'accept-language': 'en' } });
    expect(past.statusCode).toBe(404);
    expect(past.json().message).toBe('This page does not exist: the last page is 4.');
    const empty = await ctx.app.inject({ url: `/api/products?search=zzzzzz&page=1` });
    expect(empty.statusCode).toBe(200);
  });
});

let large: Promise<void> | undefined;
/** The demo catalogue plus 1,200 generated products (once for the tests that need many). */
const withLargeCatalogue = () =>
  (large ??= seedLargeCatalogue(ctx.db, 1200).then(async () => {
    await reindexStaleProducts(ctx.db);
    invalidateCatalogueCache(ctx.db);
  }));

describe('deep pages start from a seek anchor, and match what OFFSET gives', () => {
  it('every order, with and without a filter', async () => {
    await withLargeCatalogue();
    const orders: Record<string, string> = {
      '': 'sort_order, id',
      popular: 'popularity desc, id desc',
      price_asc: 'final_price_cents, id',
      price_desc: 'final_price_cents desc, id desc',
      newest: 'created_at desc, id desc',
    };
    for (const [sort, order] of Object.entries(orders)) {
      const filters = [
        ['', 'true'],
        ['&category_id=1', 'category_id = 1'],
        [
          '&color_id=1&category_id=2',
          'category_id = 2 and exists (select 1 from product_colors pc where pc.product_id = products.id and pc.color_id = 1)',
        ],
      ];
      for (const [filter, where] of filters) {
        const total = (await ctx.db.execute(`select count(*)::int as n from products where ${where}`)) as unknown as {
          rows: { n: number }[];
        };
        // Pages of 20 start on an anchor or between two; pages of 24 and 100 also end past the next one.
        for (const perPage of [20, 24, 100]) {
          const lastPage = Math.ceil(total.rows[0].n / perPage);
          for (const page of new Set([5, 6, 9, 51, 52, lastPage - 1, lastPage])) {
            if (page > lastPage || page < 1) continue;
            const res = await ctx.app.inject({ url: `/api/products?per_page=${perPage}&page=${page}${filter}${sort && `&sort=${sort}`}` });
            expect(res.statusCode, res.body).toBe(200);
            const expected = (await ctx.db.execute(
              `select id from products where ${where} order by ${order} limit ${perPage} offset ${(page - 1) * perPage}`,
            )) as unknown as { rows: { id: number }[] };
            const got = (res.json() as { data: { id: number }[] }).data.map((p) => p.id);
            expect(got, `${sort} ${filter} ${perPage} a page, page ${page}`).toEqual(expected.rows.map((r) => Number(r.id)));
          }
        }
      }
    }
  }, 120_000);
});

describe('a search with more matches than the cap', () => {
  const CAP = 60;
  const pageOf = async (term: string, page: number, extra = '') => {
    const res = await ctx.app.inject({ url: `/api/products?per_page=20&page=${page}&search=${encodeURIComponent(term)}${extra}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: { id: number }[]; meta: { total: number; last_page: number; total_capped?: boolean } };
  };
  afterAll(() => {
    setSearchTotalCap(SEARCH_TOTAL_CAP);
    invalidateCatalogueCache(ctx.db);
  });

  it('ranks tier by tier exactly as one ranked statement over every match would', async () => {
    await withLargeCatalogue();
    // Common words, a typo of one, an Arabic word, two words, and a filter with a search.
    for (const [term, extra] of [
      ['plante', ''],
      ['entretien', ''],
      ['bouquet', ''],
      ['rose', ''],
      ['bouqet', ''],
      ['ورد', ''],
      ['bouquet rose', ''],
      ['bouquet', '&category_id=1'],
      ['bouquet', '&sort=price_asc'],
      ['plante', '&sort=newest'],
    ]) {
      setSearchTotalCap(100_000); // every match counted: one ranked statement
      invalidateCatalogueCache(ctx.db);
      const all = [];
      for (let page = 1; page <= CAP / 20; page++) all.push(...(await pageOf(term, page, extra)).data.map((p) => p.id));
      expect(all.length, term).toBe(CAP); // enough matches to need the tiers below
      setSearchTotalCap(CAP); // more matches than the cap: read tier by tier
      invalidateCatalogueCache(ctx.db);
      const tiered = [];
      for (let page = 1; page <= CAP / 20; page++) tiered.push(...(await pageOf(term, page, extra)).data.map((p) => p.id));
      expect(tiered, term).toEqual(all);
    }
  }, 120_000);

  it('says the total is a lower bound, and refuses pages past the ones shown', async () => {
    await withLargeCatalogue();
    setSearchTotalCap(CAP);
    invalidateCatalogueCache(ctx.db);
    const first = await pageOf('bouquet', 1);
    expect(first.meta).toMatchObject({ total: CAP, last_page: CAP / 20, total_capped: true });
    expect((await pageOf('bouquet', CAP / 20, '&sort=price_asc')).data).toHaveLength(20);
    const past = await ctx.app.inject({ url: `/api/products?per_page=20&page=${CAP / 20 + 1}&search=bouquet` });
    expect(past.statusCode).toBe(404);
    // Fewer matches than the cap: an exact total, as before.
    expect((await pageOf('pivoine', 1)).meta.total_capped).toBeUndefined();
  });
});

describe('totals shared between processes (Redis with REDIS_URL)', () => {
  it('reads a total another process counted, for the current generation only', async () => {
    const store = new Map<string, string>();
    shareListState(ctx.db, { get: async (k) => store.get(k) ?? null, set: (k, v) => void store.set(k, v) }, '7', '1');
    try {
      invalidateCatalogueCache(ctx.db);
      const meta = async () => (await ctx.app.inject({ url: '/api/products?category_id=2&per_page=1' })).json().meta as { total: number };
      const { total } = await meta();
      const key = [...store.keys()].find((k) => k.startsWith('list:7:t:'));
      expect(key && store.get(key)).toBe(String(total));
      // Another process counted more (its figure wins over counting again here).
      store.set(key!, String(total + 5));
      invalidateCatalogueCache(ctx.db);
      expect((await meta()).total).toBe(total + 5);
      // A catalogue write moves the generation: the other figure is never read again.
      setListStateGeneration(ctx.db, '8', '1');
      invalidateCatalogueCache(ctx.db);
      expect((await meta()).total).toBe(total);
      expect(store.has(key!.replace('list:7:', 'list:8:'))).toBe(true);
    } finally {
      shareListState(ctx.db, { get: async () => null, set: () => {} }, '0', '0');
    }
  });
});
