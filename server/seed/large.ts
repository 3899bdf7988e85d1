/**
 * A large generated catalogue for benchmarks: `count` more products, inserted with set-based SQL
 * (`generate_series`) in batches, each with fr/en/ar translations, 1-3 colours, search text and a
 * picture reused from the demo catalogue (no new image files). Run after `seedDatabase`.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { normalizeSearch } from '../../shared/text.js';

// ---------------------------------------------------------------- vocabulary

interface Flower {
  /** "de roses" / "d’orchidées" */
  frDe: string;
  frOne: string;
  frTag: string;
  en: string;
  ar: string;
  arOne: string;
}
const FLOWERS: Flower[] = [
  { frDe: 'de roses', frOne: 'Rose', frTag: 'roses', en: 'rose', ar: 'ورود', arOne: 'وردة' },
  { frDe: 'de tulipes', frOne: 'Tulipe', frTag: 'tulipes', en: 'tulip', ar: 'توليب', arOne: 'زهرة توليب' },
  { frDe: 'de pivoines', frOne: 'Pivoine', frTag: 'pivoines', en: 'peony', ar: 'فاوانيا', arOne: 'زهرة فاوانيا' },
  { frDe: 'de lys', frOne: 'Lys', frTag: 'lys', en: 'lily', ar: 'زنابق', arOne: 'زنبقة' },
  { frDe: 'de gerberas', frOne: 'Gerbera', frTag: 'gerberas', en: 'gerbera', ar: 'جربيرا', arOne: 'زهرة جربيرا' },
  { frDe: 'de tournesols', frOne: 'Tournesol', frTag: 'tournesols', en: 'sunflower', ar: 'عباد الشمس', arOne: 'زهرة عباد الشمس' },
  { frDe: 'd’orchidées', frOne: 'Orchidée', frTag: 'orchidées', en: 'orchid', ar: 'أوركيد', arOne: 'زهرة أوركيد' },
  { frDe: 'd’œillets', frOne: 'Œillet', frTag: 'œillets', en: 'carnation', ar: 'قرنفل', arOne: 'قرنفلة' },
  { frDe: 'd’hortensias', frOne: 'Hortensia', frTag: 'hortensias', en: 'hydrangea', ar: 'كوبية', arOne: 'زهرة كوبية' },
  { frDe: 'de renoncules', frOne: 'Renoncule', frTag: 'renoncules', en: 'ranunculus', ar: 'حوذان', arOne: 'زهرة حوذان' },
  { frDe: 'de freesias', frOne: 'Freesia', frTag: 'freesias', en: 'freesia', ar: 'فريزيا', arOne: 'زهرة فريزيا' },
  { frDe: 'd’anémones', frOne: 'Anémone', frTag: 'anémones', en: 'anemone', ar: 'شقائق النعمان', arOne: 'زهرة شقائق النعمان' },
  { frDe: 'de marguerites', frOne: 'Marguerite', frTag: 'marguerites', en: 'daisy', ar: 'أقحوان', arOne: 'زهرة أقحوان' },
  { frDe: 'de lisianthus', frOne: 'Lisianthus', frTag: 'lisianthus', en: 'lisianthus', ar: 'ليزيانثوس', arOne: 'زهرة ليزيانثوس' },
  {
    frDe: 'de chrysanthèmes',
    frOne: 'Chrysanthème',
    frTag: 'chrysanthèmes',
    en: 'chrysanthemum',
    ar: 'كريزانتيم',
    arOne: 'زهرة كريزانتيم',
  },
  { frDe: 'de lavande', frOne: 'Lavande', frTag: 'lavande', en: 'lavender', ar: 'خزامى', arOne: 'غصن خزامى' },
  {
    frDe: 'de fleurs d’oranger',
    frOne: 'Fleur d’oranger',
    frTag: 'fleur d’oranger',
    en: 'orange blossom',
    ar: 'زهر البرتقال',
    arOne: 'غصن زهر البرتقال',
  },
  { frDe: 'd’iris', frOne: 'Iris', frTag: 'iris', en: 'iris', ar: 'سوسن', arOne: 'زهرة سوسن' },
  { frDe: 'd’arums', frOne: 'Arum', frTag: 'arums', en: 'calla lily', ar: 'كالا', arOne: 'زهرة كالا' },
  { frDe: 'de jasmin', frOne: 'Jasmin', frTag: 'jasmin', en: 'jasmine', ar: 'ياسمين', arOne: 'غصن ياسمين' },
];

interface Plant {
  fr: string;
  en: string;
  ar: string;
}
/**
 * Plants in four groups, matching the demo subcategories of "Plantes" in their sort order (indoor,
 * succulents, orchids, Mediterranean), so a generated plant lands in a subcategory that fits it.
 */
const PLANT_GROUPS: Plant[][] = [
  [
    { fr: 'Monstera', en: 'monstera', ar: 'مونستيرا' },
    { fr: 'Ficus', en: 'ficus', ar: 'فيكس' },
    { fr: 'Pothos', en: 'pothos', ar: 'بوتس' },
    { fr: 'Calathea', en: 'calathea', ar: 'كالاثيا' },
    { fr: 'Sansevieria', en: 'snake plant', ar: 'سانسفييريا' },
    { fr: 'Philodendron', en: 'philodendron', ar: 'فيلوديندرون' },
    { fr: 'Kentia', en: 'kentia palm', ar: 'نخلة الكنتيا' },
  ],
  [
    { fr: 'Aloe vera', en: 'aloe vera', ar: 'ألوفيرا' },
    { fr: 'Echeveria', en: 'echeveria', ar: 'إتشيفيريا' },
    { fr: 'Cactus', en: 'cactus', ar: 'صبار' },
    { fr: 'Haworthia', en: 'haworthia', ar: 'هاورثيا' },
    { fr: 'Crassula', en: 'jade plant', ar: 'كراسولا' },
  ],
  [
    { fr: 'Orchidée Phalaenopsis', en: 'Phalaenopsis orchid', ar: 'أوركيد فالانوبسيس' },
    { fr: 'Orchidée Cymbidium', en: 'Cymbidium orchid', ar: 'أوركيد سيمبيديوم' },
    { fr: 'Orchidée Dendrobium', en: 'Dendrobium orchid', ar: 'أوركيد دندروبيوم' },
    { fr: 'Mini-orchidée', en: 'mini orchid', ar: 'أوركيد صغير' },
  ],
  [
    { fr: 'Jasmin', en: 'jasmine', ar: 'ياسمين' },
    { fr: 'Menthe nanah', en: 'nana mint', ar: 'نعناع' },
    { fr: 'Lavande', en: 'lavender', ar: 'خزامى' },
    { fr: 'Olivier', en: 'olive tree', ar: 'شجرة زيتون' },
    { fr: 'Citronnier', en: 'lemon tree', ar: 'شجرة ليمون' },
    { fr: 'Bougainvillier', en: 'bougainvillea', ar: 'جهنمية' },
    { fr: 'Palmier nain', en: 'dwarf palm', ar: 'نخلة قزمة' },
    { fr: 'Romarin', en: 'rosemary', ar: 'إكليل الجبل' },
    { fr: 'Géranium rosat', en: 'rose geranium', ar: 'عطرشة' },
  ],
];
const PLANTS: Plant[] = PLANT_GROUPS.flat();
/** `1-based index into PLANTS` for the row: from the group of its subcategory position when there is one. */
const plantIndexSql = (pick: string) => {
  let offset = 0;
  const whens = PLANT_GROUPS.map((g, i) => {
    const w = `when ${i} then ${offset + 1} + ${pick} % ${g.length}`;
    offset += g.length;
    return w;
  });
  return `(case s_sp ${whens.join(' ')} else 1 + ${pick} % ${PLANTS.length} end)`;
};

interface Collection {
  name: string;
  ar: string;
}
const COLLECTIONS: Collection[] = [
  { name: 'Atlas', ar: 'أطلس' },
  { name: 'Majorelle', ar: 'ماجوريل' },
  { name: 'Chefchaouen', ar: 'شفشاون' },
  { name: 'Essaouira', ar: 'الصويرة' },
  { name: 'Médina', ar: 'المدينة' },
  { name: 'Riad', ar: 'رياض' },
  { name: 'Kasbah', ar: 'القصبة' },
  { name: 'Oasis', ar: 'الواحة' },
  { name: 'Sahara', ar: 'الصحراء' },
  { name: 'Zellige', ar: 'زليج' },
  { name: 'Oudayas', ar: 'الأوداية' },
  { name: 'Ifrane', ar: 'إفران' },
  { name: 'Dadès', ar: 'دادس' },
  { name: 'Ourika', ar: 'أوريكا' },
  { name: 'Mogador', ar: 'موكادور' },
  { name: 'Menara', ar: 'المنارة' },
  { name: 'Bahia', ar: 'الباهية' },
  { name: 'Volubilis', ar: 'وليلي' },
  { name: 'Toubkal', ar: 'توبقال' },
  { name: 'Anfa', ar: 'أنفا' },
  { name: 'Souissi', ar: 'السويسي' },
  { name: 'Yasmina', ar: 'ياسمينة' },
  { name: 'Nour', ar: 'نور' },
  { name: 'Amira', ar: 'أميرة' },
];

// ---------------------------------------------------------------- tiny SQL template language

/** A template part: literal text, or a field of the row's flower (f), plant (p) or collection (c). */
type Part = string | ['f', keyof Flower] | ['p', keyof Plant] | ['c', keyof Collection];
type Lang = 'fr' | 'en' | 'ar';
interface Template {
  name: Record<Lang, Part[]>;
  description: Record<Lang, Part[]>;
  /** Each tag is a list of parts; shown joined by ", ". */
  tags: Record<Lang, Part[][]>;
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arrayLit = (items: string[]) => `(array[${items.map(lit).join(',')}]::text[])`;

/** Normalises a literal but keeps its outer spaces, so concatenated parts stay single-spaced. */
function normPart(s: string): string {
  if (s.trim() === '') return ' ';
  return `${/^\s/.test(s) ? ' ' : ''}${normalizeSearch(s)}${/\s$/.test(s) ? ' ' : ''}`;
}

function partSql(p: Part, normalized: boolean): string {
  if (typeof p === 'string') return lit(normalized ? normPart(p) : p);
  const [src, field] = p;
  const values: string[] =
    src === 'f'
      ? FLOWERS.map((x) => x[field as keyof Flower])
      : src === 'p'
        ? PLANTS.map((x) => x[field as keyof Plant])
        : COLLECTIONS.map((x) => x[field as keyof Collection]);
  return `${arrayLit(normalized ? values.map(normalizeSearch) : values)}[s.${src}i]`;
}
const concat = (parts: Part[], normalized = false) => `(${parts.map((p) => partSql(p, normalized)).join(' || ')})`;
const tagsSql = (tags: Part[][], normalized = false) =>
  normalized
    ? concat(
        tags.flatMap((t, i) => (i === 0 ? t : [' ', ...t])),
        true,
      )
    : concat(tags.flatMap((t, i) => (i === 0 ? t : [', ', ...t])));

const TEMPLATES: Record<1 | 2 | 3 | 4, Template> = {
  1: {
    name: {
      fr: ['Bouquet ', ['f', 'frDe'], ' ', ['c', 'name']],
      en: [['c', 'name'], ' ', ['f', 'en'], ' bouquet'],
      ar: ['باقة ', ['f', 'ar'], ' ', ['c', 'ar']],
    },
    description: {
      fr: ['Un bouquet ', ['f', 'frDe'], ' de la collection ', ['c', 'name'], ', composé à la main dans notre atelier de Rabat.'],
      en: ['A ', ['f', 'en'], ' bouquet from the ', ['c', 'name'], ' collection, hand-tied in our Rabat workshop.'],
      ar: ['باقة ', ['f', 'ar'], ' من مجموعة ', ['c', 'ar'], '، منسقة يدويًا في مشغلنا بالرباط.'],
    },
    tags: {
      fr: [[['f', 'frTag']], [['c', 'name']], ['bouquet']],
      en: [[['f', 'en']], [['c', 'name']], ['bouquet']],
      ar: [[['f', 'ar']], [['c', 'ar']], ['باقة']],
    },
  },
  2: {
    name: {
      fr: [['f', 'frOne'], ' à la tige ', ['c', 'name']],
      en: [['c', 'name'], ' ', ['f', 'en'], ' stem'],
      ar: [['f', 'arOne'], ' بالساق ', ['c', 'ar']],
    },
    description: {
      fr: ['Vendue à l’unité, à offrir seule ou à assembler dans votre propre bouquet. Collection ', ['c', 'name'], '.'],
      en: ['Sold by the stem, to give on its own or to add to your own bouquet. ', ['c', 'name'], ' collection.'],
      ar: ['تباع بالحبة، تُهدى وحدها أو تُضاف إلى باقتك الخاصة. مجموعة ', ['c', 'ar'], '.'],
    },
    tags: {
      fr: [[['f', 'frTag']], ['tige'], [['c', 'name']]],
      en: [[['f', 'en']], ['stem'], [['c', 'name']]],
      ar: [[['f', 'ar']], ['ساق'], [['c', 'ar']]],
    },
  },
  3: {
    name: {
      fr: ['Bouquet séché ', ['f', 'frDe'], ' ', ['c', 'name']],
      en: [['c', 'name'], ' dried ', ['f', 'en'], ' bouquet'],
      ar: ['باقة ', ['f', 'ar'], ' مجففة ', ['c', 'ar']],
    },
    description: {
      fr: ['Une composition séchée ', ['f', 'frDe'], ' qui garde sa beauté plus d’un an. Collection ', ['c', 'name'], '.'],
      en: ['A dried ', ['f', 'en'], ' arrangement that keeps its beauty for over a year. ', ['c', 'name'], ' collection.'],
      ar: ['تنسيق مجفف من ', ['f', 'ar'], ' يحافظ على جماله أكثر من سنة. مجموعة ', ['c', 'ar'], '.'],
    },
    tags: {
      fr: [[['f', 'frTag']], ['séché'], [['c', 'name']]],
      en: [[['f', 'en']], ['dried'], [['c', 'name']]],
      ar: [[['f', 'ar']], ['مجفف'], [['c', 'ar']]],
    },
  },
  4: {
    name: {
      fr: [['p', 'fr'], ' en pot ', ['c', 'name']],
      en: [['c', 'name'], ' potted ', ['p', 'en']],
      ar: [['p', 'ar'], ' في أصيص ', ['c', 'ar']],
    },
    description: {
      fr: ['Plante en pot de la collection ', ['c', 'name'], ', livrée avec sa fiche d’entretien.'],
      en: ['A potted plant from the ', ['c', 'name'], ' collection, delivered with its care guide.'],
      ar: ['نبتة في أصيص من مجموعة ', ['c', 'ar'], '، تُسلَّم مع دليل العناية بها.'],
    },
    tags: {
      fr: [[['p', 'fr']], ['plante'], [['c', 'name']]],
      en: [[['p', 'en']], ['plant'], [['c', 'name']]],
      ar: [[['p', 'ar']], ['نبتة'], [['c', 'ar']]],
    },
  },
};

const CATS = [1, 2, 3, 4] as const;
const byCategory = (pick: (t: Template) => string) =>
  `(case s.cat ${CATS.map((c) => `when ${c} then ${pick(TEMPLATES[c])}`).join(' ')} else ${pick(TEMPLATES[1])} end)`;

const nameSql = (l: Lang) => byCategory((t) => concat(t.name[l]));
const descriptionSql = (l: Lang) => byCategory((t) => concat(t.description[l]));
const tagSql = (l: Lang) => byCategory((t) => tagsSql(t.tags[l]));
const searchSql = () =>
  byCategory((t) =>
    [
      concat(t.name.fr, true),
      concat(t.name.en, true),
      concat(t.name.ar, true),
      tagsSql(t.tags.fr, true),
      tagsSql(t.tags.en, true),
      tagsSql(t.tags.ar, true),
    ].join(` || ' ' || `),
  );

/** MAD ranges per category, in centimes. */
const priceSql = `(case s.cat
  when 1 then (200 + ((s.id::bigint * 37) % 131) * 10) * 100
  when 2 then (15 + ((s.id::bigint * 7) % 46)) * 100
  when 3 then (90 + ((s.id::bigint * 11) % 52) * 10) * 100
  else (45 + ((s.id::bigint * 13) % 66) * 10) * 100 end)::int`;

// ---------------------------------------------------------------- seeding

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

export async function seedLargeCatalogue(db: Db, count: number, log: (msg: string) => void = () => {}): Promise<{ inserted: number }> {
  if (!Number.isInteger(count) || count <= 0) return { inserted: 0 };
  const started = Date.now();

  // Category/subcategory pairs of the four menus: products spread evenly over them.
  const subs = await rows<{ category_id: number; id: number }>(
    db,
    sql`select category_id, id from subcategories where category_id in (1, 2, 3, 4) and is_active order by category_id, sort_order, id`,
  );
  const cats = await rows<{ id: number }>(db, sql`select id from categories where id in (1, 2, 3, 4) order by id`);
  if (cats.length === 0) throw new Error('seedLargeCatalogue: run the demo seed first (no categories)');
  const pairs: [category: number, subcategory: number, position: number][] = [];
  for (const c of cats) {
    const own = subs.filter((s) => Number(s.category_id) === Number(c.id));
    if (own.length === 0) pairs.push([Number(c.id), 0, -1]);
    own.forEach((s, position) => pairs.push([Number(c.id), Number(s.id), position]));
  }
  const colorIds = (await rows<{ id: number }>(db, sql`select id from colors where is_active order by sort_order, id`)).map((r) =>
    Number(r.id),
  );

  // Pictures reused from the demo products, matched by category when possible.
  const images = await rows<{ category_id: number; key: string; widths: unknown; width: number; height: number }>(
    db,
    sql`select distinct on (pi.key) p.category_id, pi.key, pi.widths, pi.width, pi.height
        from product_images pi join products p on p.id = pi.product_id
        order by pi.key limit 400`,
  );
  const imageIndex = (() => {
    if (images.length === 0) return null;
    const sorted = [...images].sort((a, b) => Number(a.category_id) - Number(b.category_id));
    const parts = CATS.map((c) => {
      const first = sorted.findIndex((i) => Number(i.category_id) === c);
      const n = sorted.filter((i) => Number(i.category_id) === c).length;
      return n > 0 ? `when ${c} then ${first + 1} + s.id % ${n}` : '';
    }).join(' ');
    return {
      sorted,
      expr: `(case s.cat ${parts} else 1 + s.id % ${sorted.length} end)`,
    };
  })();

  const [{ base, sort_base }] = await rows<{ base: number; sort_base: number }>(
    db,
    sql`select coalesce(max(id), 0)::int as base, coalesce(max(sort_order), 0)::int as sort_base from products`,
  );
  const baseId = Number(base);
  const sortBase = Number(sort_base);

  // s_sp: position of the subcategory in its category (0 = first). The first subcategory of
  // Bouquets and of single stems is "Roses" in the demo catalogue: those products are roses.
  const src = (from: number, to: number) => `s as (
    select id, cat, sub,
      case when cat in (1, 2) and s_sp = 0 then 1 else 1 + (id / ${pairs.length}) % ${FLOWERS.length} end as fi,
      ${plantIndexSql(`(id / ${pairs.length})`)} as pi,
      1 + (id * 7 + id / ${pairs.length * 3}) % ${COLLECTIONS.length} as ci
    from (select g as id,
        (array[${pairs.map((p) => p[0]).join(',')}]::int[])[1 + g % ${pairs.length}] as cat,
        nullif((array[${pairs.map((p) => p[1]).join(',')}]::int[])[1 + g % ${pairs.length}], 0) as sub,
        (array[${pairs.map((p) => p[2]).join(',')}]::int[])[1 + g % ${pairs.length}] as s_sp
      from generate_series(${from}, ${to}) g) g)`;

  const insertProducts = (from: number, to: number) => `with ${src(from, to)}
    insert into products (id, name, description, price_cents, discount, stock, category_id, subcategory_id, is_featured,
                          tags, sort_order, search_text, popularity, created_at, updated_at)
    select s.id, ${nameSql('fr')}, ${descriptionSql('fr')}, ${priceSql},
      case when s.id % 9 = 0 then (array[10, 15, 20, 25, 30])[1 + (s.id / 9) % 5] else 0 end,
      case when s.id % 23 = 0 then 0 else (s.id::bigint * 17) % 81 end,
      s.cat, s.sub, s.id % 97 = 0, ${tagSql('fr')}, ${sortBase - baseId} + s.id, ${searchSql()},
      case when s.id % 3 = 0 then (s.id::bigint * 31) % 250 else 0 end,
      now() - ((s.id::bigint * 7919) % 63072000) * interval '1 second',
      now() - ((s.id::bigint * 7919) % 63072000) * interval '1 second'
    from s`;

  const insertTranslations = (from: number, to: number) => `with ${src(from, to)}
    insert into product_translations (product_id, locale, name, description, tags)
    ${(['fr', 'en', 'ar'] as const).map((l) => `select s.id, '${l}', ${nameSql(l)}, ${descriptionSql(l)}, ${tagSql(l)} from s`).join(' union all ')}`;

  const step = colorIds.length >= 7 ? 3 : 1;
  const insertColors = (from: number, to: number) =>
    colorIds.length === 0
      ? null
      : `with ${src(from, to)}
    insert into product_colors (product_id, color_id, sort_order)
    select s.id, (array[${colorIds.join(',')}]::int[])[1 + (s.id + k * ${step}) % ${colorIds.length}], k
    from s cross join generate_series(0, ${Math.min(2, colorIds.length - 1)}) k
    where k < 1 + s.id % 3`;

  // Occasions as the shop tags them: each generated product takes the occasions of a demo product of
  // its category (untagged ones included), so each occasion covers the share of a category the demo
  // catalogue gives it (6-31 % of the products), and a rerun tags the same.
  const demoByCategory = await rows<{ category_id: number; ids: number[] }>(
    db,
    sql`select category_id, array_agg(id order by id) as ids from products where category_id in (1, 2, 3, 4) group by category_id`,
  );
  const demoOf = demoByCategory
    .map((c) => `when ${Number(c.category_id)} then (array[${c.ids.map(Number).join(',')}]::int[])[1 + s.id % ${c.ids.length}]`)
    .join(' ');
  const insertOccasions = (from: number, to: number) =>
    demoByCategory.length === 0
      ? null
      : `with ${src(from, to)}
    insert into product_occasions (product_id, occasion_id)
    select s.id, po.occasion_id from s join product_occasions po on po.product_id = (case s.cat ${demoOf} end)`;

  const insertImages = (from: number, to: number) =>
    imageIndex === null
      ? null
      : `with ${src(from, to)}
    insert into product_images (product_id, key, widths, width, height, sort_order)
    select s.id, ${arrayLit(imageIndex.sorted.map((i) => i.key))}[${imageIndex.expr}],
      ${arrayLit(imageIndex.sorted.map((i) => (typeof i.widths === 'string' ? i.widths : JSON.stringify(i.widths))))}[${imageIndex.expr}]::jsonb,
      (array[${imageIndex.sorted.map((i) => Number(i.width)).join(',')}]::int[])[${imageIndex.expr}],
      (array[${imageIndex.sorted.map((i) => Number(i.height)).join(',')}]::int[])[${imageIndex.expr}],
      0
    from s`;

  const BATCH = 20_000;
  for (let from = baseId + 1; from <= baseId + count; from += BATCH) {
    const to = Math.min(from + BATCH - 1, baseId + count);
    await db.transaction(async (tx) => {
      // Bigger GIN pending list: the trigram index takes the batch in one merge instead of many.
      await tx.execute(sql`set local gin_pending_list_limit = 65536`);
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx.execute(sql.raw(insertProducts(from, to)));
      // Fresh statistics before the rows that point at these products: the foreign-key checks' plans
      // are made once a session, and made when \`products\` held the 73 demo rows they scanned the whole
      // table for each translation, colour and picture (each 20,000 batch took longer than the last).
      await tx.execute(sql`analyze products`);
      await tx.execute(sql.raw(insertTranslations(from, to)));
      const colorsQuery = insertColors(from, to);
      if (colorsQuery) await tx.execute(sql.raw(colorsQuery));
      const occasionsQuery = insertOccasions(from, to);
      if (occasionsQuery) await tx.execute(sql.raw(occasionsQuery));
      const imagesQuery = insertImages(from, to);
      if (imagesQuery) await tx.execute(sql.raw(imagesQuery));
    });
    log(`large seed: ${to - baseId}/${count} products (${Date.now() - started} ms)`);
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`);
  await db.execute(sql`analyze`);
  log(`large seed: ${count} products in ${Date.now() - started} ms`);
  return { inserted: count };
}
