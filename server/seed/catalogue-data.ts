/**
 * The demo catalogue as data: categories, subcategories, colours, products, delivery zones, coupons,
 * demo customers and testimonials. French is the base text; every entity has fr, en and ar texts.
 * Prices are in MAD (converted to centimes when inserted).
 */

export interface Text {
  name: string;
  description: string;
}
export interface ProductText extends Text {
  /** Comma-separated. */
  tags: string;
}
export interface Texts<T = Text> {
  fr: T;
  en: T;
  ar: T;
}

const tx = (name: string, description: string): Text => ({ name, description });
const pt = (name: string, description: string, tags: string): ProductText => ({ name, description, tags });

// ---------------------------------------------------------------- colours

export type ColorSlug = 'rouge' | 'rose' | 'blanc' | 'jaune' | 'orange' | 'violet' | 'bleu' | 'vert';

export interface ColorData {
  id: number;
  slug: ColorSlug;
  hex: string;
  fr: string;
  en: string;
  ar: string;
}

/** The shop's eight colours, ids 1-8. Base name and slug are French (slug = slugify(base name)). */
export const COLORS: ColorData[] = [
  { id: 1, slug: 'rouge', hex: '#D32F2F', fr: 'Rouge', en: 'Red', ar: 'أحمر' },
  { id: 2, slug: 'rose', hex: '#F48FB1', fr: 'Rose', en: 'Pink', ar: 'وردي' },
  { id: 3, slug: 'blanc', hex: '#FFFFFF', fr: 'Blanc', en: 'White', ar: 'أبيض' },
  { id: 4, slug: 'jaune', hex: '#FBC02D', fr: 'Jaune', en: 'Yellow', ar: 'أصفر' },
  { id: 5, slug: 'orange', hex: '#FB8C00', fr: 'Orange', en: 'Orange', ar: 'برتقالي' },
  { id: 6, slug: 'violet', hex: '#8E24AA', fr: 'Violet', en: 'Purple', ar: 'بنفسجي' },
  { id: 7, slug: 'bleu', hex: '#1E88E5', fr: 'Bleu', en: 'Blue', ar: 'أزرق' },
  { id: 8, slug: 'vert', hex: '#43A047', fr: 'Vert', en: 'Green', ar: 'أخضر' },
];

// ---------------------------------------------------------------- pictures

export type ArtKind = 'bouquet' | 'stem' | 'dried' | 'plant';
export type Bloom =
  'rose' | 'peony' | 'tulip' | 'daisy' | 'sunflower' | 'lily' | 'orchid' | 'spike' | 'hydrangea' | 'calla' | 'pampas' | 'mix';
export type PlantShape = 'leafy' | 'monstera' | 'succulent' | 'cactus' | 'orchid' | 'herb' | 'tree' | 'bloom';
export interface Art {
  kind: ArtKind;
  bloom?: Bloom;
  plant?: PlantShape;
}

// ---------------------------------------------------------------- categories

export interface SubcategoryData extends Texts {
  key: string;
}
export interface CategoryData extends Texts {
  id: 1 | 2 | 3 | 4;
  art: Art;
  colors: ColorSlug[];
  subcategories: SubcategoryData[];
}

export const CATEGORIES: CategoryData[] = [
  {
    id: 1,
    art: { kind: 'bouquet', bloom: 'mix' },
    colors: ['rouge', 'rose', 'blanc', 'jaune'],
    fr: tx('Bouquets', 'Des bouquets composés à la main chaque matin dans notre atelier de Rabat.'),
    en: tx('Bouquets', 'Bouquets hand-tied every morning in our Rabat workshop.'),
    ar: tx('باقات', 'باقات تُنسَّق يدويًا كل صباح في مشغلنا بالرباط.'),
    subcategories: [
      {
        key: 'roses',
        fr: tx('Roses', 'Bouquets de roses, de la douzaine à la centaine.'),
        en: tx('Roses', 'Rose bouquets, from a dozen to a hundred.'),
        ar: tx('ورود', 'باقات ورد، من اثنتي عشرة وردة إلى مئة.'),
      },
      {
        key: 'mixed',
        fr: tx('Bouquets composés', 'Des associations de saison imaginées par nos fleuristes.'),
        en: tx('Mixed bouquets', 'Seasonal combinations designed by our florists.'),
        ar: tx('باقات منوعة', 'تنسيقات موسمية من إبداع منسقي الزهور لدينا.'),
      },
      {
        key: 'wedding',
        fr: tx('Mariage', 'Bouquets de mariée, boutonnières et fleurs de cortège.'),
        en: tx('Wedding', 'Bridal bouquets, buttonholes and bridesmaid flowers.'),
        ar: tx('أعراس', 'باقات العروس وزهور الصدر وزهور الوصيفات.'),
      },
      {
        key: 'birthday',
        fr: tx('Anniversaire', 'Des bouquets joyeux et colorés pour fêter un anniversaire.'),
        en: tx('Birthday', 'Cheerful, colourful bouquets to celebrate a birthday.'),
        ar: tx('أعياد الميلاد', 'باقات مبهجة وملونة للاحتفال بعيد ميلاد.'),
      },
    ],
  },
  {
    id: 2,
    art: { kind: 'stem', bloom: 'rose' },
    colors: ['rouge'],
    fr: tx('Fleurs à la tige', 'Choisissez vos fleurs une à une et composez votre propre bouquet.'),
    en: tx('Single stems', 'Pick your flowers one by one and build your own bouquet.'),
    ar: tx('زهور مفردة', 'اختر زهورك واحدة تلو الأخرى وصمّم باقتك الخاصة.'),
    subcategories: [
      {
        key: 'stem-roses',
        fr: tx('Roses à la tige', 'Roses à l’unité, dont la rose de Kelâat M’Gouna.'),
        en: tx('Roses by the stem', 'Roses by the stem, including the Kelâat M’Gouna rose.'),
        ar: tx('ورود بالحبة', 'ورود بالحبة، ومنها وردة قلعة مكونة.'),
      },
      {
        key: 'stem-seasonal',
        fr: tx('Fleurs de saison', 'Tulipes, gerberas, œillets et autres fleurs du moment.'),
        en: tx('Seasonal flowers', 'Tulips, gerberas, carnations and other flowers of the moment.'),
        ar: tx('زهور الموسم', 'توليب وجربيرا وقرنفل وغيرها من زهور الموسم.'),
      },
      {
        key: 'stem-premium',
        fr: tx('Fleurs d’exception', 'Pivoines, lys, orchidées et hortensias à la tige.'),
        en: tx('Premium flowers', 'Peonies, lilies, orchids and hydrangeas by the stem.'),
        ar: tx('زهور فاخرة', 'الفاوانيا والزنبق والأوركيد والكوبية بالحبة.'),
      },
    ],
  },
  {
    id: 3,
    art: { kind: 'dried', bloom: 'pampas' },
    colors: ['orange', 'rose', 'blanc'],
    fr: tx('Fleurs séchées', 'Des fleurs qui durent des mois : séchées, stabilisées, naturelles.'),
    en: tx('Dried flowers', 'Flowers that last for months: dried, preserved, natural.'),
    ar: tx('زهور مجففة', 'زهور تدوم لأشهر: مجففة ومحفوظة وطبيعية.'),
    subcategories: [
      {
        key: 'dried-bouquets',
        fr: tx('Bouquets séchés', 'Compositions de fleurs séchées aux tons naturels.'),
        en: tx('Dried bouquets', 'Dried flower arrangements in natural tones.'),
        ar: tx('باقات مجففة', 'تنسيقات من الزهور المجففة بألوان طبيعية.'),
      },
      {
        key: 'dried-pampas',
        fr: tx('Pampas et graminées', 'Herbe de la pampa, blé, lagurus et graminées.'),
        en: tx('Pampas and grasses', 'Pampas grass, wheat, bunny tails and grasses.'),
        ar: tx('بامباس وأعشاب', 'عشب البامباس والقمح والأعشاب المجففة.'),
      },
      {
        key: 'dried-preserved',
        fr: tx('Fleurs stabilisées', 'Roses et hortensias stabilisés, frais pendant des années.'),
        en: tx('Preserved flowers', 'Preserved roses and hydrangeas that stay fresh for years.'),
        ar: tx('زهور محفوظة', 'ورود وكوبية محفوظة تبقى نضرة لسنوات.'),
      },
    ],
  },
  {
    id: 4,
    art: { kind: 'plant', plant: 'monstera' },
    colors: ['vert'],
    fr: tx('Plantes', 'Plantes d’intérieur, orchidées, succulentes et plantes méditerranéennes.'),
    en: tx('Plants', 'Houseplants, orchids, succulents and Mediterranean plants.'),
    ar: tx('نباتات', 'نباتات داخلية وأوركيد ونباتات عصارية ونباتات متوسطية.'),
    subcategories: [
      {
        key: 'indoor',
        fr: tx('Plantes d’intérieur', 'Des plantes vertes faciles à vivre pour la maison et le bureau.'),
        en: tx('Indoor plants', 'Easy-going green plants for home and office.'),
        ar: tx('نباتات داخلية', 'نباتات خضراء سهلة العناية للمنزل والمكتب.'),
      },
      {
        key: 'succulents',
        fr: tx('Succulentes et cactus', 'Peu d’eau, beaucoup de soleil.'),
        en: tx('Succulents and cacti', 'Little water, plenty of sun.'),
        ar: tx('نباتات عصارية وصبار', 'قليل من الماء وكثير من الشمس.'),
      },
      {
        key: 'orchids',
        fr: tx('Orchidées', 'Orchidées en pot, fleuries pour des semaines.'),
        en: tx('Orchids', 'Potted orchids that flower for weeks.'),
        ar: tx('أوركيد', 'أوركيد في أصص، تزهر لأسابيع.'),
      },
      {
        key: 'mediterranean',
        fr: tx('Plantes méditerranéennes', 'Jasmin, menthe, lavande, olivier : les parfums du Maroc.'),
        en: tx('Mediterranean plants', 'Jasmine, mint, lavender, olive: the scents of Morocco.'),
        ar: tx('نباتات متوسطية', 'الياسمين والنعناع والخزامى والزيتون: عطور المغرب.'),
      },
    ],
  },
];

// ---------------------------------------------------------------- products

export interface ProductData extends Texts<ProductText> {
  category: 1 | 2 | 3 | 4;
  /** Key of a subcategory of the category. */
  sub: string;
  /** MAD. */
  price: number;
  stock: number;
  /** Percent. */
  discount?: number;
  featured?: boolean;
  colors: ColorSlug[];
  /** Number of pictures (default 1); a single stem's picture N shows its colour N. */
  images?: number;
  art: Art;
  /** An extra offered beside bouquets ("Add to your bouquet"); never ordered alone. */
  extra?: boolean;
}

/**
 * The sizes the demo gives each bouquet (category 1): Classique at the bouquet's price, then larger
 * ones at these multiples of it, rounded to 10 MAD.
 */
export const BOUQUET_SIZES: { fr: string; en: string; ar: string; factor: number }[] = [
  { fr: 'Classique', en: 'Classic', ar: 'كلاسيكي', factor: 1 },
  { fr: 'Généreux', en: 'Generous', ar: 'سخي', factor: 1.4 },
  { fr: 'Prestige', en: 'Prestige', ar: 'فاخر', factor: 1.9 },
];

export const PRODUCTS: ProductData[] = [
  // ------------------------------------------------ bouquets: roses
  {
    category: 1,
    sub: 'roses',
    price: 450,
    stock: 25,
    featured: true,
    images: 2,
    colors: ['rouge'],
    art: { kind: 'bouquet', bloom: 'rose' },
    fr: pt(
      'Bouquet de roses rouges',
      'Vingt-quatre roses rouges à longues tiges, liées à la main avec du feuillage frais. Le classique pour dire je t’aime.',
      'roses, rouge, amour, saint-valentin',
    ),
    en: pt(
      'Red rose bouquet',
      'Twenty-four long-stemmed red roses, hand-tied with fresh foliage. The classic way to say I love you.',
      'roses, red, love, valentine',
    ),
    ar: pt(
      'باقة ورود حمراء',
      'أربع وعشرون وردة حمراء طويلة الساق، منسقة يدويًا مع أوراق خضراء طازجة. الهدية الكلاسيكية للتعبير عن الحب.',
      'ورود, أحمر, حب, عيد الحب',
    ),
  },
  {
    category: 1,
    sub: 'roses',
    price: 950,
    stock: 8,
    discount: 10,
    featured: true,
    images: 2,
    colors: ['rouge'],
    art: { kind: 'bouquet', bloom: 'rose' },
    fr: pt(
      'Bouquet de 50 roses rouges « Passion »',
      'Cinquante roses rouges en dôme, pour les grandes déclarations et les anniversaires de mariage.',
      'roses, rouge, passion, anniversaire de mariage',
    ),
    en: pt(
      '“Passion” bouquet of 50 red roses',
      'Fifty red roses arranged in a dome, for grand declarations and wedding anniversaries.',
      'roses, red, passion, anniversary',
    ),
    ar: pt(
      'باقة «شغف» بخمسين وردة حمراء',
      'خمسون وردة حمراء على شكل قبة، للاعترافات الكبيرة وذكرى الزواج.',
      'ورود, أحمر, شغف, ذكرى الزواج',
    ),
  },
  {
    category: 1,
    sub: 'roses',
    price: 380,
    stock: 20,
    colors: ['rose'],
    art: { kind: 'bouquet', bloom: 'rose' },
    fr: pt(
      'Bouquet de roses roses « Tendresse »',
      'Dix-huit roses rose tendre et eucalyptus, tout en douceur.',
      'roses, rose, tendresse, naissance',
    ),
    en: pt(
      '“Tenderness” pink rose bouquet',
      'Eighteen soft pink roses with eucalyptus, gentle and sweet.',
      'roses, pink, tenderness, new baby',
    ),
    ar: pt('باقة ورود وردية «حنان»', 'ثماني عشرة وردة وردية ناعمة مع أغصان الأوكالبتوس.', 'ورود, وردي, حنان, مولود'),
  },
  {
    category: 1,
    sub: 'roses',
    price: 420,
    stock: 18,
    colors: ['blanc'],
    art: { kind: 'bouquet', bloom: 'rose' },
    fr: pt(
      'Bouquet de roses blanches « Pureté »',
      'Roses blanches et gypsophile, un bouquet lumineux pour une naissance ou un remerciement.',
      'roses, blanc, merci, naissance',
    ),
    en: pt(
      '“Purity” white rose bouquet',
      'White roses and baby’s breath, a bright bouquet for a new baby or a thank-you.',
      'roses, white, thank you, new baby',
    ),
    ar: pt('باقة ورود بيضاء «نقاء»', 'ورود بيضاء مع زهرة الجبسوفيلا، باقة مشرقة للتهنئة بمولود أو للشكر.', 'ورود, أبيض, شكر, مولود'),
  },
  {
    category: 1,
    sub: 'roses',
    price: 520,
    stock: 12,
    featured: true,
    images: 2,
    colors: ['rose'],
    art: { kind: 'bouquet', bloom: 'peony' },
    fr: pt(
      'Bouquet de roses de Kelâat M’Gouna',
      'Roses de Damas de la vallée du Dadès, au parfum incomparable, cueillies au printemps.',
      'roses, kelaat mgouna, damas, parfum, maroc',
    ),
    en: pt(
      'Kelâat M’Gouna rose bouquet',
      'Damask roses from the Dadès valley, with an incomparable scent, picked in spring.',
      'roses, kelaat mgouna, damask, fragrant, morocco',
    ),
    ar: pt(
      'باقة ورود قلعة مكونة',
      'ورود دمشقية من وادي دادس بعطرها الفريد، تُقطف في فصل الربيع.',
      'ورود, قلعة مكونة, الورد البلدي, عطر, المغرب',
    ),
  },
  {
    category: 1,
    sub: 'roses',
    price: 360,
    stock: 15,
    discount: 15,
    colors: ['jaune'],
    art: { kind: 'bouquet', bloom: 'rose' },
    fr: pt(
      'Bouquet de roses jaunes « Soleil »',
      'Des roses jaunes éclatantes pour célébrer l’amitié et les bonnes nouvelles.',
      'roses, jaune, amitié, félicitations',
    ),
    en: pt(
      '“Sunshine” yellow rose bouquet',
      'Bright yellow roses to celebrate friendship and good news.',
      'roses, yellow, friendship, congratulations',
    ),
    ar: pt('باقة ورود صفراء «شمس»', 'ورود صفراء مشرقة للاحتفال بالصداقة والأخبار السارة.', 'ورود, أصفر, صداقة, تهنئة'),
  },
  {
    category: 1,
    sub: 'roses',
    price: 1450,
    stock: 2,
    colors: ['rouge'],
    art: { kind: 'bouquet', bloom: 'rose' },
    fr: pt(
      'Bouquet « Royal » de 100 roses rouges',
      'Cent roses rouges Grand Prix dans un emballage de luxe. Livré par deux fleuristes.',
      'roses, rouge, luxe, demande en mariage',
    ),
    en: pt(
      '“Royal” bouquet of 100 red roses',
      'One hundred Grand Prix red roses in luxury wrapping. Delivered by two florists.',
      'roses, red, luxury, proposal',
    ),
    ar: pt('باقة «ملكية» بمئة وردة حمراء', 'مئة وردة حمراء فاخرة في تغليف راقٍ، يوصلها منسقان للزهور.', 'ورود, أحمر, فخامة, خطوبة'),
  },
  // ------------------------------------------------ bouquets: mixed
  {
    category: 1,
    sub: 'mixed',
    price: 290,
    stock: 10,
    featured: true,
    images: 2,
    colors: ['blanc', 'vert'],
    art: { kind: 'bouquet', bloom: 'daisy' },
    fr: pt(
      'Bouquet de fleurs d’oranger',
      'Branches de fleurs d’oranger et feuillage d’agrumes : le parfum des jardins de Fès au printemps.',
      'fleur d’oranger, zhar, parfum, blanc, maroc',
    ),
    en: pt(
      'Orange blossom bouquet',
      'Orange blossom branches and citrus leaves: the scent of Fez gardens in spring.',
      'orange blossom, zhar, fragrant, white, morocco',
    ),
    ar: pt('باقة زهر البرتقال', 'أغصان زهر البرتقال وأوراق الحوامض: عطر حدائق فاس في الربيع.', 'زهر, زهر البرتقال, عطر, أبيض, المغرب'),
  },
  {
    category: 1,
    sub: 'mixed',
    price: 320,
    stock: 16,
    colors: ['jaune', 'violet', 'blanc'],
    art: { kind: 'bouquet', bloom: 'mix' },
    fr: pt(
      'Bouquet champêtre',
      'Marguerites, lavande, matricaire et graminées, comme un bouquet cueilli dans les champs.',
      'champêtre, marguerites, lavande, nature',
    ),
    en: pt(
      'Country garden bouquet',
      'Daisies, lavender, feverfew and grasses, as if just picked in the fields.',
      'country, daisies, lavender, nature',
    ),
    ar: pt('باقة ريفية', 'أقحوان وخزامى وأعشاب، كأنها قُطفت للتو من الحقول.', 'ريفي, أقحوان, خزامى, طبيعة'),
  },
  {
    category: 1,
    sub: 'mixed',
    price: 480,
    stock: 9,
    featured: true,
    images: 2,
    colors: ['bleu', 'jaune', 'violet'],
    art: { kind: 'bouquet', bloom: 'hydrangea' },
    fr: pt(
      'Bouquet « Jardin Majorelle »',
      'Hortensias bleus, roses jaunes et agapanthes, inspiré des couleurs du jardin de Marrakech.',
      'majorelle, bleu, marrakech, hortensia',
    ),
    en: pt(
      '“Majorelle Garden” bouquet',
      'Blue hydrangeas, yellow roses and agapanthus, inspired by the colours of the Marrakech garden.',
      'majorelle, blue, marrakech, hydrangea',
    ),
    ar: pt(
      'باقة «حديقة ماجوريل»',
      'كوبية زرقاء وورود صفراء وأغابانثوس، مستوحاة من ألوان حديقة ماجوريل بمراكش.',
      'ماجوريل, أزرق, مراكش, كوبية',
    ),
  },
  {
    category: 1,
    sub: 'mixed',
    price: 340,
    stock: 14,
    colors: ['rouge', 'jaune', 'rose', 'orange'],
    art: { kind: 'bouquet', bloom: 'tulip' },
    fr: pt(
      'Bouquet de tulipes multicolores',
      'Trente tulipes de toutes les couleurs, pour un bouquet plein de gaieté.',
      'tulipes, multicolore, printemps, gaieté',
    ),
    en: pt(
      'Multicoloured tulip bouquet',
      'Thirty tulips in every colour, for a bouquet full of joy.',
      'tulips, multicoloured, spring, joy',
    ),
    ar: pt('باقة توليب متعددة الألوان', 'ثلاثون زهرة توليب بكل الألوان، لباقة مليئة بالبهجة.', 'توليب, ألوان, ربيع, بهجة'),
  },
  {
    category: 1,
    sub: 'mixed',
    price: 650,
    stock: 6,
    featured: true,
    colors: ['rose'],
    art: { kind: 'bouquet', bloom: 'peony' },
    fr: pt(
      'Bouquet de pivoines roses',
      'Pivoines Sarah Bernhardt en boutons qui s’ouvrent en quelques jours. En saison d’avril à juin.',
      'pivoines, rose, printemps, luxe',
    ),
    en: pt(
      'Pink peony bouquet',
      'Sarah Bernhardt peonies in bud that open within a few days. In season from April to June.',
      'peonies, pink, spring, luxury',
    ),
    ar: pt('باقة فاوانيا وردية', 'براعم فاوانيا تتفتح في غضون أيام قليلة. متوفرة من أبريل إلى يونيو.', 'فاوانيا, وردي, ربيع, فخامة'),
  },
  {
    category: 1,
    sub: 'mixed',
    price: 260,
    stock: 22,
    colors: ['jaune'],
    art: { kind: 'bouquet', bloom: 'sunflower' },
    fr: pt('Bouquet de tournesols', 'Sept tournesols et feuillage vert : un rayon de soleil à offrir.', 'tournesols, jaune, été, soleil'),
    en: pt('Sunflower bouquet', 'Seven sunflowers and green foliage: a ray of sunshine to give.', 'sunflowers, yellow, summer, sunshine'),
    ar: pt('باقة عباد الشمس', 'سبع زهرات من عباد الشمس مع أوراق خضراء: شعاع شمس تهديه.', 'عباد الشمس, أصفر, صيف, شمس'),
  },
  {
    category: 1,
    sub: 'mixed',
    price: 390,
    stock: 11,
    colors: ['blanc'],
    art: { kind: 'bouquet', bloom: 'lily' },
    fr: pt(
      'Bouquet de lys blancs',
      'Lys blancs parfumés et feuillage, élégant pour une condoléance ou un remerciement.',
      'lys, blanc, élégance, condoléances',
    ),
    en: pt('White lily bouquet', 'Fragrant white lilies and foliage, elegant for sympathy or thanks.', 'lilies, white, elegance, sympathy'),
    ar: pt('باقة زنابق بيضاء', 'زنابق بيضاء عطرة مع أوراق خضراء، أنيقة للتعزية أو الشكر.', 'زنبق, أبيض, أناقة, تعزية'),
  },
  {
    category: 1,
    sub: 'mixed',
    price: 540,
    stock: 7,
    colors: ['bleu', 'blanc'],
    art: { kind: 'bouquet', bloom: 'hydrangea' },
    fr: pt(
      'Bouquet « Chefchaouen »',
      'Hortensias bleus et roses blanches, aux couleurs de la perle bleue du Rif.',
      'chefchaouen, bleu, blanc, hortensia',
    ),
    en: pt(
      '“Chefchaouen” bouquet',
      'Blue hydrangeas and white roses, in the colours of the blue pearl of the Rif.',
      'chefchaouen, blue, white, hydrangea',
    ),
    ar: pt('باقة «شفشاون»', 'كوبية زرقاء وورود بيضاء بألوان الجوهرة الزرقاء في الريف.', 'شفشاون, أزرق, أبيض, كوبية'),
  },
  // ------------------------------------------------ bouquets: birthday
  {
    category: 1,
    sub: 'birthday',
    price: 240,
    stock: 20,
    colors: ['orange', 'rose', 'jaune'],
    art: { kind: 'bouquet', bloom: 'daisy' },
    fr: pt(
      'Bouquet de gerberas',
      'Gerberas orange, roses et jaunes : un bouquet pétillant et petit prix.',
      'gerberas, anniversaire, couleurs, petit prix',
    ),
    en: pt(
      'Gerbera bouquet',
      'Orange, pink and yellow gerberas: a sparkling bouquet at a small price.',
      'gerberas, birthday, colourful, budget',
    ),
    ar: pt('باقة جربيرا', 'جربيرا برتقالية ووردية وصفراء: باقة مبهجة بسعر صغير.', 'جربيرا, عيد ميلاد, ألوان, سعر مناسب'),
  },
  {
    category: 1,
    sub: 'birthday',
    price: 350,
    stock: 18,
    discount: 20,
    colors: ['rose', 'jaune', 'orange'],
    art: { kind: 'bouquet', bloom: 'mix' },
    fr: pt(
      'Bouquet « Joyeux anniversaire »',
      'Roses, gerberas et alstroemerias aux couleurs vives, avec une carte d’anniversaire offerte.',
      'anniversaire, fête, couleurs, carte',
    ),
    en: pt(
      '“Happy Birthday” bouquet',
      'Roses, gerberas and alstroemerias in bright colours, with a free birthday card.',
      'birthday, party, colourful, card',
    ),
    ar: pt('باقة «عيد ميلاد سعيد»', 'ورود وجربيرا وألستروميريا بألوان زاهية، مع بطاقة تهنئة مجانية.', 'عيد ميلاد, احتفال, ألوان, بطاقة'),
  },
  {
    category: 1,
    sub: 'birthday',
    price: 300,
    stock: 30,
    colors: [],
    art: { kind: 'bouquet', bloom: 'mix' },
    fr: pt(
      'Bouquet surprise du fleuriste',
      'Faites-nous confiance : nos fleuristes composent un bouquet avec les plus belles fleurs du jour.',
      'surprise, fleuriste, saison, anniversaire',
    ),
    en: pt(
      'Florist’s surprise bouquet',
      'Trust us: our florists create a bouquet with the finest flowers of the day.',
      'surprise, florist, seasonal, birthday',
    ),
    ar: pt('باقة مفاجأة من منسق الزهور', 'ثق بنا: ينسق خبراؤنا باقة بأجمل زهور اليوم.', 'مفاجأة, منسق الزهور, موسم, عيد ميلاد'),
  },
  // ------------------------------------------------ bouquets: wedding
  {
    category: 1,
    sub: 'wedding',
    price: 1200,
    stock: 4,
    featured: true,
    images: 2,
    colors: ['blanc'],
    art: { kind: 'bouquet', bloom: 'rose' },
    fr: pt(
      'Bouquet de mariée « Andalouse »',
      'Roses blanches, jasmin et fleurs d’oranger en cascade, inspiré des mariages de Fès et de Tétouan.',
      'mariage, mariée, blanc, andalou',
    ),
    en: pt(
      '“Andalusian” bridal bouquet',
      'White roses, jasmine and orange blossom in a cascade, inspired by weddings in Fez and Tetouan.',
      'wedding, bride, white, andalusian',
    ),
    ar: pt(
      'باقة العروس «أندلسية»',
      'ورود بيضاء وياسمين وزهر البرتقال على شكل شلال، مستوحاة من أعراس فاس وتطوان.',
      'عرس, عروس, أبيض, أندلسي',
    ),
  },
  {
    category: 1,
    sub: 'wedding',
    price: 1500,
    stock: 3,
    colors: ['blanc', 'rose'],
    art: { kind: 'bouquet', bloom: 'peony' },
    fr: pt(
      'Bouquet de mariée pivoines et roses',
      'Pivoines et roses de jardin aux tons poudrés, noué de ruban de soie. Sur commande 48 h à l’avance.',
      'mariage, mariée, pivoines, roses, luxe',
    ),
    en: pt(
      'Peony and rose bridal bouquet',
      'Peonies and garden roses in powdery tones, tied with silk ribbon. Order 48 hours ahead.',
      'wedding, bride, peonies, roses, luxury',
    ),
    ar: pt(
      'باقة العروس بالفاوانيا والورود',
      'فاوانيا وورود حدائق بألوان هادئة، مربوطة بشريط حريري. تُطلب قبل 48 ساعة.',
      'عرس, عروس, فاوانيا, ورود, فخامة',
    ),
  },
  {
    category: 1,
    sub: 'wedding',
    price: 1350,
    stock: 0,
    colors: ['blanc', 'vert'],
    art: { kind: 'bouquet', bloom: 'daisy' },
    fr: pt(
      'Bouquet de mariée jasmin et fleurs d’oranger',
      'Jasmin, fleurs d’oranger et verdure : un parfum inoubliable pour le grand jour.',
      'mariage, jasmin, fleur d’oranger, parfum',
    ),
    en: pt(
      'Jasmine and orange blossom bridal bouquet',
      'Jasmine, orange blossom and greenery: an unforgettable scent for the big day.',
      'wedding, jasmine, orange blossom, fragrant',
    ),
    ar: pt(
      'باقة العروس بالياسمين وزهر البرتقال',
      'ياسمين وزهر البرتقال وأغصان خضراء: عطر لا يُنسى ليوم العمر.',
      'عرس, ياسمين, زهر البرتقال, عطر',
    ),
  },
  {
    category: 1,
    sub: 'wedding',
    price: 150,
    stock: 40,
    colors: ['blanc'],
    art: { kind: 'stem', bloom: 'rose' },
    fr: pt(
      'Boutonnière du marié',
      'Une rose blanche et un brin de verdure, assortie au bouquet de la mariée.',
      'mariage, marié, boutonnière, blanc',
    ),
    en: pt(
      'Groom’s buttonhole',
      'A white rose and a sprig of greenery, matching the bride’s bouquet.',
      'wedding, groom, buttonhole, white',
    ),
    ar: pt('زهرة صدر العريس', 'وردة بيضاء وغصن أخضر، متناسقة مع باقة العروس.', 'عرس, عريس, زهرة الصدر, أبيض'),
  },
  {
    category: 1,
    sub: 'wedding',
    price: 450,
    stock: 10,
    colors: ['rose', 'blanc'],
    art: { kind: 'bouquet', bloom: 'rose' },
    fr: pt(
      'Bouquet de demoiselle d’honneur',
      'Un petit bouquet rond de roses roses et blanches pour le cortège.',
      'mariage, demoiselle d’honneur, rose, blanc',
    ),
    en: pt('Bridesmaid bouquet', 'A small round bouquet of pink and white roses for the bridal party.', 'wedding, bridesmaid, pink, white'),
    ar: pt('باقة الوصيفة', 'باقة دائرية صغيرة من الورود الوردية والبيضاء لموكب العروس.', 'عرس, وصيفة, وردي, أبيض'),
  },

  // ------------------------------------------------ single stems: roses
  {
    category: 2,
    sub: 'stem-roses',
    price: 20,
    // The shop's most sold stem, bought by the bunch: the browser journeys buy it too, side by side.
    stock: 300,
    featured: true,
    images: 5,
    colors: ['rouge', 'rose', 'blanc', 'jaune', 'orange'],
    art: { kind: 'stem', bloom: 'rose' },
    fr: pt(
      'Rose à la tige',
      'Une rose fraîche de 50 cm, à offrir seule ou à assembler dans votre propre bouquet.',
      'rose, tige, unité, composer',
    ),
    en: pt('Single rose', 'A fresh 50 cm rose, to give on its own or to add to your own bouquet.', 'rose, stem, single, build your own'),
    ar: pt('وردة بالساق', 'وردة طازجة بطول 50 سم، تُهدى وحدها أو تُضاف إلى باقتك الخاصة.', 'وردة, ساق, حبة, تنسيق'),
  },
  {
    category: 2,
    sub: 'stem-roses',
    price: 25,
    stock: 60,
    colors: ['rose', 'rouge', 'blanc'],
    art: { kind: 'stem', bloom: 'peony' },
    fr: pt(
      'Rose de Kelâat M’Gouna à la tige',
      'La rose de Damas de la vallée des roses, au parfum intense. Disponible au printemps.',
      'rose, kelaat mgouna, damas, parfum',
    ),
    en: pt(
      'Kelâat M’Gouna rose stem',
      'The Damask rose of the Valley of Roses, with an intense scent. Available in spring.',
      'rose, kelaat mgouna, damask, fragrant',
    ),
    ar: pt(
      'وردة قلعة مكونة بالساق',
      'الوردة الدمشقية من وادي الورود بعطرها القوي. متوفرة في الربيع.',
      'وردة, قلعة مكونة, الورد البلدي, عطر',
    ),
  },
  {
    category: 2,
    sub: 'stem-roses',
    price: 35,
    stock: 50,
    colors: ['rouge', 'rose', 'blanc', 'violet'],
    art: { kind: 'stem', bloom: 'rose' },
    fr: pt(
      'Rose grand cru tige longue',
      'Rose à grosse tête sur tige de 70 cm, la plus élégante de nos roses.',
      'rose, tige longue, premium, élégance',
    ),
    en: pt(
      'Long-stem premium rose',
      'A large-headed rose on a 70 cm stem, the most elegant of our roses.',
      'rose, long stem, premium, elegance',
    ),
    ar: pt('وردة فاخرة طويلة الساق', 'وردة كبيرة الرأس على ساق بطول 70 سم، أكثر ورودنا أناقة.', 'وردة, ساق طويلة, فاخر, أناقة'),
  },
  {
    category: 2,
    sub: 'stem-roses',
    price: 18,
    stock: 70,
    colors: ['rose', 'blanc', 'jaune', 'orange'],
    art: { kind: 'stem', bloom: 'rose' },
    fr: pt(
      'Mini-rose branchue',
      'Une tige ramifiée portant cinq à huit petites roses, idéale pour donner du volume.',
      'mini-rose, branchue, volume, tige',
    ),
    en: pt(
      'Spray rose',
      'A branching stem carrying five to eight small roses, ideal to add volume.',
      'spray rose, mini rose, volume, stem',
    ),
    ar: pt('ورد صغير متفرع', 'ساق متفرعة تحمل من خمس إلى ثماني ورود صغيرة، مثالية لإضافة الحجم.', 'ورد صغير, متفرع, حجم, ساق'),
  },
  {
    category: 2,
    sub: 'stem-roses',
    price: 45,
    stock: 30,
    discount: 10,
    colors: ['rose', 'blanc', 'jaune', 'orange'],
    art: { kind: 'stem', bloom: 'peony' },
    fr: pt(
      'Rose de jardin parfumée',
      'Une rose anglaise aux pétales innombrables et au parfum de fruits.',
      'rose de jardin, parfum, anglaise, tige',
    ),
    en: pt(
      'Fragrant garden rose',
      'An English-style rose with countless petals and a fruity scent.',
      'garden rose, fragrant, english rose, stem',
    ),
    ar: pt('وردة حديقة عطرة', 'وردة إنجليزية بتويجات كثيرة وعطر فواكه.', 'وردة حديقة, عطر, إنجليزية, ساق'),
  },
  // ------------------------------------------------ single stems: seasonal
  {
    category: 2,
    sub: 'stem-seasonal',
    price: 15,
    stock: 75,
    colors: ['rouge', 'rose', 'blanc', 'jaune', 'orange', 'violet'],
    art: { kind: 'stem', bloom: 'tulip' },
    fr: pt(
      'Tulipe à la tige',
      'Tulipe de Hollande en six couleurs, pour un bouquet de printemps sur mesure.',
      'tulipe, tige, printemps, couleurs',
    ),
    en: pt('Tulip stem', 'Dutch tulip in six colours, for a made-to-measure spring bouquet.', 'tulip, stem, spring, colours'),
    ar: pt('زهرة توليب بالساق', 'توليب هولندي بستة ألوان، لباقة ربيعية حسب ذوقك.', 'توليب, ساق, ربيع, ألوان'),
  },
  {
    category: 2,
    sub: 'stem-seasonal',
    price: 15,
    stock: 65,
    colors: ['rouge', 'rose', 'jaune', 'orange', 'blanc'],
    art: { kind: 'stem', bloom: 'daisy' },
    fr: pt(
      'Gerbera à la tige',
      'La grande marguerite colorée qui tient plus d’une semaine en vase.',
      'gerbera, tige, couleurs, longue tenue',
    ),
    en: pt('Gerbera stem', 'The big colourful daisy that lasts more than a week in a vase.', 'gerbera, stem, colourful, long lasting'),
    ar: pt('جربيرا بالساق', 'زهرة الأقحوان الكبيرة الملونة التي تدوم أكثر من أسبوع في المزهرية.', 'جربيرا, ساق, ألوان, تدوم طويلا'),
  },
  {
    category: 2,
    sub: 'stem-seasonal',
    price: 22,
    stock: 45,
    colors: ['jaune', 'orange', 'rouge'],
    art: { kind: 'stem', bloom: 'sunflower' },
    fr: pt('Tournesol à la tige', 'Un tournesol généreux, jaune, orangé ou bordeaux.', 'tournesol, tige, été, jaune'),
    en: pt('Sunflower stem', 'A generous sunflower, in yellow, orange or burgundy.', 'sunflower, stem, summer, yellow'),
    ar: pt('عباد الشمس بالساق', 'زهرة عباد شمس كبيرة، صفراء أو برتقالية أو عنابية.', 'عباد الشمس, ساق, صيف, أصفر'),
  },
  {
    category: 2,
    sub: 'stem-seasonal',
    price: 15,
    stock: 80,
    colors: ['rouge', 'rose', 'blanc', 'jaune', 'violet'],
    art: { kind: 'stem', bloom: 'daisy' },
    fr: pt('Œillet à la tige', 'L’œillet aux pétales dentelés, parfumé et très résistant.', 'œillet, tige, parfum, résistant'),
    en: pt('Carnation stem', 'The carnation with frilled petals, fragrant and long lasting.', 'carnation, stem, fragrant, long lasting'),
    ar: pt('قرنفل بالساق', 'القرنفل بتويجاته المسننة، عطر ويدوم طويلا.', 'قرنفل, ساق, عطر, يدوم طويلا'),
  },
  {
    category: 2,
    sub: 'stem-seasonal',
    price: 15,
    stock: 60,
    colors: ['blanc', 'jaune', 'rose'],
    art: { kind: 'stem', bloom: 'daisy' },
    fr: pt('Marguerite à la tige', 'Une tige de marguerites fraîches, simple et champêtre.', 'marguerite, tige, champêtre, simple'),
    en: pt('Daisy stem', 'A stem of fresh daisies, simple and rustic.', 'daisy, stem, rustic, simple'),
    ar: pt('أقحوان بالساق', 'ساق من زهور الأقحوان الطازجة، بسيطة وريفية.', 'أقحوان, ساق, ريفي, بسيط'),
  },
  {
    category: 2,
    sub: 'stem-seasonal',
    price: 18,
    stock: 55,
    colors: ['blanc', 'jaune', 'orange', 'violet', 'rose'],
    art: { kind: 'stem', bloom: 'daisy' },
    fr: pt(
      'Chrysanthème à la tige',
      'Chrysanthème boule ou marguerite, en cinq couleurs, très longue tenue.',
      'chrysanthème, tige, automne, longue tenue',
    ),
    en: pt(
      'Chrysanthemum stem',
      'Pompom or daisy chrysanthemum, in five colours, very long lasting.',
      'chrysanthemum, stem, autumn, long lasting',
    ),
    ar: pt('أقحوان الخريف بالساق', 'زهرة الكريزانتيم بخمسة ألوان، تدوم طويلا جدا.', 'كريزانتيم, ساق, خريف, يدوم طويلا'),
  },
  {
    category: 2,
    sub: 'stem-seasonal',
    price: 20,
    stock: 40,
    colors: ['jaune', 'blanc', 'violet', 'rose', 'rouge'],
    art: { kind: 'stem', bloom: 'tulip' },
    fr: pt('Freesia à la tige', 'Le freesia et son parfum fruité, en grappes délicates.', 'freesia, tige, parfum, délicat'),
    en: pt('Freesia stem', 'Freesia with its fruity scent, in delicate sprays.', 'freesia, stem, fragrant, delicate'),
    ar: pt('فريزيا بالساق', 'زهرة الفريزيا بعطرها الفواح وعناقيدها الرقيقة.', 'فريزيا, ساق, عطر, رقيق'),
  },
  {
    category: 2,
    sub: 'stem-seasonal',
    price: 28,
    stock: 35,
    colors: ['blanc', 'violet', 'rose', 'vert'],
    art: { kind: 'stem', bloom: 'rose' },
    fr: pt(
      'Lisianthus à la tige',
      'Des fleurs en forme de rose, légères et romantiques, plusieurs boutons par tige.',
      'lisianthus, tige, romantique, léger',
    ),
    en: pt('Lisianthus stem', 'Rose-like flowers, light and romantic, several buds per stem.', 'lisianthus, stem, romantic, light'),
    ar: pt('ليزيانثوس بالساق', 'زهور تشبه الورد، خفيفة ورومانسية، بعدة براعم في كل ساق.', 'ليزيانثوس, ساق, رومانسي, خفيف'),
  },
  {
    category: 2,
    sub: 'stem-seasonal',
    price: 30,
    stock: 0,
    colors: ['rose', 'orange', 'blanc', 'rouge', 'jaune'],
    art: { kind: 'stem', bloom: 'peony' },
    fr: pt(
      'Renoncule à la tige',
      'Renoncule aux pétales de papier de soie. De retour en saison, de janvier à avril.',
      'renoncule, tige, hiver, printemps',
    ),
    en: pt(
      'Ranunculus stem',
      'Ranunculus with tissue-paper petals. Back in season from January to April.',
      'ranunculus, stem, winter, spring',
    ),
    ar: pt('زهرة الحوذان بالساق', 'حوذان بتويجات رقيقة كالورق. تعود في موسمها من يناير إلى أبريل.', 'حوذان, ساق, شتاء, ربيع'),
  },
  {
    category: 2,
    sub: 'stem-seasonal',
    price: 25,
    stock: 35,
    colors: ['rouge', 'blanc', 'bleu', 'violet'],
    art: { kind: 'stem', bloom: 'daisy' },
    fr: pt('Anémone à la tige', 'L’anémone au cœur noir, rouge, blanche, bleue ou violette.', 'anémone, tige, hiver, cœur noir'),
    en: pt('Anemone stem', 'The black-hearted anemone, in red, white, blue or purple.', 'anemone, stem, winter, black heart'),
    ar: pt(
      'شقائق النعمان بالساق',
      'شقائق النعمان بقلبها الأسود، حمراء أو بيضاء أو زرقاء أو بنفسجية.',
      'شقائق النعمان, ساق, شتاء, قلب أسود',
    ),
  },
  {
    category: 2,
    sub: 'stem-seasonal',
    price: 18,
    stock: 45,
    colors: ['bleu', 'violet', 'blanc', 'jaune'],
    art: { kind: 'stem', bloom: 'lily' },
    fr: pt('Iris à la tige', 'L’iris élancé, bleu profond ou violet, au cœur jaune.', 'iris, tige, bleu, printemps'),
    en: pt('Iris stem', 'The slender iris, deep blue or purple with a yellow heart.', 'iris, stem, blue, spring'),
    ar: pt('سوسن بالساق', 'زهرة السوسن الرشيقة، زرقاء داكنة أو بنفسجية بقلب أصفر.', 'سوسن, ساق, أزرق, ربيع'),
  },
  // ------------------------------------------------ single stems: premium
  {
    category: 2,
    sub: 'stem-premium',
    price: 55,
    stock: 25,
    featured: true,
    colors: ['rose', 'blanc', 'rouge'],
    art: { kind: 'stem', bloom: 'peony' },
    fr: pt(
      'Pivoine à la tige',
      'Une pivoine en bouton qui s’épanouit en une grosse fleur parfumée. D’avril à juin.',
      'pivoine, tige, printemps, parfum',
    ),
    en: pt('Peony stem', 'A peony bud that opens into a large fragrant flower. April to June.', 'peony, stem, spring, fragrant'),
    ar: pt('فاوانيا بالساق', 'برعم فاوانيا يتفتح إلى زهرة كبيرة عطرة. من أبريل إلى يونيو.', 'فاوانيا, ساق, ربيع, عطر'),
  },
  {
    category: 2,
    sub: 'stem-premium',
    price: 40,
    stock: 30,
    colors: ['blanc', 'rose', 'orange', 'jaune'],
    art: { kind: 'stem', bloom: 'lily' },
    fr: pt('Lys à la tige', 'Une tige de lys à trois ou quatre fleurs, au parfum puissant.', 'lys, tige, parfum, élégant'),
    en: pt('Lily stem', 'A lily stem with three or four flowers and a powerful scent.', 'lily, stem, fragrant, elegant'),
    ar: pt('زنبق بالساق', 'ساق زنبق بثلاث أو أربع زهرات وعطر قوي.', 'زنبق, ساق, عطر, أنيق'),
  },
  {
    category: 2,
    sub: 'stem-premium',
    price: 60,
    stock: 20,
    colors: ['blanc', 'vert', 'rose', 'jaune'],
    art: { kind: 'stem', bloom: 'orchid' },
    fr: pt(
      'Orchidée Cymbidium à la tige',
      'Une hampe de Cymbidium couverte de fleurs, qui tient trois semaines en vase.',
      'orchidée, cymbidium, tige, exotique',
    ),
    en: pt(
      'Cymbidium orchid stem',
      'A Cymbidium spray covered in flowers that lasts three weeks in a vase.',
      'orchid, cymbidium, stem, exotic',
    ),
    ar: pt(
      'أوركيد سيمبيديوم بالساق',
      'ساق أوركيد سيمبيديوم مغطاة بالزهور، تدوم ثلاثة أسابيع في المزهرية.',
      'أوركيد, سيمبيديوم, ساق, استوائي',
    ),
  },
  {
    category: 2,
    sub: 'stem-premium',
    price: 50,
    stock: 25,
    discount: 15,
    colors: ['bleu', 'rose', 'blanc', 'violet', 'vert'],
    art: { kind: 'stem', bloom: 'hydrangea' },
    fr: pt('Hortensia à la tige', 'Une boule d’hortensia qui remplit un vase à elle seule.', 'hortensia, tige, volume, bleu'),
    en: pt('Hydrangea stem', 'A hydrangea head that fills a vase on its own.', 'hydrangea, stem, volume, blue'),
    ar: pt('كوبية بالساق', 'رأس كوبية كبير يملأ المزهرية وحده.', 'كوبية, ساق, حجم, أزرق'),
  },
  {
    category: 2,
    sub: 'stem-premium',
    price: 45,
    stock: 30,
    colors: ['blanc', 'jaune', 'violet', 'rose'],
    art: { kind: 'stem', bloom: 'calla' },
    fr: pt('Arum à la tige', 'La calla aux lignes pures, parfaite pour un bouquet moderne ou de mariée.', 'arum, calla, tige, mariage'),
    en: pt('Calla lily stem', 'The calla with pure lines, perfect for a modern or bridal bouquet.', 'calla, arum, stem, wedding'),
    ar: pt('كالا بالساق', 'زهرة الكالا بخطوطها النقية، مثالية لباقة عصرية أو باقة عروس.', 'كالا, ساق, عرس, عصري'),
  },

  // ------------------------------------------------ dried flowers
  {
    category: 3,
    sub: 'dried-bouquets',
    price: 320,
    stock: 15,
    featured: true,
    images: 2,
    colors: ['orange', 'jaune'],
    art: { kind: 'dried', bloom: 'mix' },
    fr: pt(
      'Bouquet séché « Sahara »',
      'Pampas, palmier séché, statice et chardons aux tons de dunes. Dure plus d’un an.',
      'séché, sahara, pampas, déco',
    ),
    en: pt(
      '“Sahara” dried bouquet',
      'Pampas, dried palm, statice and thistles in the tones of the dunes. Lasts over a year.',
      'dried, sahara, pampas, decor',
    ),
    ar: pt('باقة مجففة «صحراء»', 'بامباس وسعف نخيل مجفف وزهور ستاتيس وشوك بألوان الكثبان. تدوم أكثر من سنة.', 'مجفف, صحراء, بامباس, ديكور'),
  },
  {
    category: 3,
    sub: 'dried-bouquets',
    price: 280,
    stock: 12,
    colors: ['rose', 'blanc'],
    art: { kind: 'dried', bloom: 'mix' },
    fr: pt('Bouquet séché « Bohème »', 'Lagurus, gypsophile et roses séchées dans des tons poudrés.', 'séché, bohème, rose poudré, déco'),
    en: pt('“Boho” dried bouquet', 'Bunny tails, baby’s breath and dried roses in powdery tones.', 'dried, boho, blush, decor'),
    ar: pt('باقة مجففة «بوهيمية»', 'أعشاب وجبسوفيلا وورود مجففة بألوان هادئة.', 'مجفف, بوهيمي, وردي فاتح, ديكور'),
  },
  {
    category: 3,
    sub: 'dried-bouquets',
    price: 240,
    stock: 9,
    colors: ['rose'],
    art: { kind: 'dried', bloom: 'peony' },
    fr: pt('Pivoines séchées', 'Cinq pivoines séchées à l’air, au rose ancien délicat.', 'pivoines, séché, rose ancien, vintage'),
    en: pt('Dried peonies', 'Five air-dried peonies in a delicate vintage pink.', 'peonies, dried, vintage pink, vintage'),
    ar: pt('فاوانيا مجففة', 'خمس زهرات فاوانيا مجففة بالهواء بلون وردي عتيق رقيق.', 'فاوانيا, مجفف, وردي عتيق, كلاسيكي'),
  },
  {
    category: 3,
    sub: 'dried-bouquets',
    price: 90,
    stock: 50,
    colors: ['violet'],
    art: { kind: 'dried', bloom: 'spike' },
    fr: pt('Botte de lavande séchée', 'Lavande de l’Atlas séchée, pour parfumer armoires et salons.', 'lavande, séché, parfum, atlas'),
    en: pt(
      'Dried lavender bunch',
      'Dried lavender from the Atlas, to scent wardrobes and living rooms.',
      'lavender, dried, fragrant, atlas',
    ),
    ar: pt('حزمة خزامى مجففة', 'خزامى مجففة من الأطلس لتعطير الخزائن وغرف الجلوس.', 'خزامى, مجفف, عطر, الأطلس'),
  },
  {
    category: 3,
    sub: 'dried-bouquets',
    price: 260,
    stock: 14,
    colors: ['rouge', 'rose'],
    art: { kind: 'dried', bloom: 'rose' },
    fr: pt(
      'Bouquet de roses séchées',
      'Roses séchées et eucalyptus, pour garder le souvenir d’un moment.',
      'roses, séché, souvenir, eucalyptus',
    ),
    en: pt('Dried rose bouquet', 'Dried roses and eucalyptus, to keep the memory of a moment.', 'roses, dried, keepsake, eucalyptus'),
    ar: pt('باقة ورود مجففة', 'ورود مجففة وأوكالبتوس، للاحتفاظ بذكرى لحظة جميلة.', 'ورود, مجفف, ذكرى, أوكالبتوس'),
  },
  {
    category: 3,
    sub: 'dried-bouquets',
    price: 380,
    stock: 6,
    colors: ['orange', 'rose', 'jaune'],
    art: { kind: 'dried', bloom: 'mix' },
    fr: pt(
      'Couronne de fleurs séchées',
      'Une couronne de 30 cm en fleurs séchées, à accrocher à la porte ou au mur.',
      'couronne, séché, porte, déco',
    ),
    en: pt('Dried flower wreath', 'A 30 cm dried flower wreath to hang on a door or wall.', 'wreath, dried, door, decor'),
    ar: pt('إكليل زهور مجففة', 'إكليل بقطر 30 سم من الزهور المجففة يُعلّق على الباب أو الحائط.', 'إكليل, مجفف, باب, ديكور'),
  },
  {
    category: 3,
    sub: 'dried-bouquets',
    price: 95,
    stock: 40,
    colors: ['orange', 'violet', 'jaune'],
    art: { kind: 'dried', bloom: 'mix' },
    fr: pt(
      'Mini-bouquet séché « Souk »',
      'Un petit bouquet coloré, comme rapporté d’une balade dans les souks.',
      'séché, mini, souk, cadeau',
    ),
    en: pt(
      '“Souk” mini dried bouquet',
      'A small colourful bouquet, as if brought back from a stroll through the souks.',
      'dried, mini, souk, gift',
    ),
    ar: pt('باقة مجففة صغيرة «سوق»', 'باقة صغيرة ملونة، كأنها من جولة في الأسواق.', 'مجفف, صغير, سوق, هدية'),
  },
  {
    category: 3,
    sub: 'dried-pampas',
    price: 150,
    stock: 25,
    colors: ['blanc'],
    art: { kind: 'dried', bloom: 'pampas' },
    fr: pt('Pampas naturel', 'Trois plumes d’herbe de la pampa couleur crème, 100 cm.', 'pampas, naturel, crème, déco'),
    en: pt('Natural pampas grass', 'Three cream pampas grass plumes, 100 cm.', 'pampas, natural, cream, decor'),
    ar: pt('بامباس طبيعي', 'ثلاث ريشات من عشب البامباس بلون كريمي، بطول 100 سم.', 'بامباس, طبيعي, كريمي, ديكور'),
  },
  {
    category: 3,
    sub: 'dried-pampas',
    price: 170,
    stock: 18,
    discount: 10,
    colors: ['rose'],
    art: { kind: 'dried', bloom: 'pampas' },
    fr: pt('Pampas rose poudré', 'Trois plumes de pampas teintées rose poudré, pour une touche douce.', 'pampas, rose, poudré, déco'),
    en: pt('Blush pink pampas', 'Three pampas plumes dyed blush pink, for a soft touch.', 'pampas, pink, blush, decor'),
    ar: pt('بامباس وردي فاتح', 'ثلاث ريشات بامباس مصبوغة بالوردي الفاتح، للمسة ناعمة.', 'بامباس, وردي, فاتح, ديكور'),
  },
  {
    category: 3,
    sub: 'dried-pampas',
    price: 130,
    stock: 20,
    colors: ['jaune'],
    art: { kind: 'dried', bloom: 'spike' },
    fr: pt('Bouquet de blé et graminées', 'Épis de blé, avoine et lagurus, un bouquet doré et durable.', 'blé, graminées, doré, séché'),
    en: pt('Wheat and grasses bunch', 'Ears of wheat, oats and bunny tails, a golden bouquet that lasts.', 'wheat, grasses, golden, dried'),
    ar: pt('باقة قمح وأعشاب', 'سنابل قمح وشوفان وأعشاب، باقة ذهبية تدوم طويلا.', 'قمح, أعشاب, ذهبي, مجفف'),
  },
  {
    category: 3,
    sub: 'dried-preserved',
    price: 450,
    stock: 10,
    featured: true,
    images: 2,
    colors: ['rouge'],
    art: { kind: 'dried', bloom: 'rose' },
    fr: pt(
      'Rose éternelle sous cloche',
      'Une rose stabilisée sous cloche de verre, qui garde sa beauté pendant des années.',
      'rose éternelle, stabilisée, cloche, cadeau',
    ),
    en: pt(
      'Eternal rose under glass',
      'A preserved rose under a glass dome that keeps its beauty for years.',
      'eternal rose, preserved, glass dome, gift',
    ),
    ar: pt('وردة أبدية تحت قبة زجاجية', 'وردة محفوظة تحت قبة زجاجية تحتفظ بجمالها لسنوات.', 'وردة أبدية, محفوظة, قبة زجاجية, هدية'),
  },
  {
    category: 3,
    sub: 'dried-preserved',
    price: 690,
    stock: 0,
    colors: ['rouge', 'rose', 'blanc'],
    art: { kind: 'dried', bloom: 'rose' },
    fr: pt('Box de roses stabilisées', 'Seize roses stabilisées dans une boîte ronde en velours.', 'roses, stabilisées, box, luxe'),
    en: pt('Preserved rose box', 'Sixteen preserved roses in a round velvet box.', 'roses, preserved, box, luxury'),
    ar: pt('علبة ورود محفوظة', 'ست عشرة وردة محفوظة في علبة دائرية من المخمل.', 'ورود, محفوظة, علبة, فخامة'),
  },
  {
    category: 3,
    sub: 'dried-preserved',
    price: 220,
    stock: 16,
    discount: 20,
    colors: ['bleu', 'violet'],
    art: { kind: 'dried', bloom: 'hydrangea' },
    fr: pt(
      'Hortensia stabilisé',
      'Une tête d’hortensia stabilisé bleu-mauve, sans entretien.',
      'hortensia, stabilisé, bleu, sans entretien',
    ),
    en: pt('Preserved hydrangea', 'A blue-mauve preserved hydrangea head, maintenance-free.', 'hydrangea, preserved, blue, no care'),
    ar: pt('كوبية محفوظة', 'رأس كوبية محفوظ بلون أزرق بنفسجي، لا يحتاج إلى عناية.', 'كوبية, محفوظة, أزرق, بدون عناية'),
  },

  // ------------------------------------------------ plants: orchids
  {
    category: 4,
    sub: 'orchids',
    price: 290,
    stock: 20,
    featured: true,
    images: 2,
    colors: ['blanc'],
    art: { kind: 'plant', plant: 'orchid' },
    fr: pt(
      'Orchidée blanche en pot',
      'Phalaenopsis blanc à deux hampes, fleuri pendant deux à trois mois.',
      'orchidée, blanc, phalaenopsis, pot',
    ),
    en: pt(
      'White potted orchid',
      'White Phalaenopsis with two spikes, in flower for two to three months.',
      'orchid, white, phalaenopsis, potted',
    ),
    ar: pt('أوركيد أبيض في أصيص', 'أوركيد فالانوبسيس أبيض بساقين، يزهر لمدة شهرين إلى ثلاثة أشهر.', 'أوركيد, أبيض, فالانوبسيس, أصيص'),
  },
  {
    category: 4,
    sub: 'orchids',
    price: 350,
    stock: 14,
    colors: ['rose'],
    art: { kind: 'plant', plant: 'orchid' },
    fr: pt(
      'Orchidée Phalaenopsis rose',
      'Une orchidée rose vif à deux branches, dans un pot en céramique blanche.',
      'orchidée, rose, phalaenopsis, céramique',
    ),
    en: pt(
      'Pink Phalaenopsis orchid',
      'A bright pink orchid with two spikes, in a white ceramic pot.',
      'orchid, pink, phalaenopsis, ceramic',
    ),
    ar: pt('أوركيد فالانوبسيس وردي', 'أوركيد وردي زاهٍ بفرعين في أصيص خزفي أبيض.', 'أوركيد, وردي, فالانوبسيس, خزف'),
  },
  {
    category: 4,
    sub: 'orchids',
    price: 420,
    stock: 8,
    discount: 10,
    colors: ['violet'],
    art: { kind: 'plant', plant: 'orchid' },
    fr: pt(
      'Orchidée violette en cache-pot zellige',
      'Orchidée violette dans un cache-pot en zellige de Fès fait main.',
      'orchidée, violet, zellige, fès',
    ),
    en: pt('Purple orchid in a zellige pot', 'Purple orchid in a handmade Fez zellige pot.', 'orchid, purple, zellige, fez'),
    ar: pt('أوركيد بنفسجي في أصيص زليج', 'أوركيد بنفسجي في أصيص من الزليج الفاسي المصنوع يدويًا.', 'أوركيد, بنفسجي, زليج, فاس'),
  },
  // ------------------------------------------------ plants: indoor
  {
    category: 4,
    sub: 'indoor',
    price: 380,
    stock: 12,
    colors: ['vert'],
    art: { kind: 'plant', plant: 'monstera' },
    fr: pt(
      'Monstera deliciosa',
      'La plante aux grandes feuilles découpées, facile et spectaculaire. Hauteur 80 cm.',
      'monstera, plante verte, intérieur, facile',
    ),
    en: pt(
      'Monstera deliciosa',
      'The plant with large split leaves, easy and spectacular. 80 cm tall.',
      'monstera, green plant, indoor, easy',
    ),
    ar: pt('مونستيرا', 'النبتة ذات الأوراق الكبيرة المشقوقة، سهلة ومبهرة. بارتفاع 80 سم.', 'مونستيرا, نبتة خضراء, داخلي, سهل'),
  },
  {
    category: 4,
    sub: 'indoor',
    price: 450,
    stock: 5,
    colors: ['vert'],
    art: { kind: 'plant', plant: 'tree' },
    fr: pt(
      'Ficus lyrata',
      'Le figuier lyre aux grandes feuilles brillantes, pour un salon lumineux. 1 m.',
      'ficus, lyrata, plante verte, salon',
    ),
    en: pt(
      'Fiddle-leaf fig',
      'The fiddle-leaf fig with big glossy leaves, for a bright living room. 1 m.',
      'ficus, fiddle leaf, green plant, living room',
    ),
    ar: pt('فيكس ليراتا', 'تين الكمان بأوراقه الكبيرة اللامعة، لغرفة جلوس مضيئة. بطول متر.', 'فيكس, ليراتا, نبتة خضراء, صالون'),
  },
  {
    category: 4,
    sub: 'indoor',
    price: 520,
    stock: 6,
    colors: ['vert', 'orange'],
    art: { kind: 'plant', plant: 'leafy' },
    fr: pt(
      'Strelitzia oiseau de paradis',
      'Grandes feuilles et fleurs orange en forme d’oiseau. Aime la lumière.',
      'strelitzia, oiseau de paradis, exotique, lumière',
    ),
    en: pt('Bird of paradise', 'Big leaves and bird-shaped orange flowers. Loves light.', 'strelitzia, bird of paradise, exotic, light'),
    ar: pt('ستريليتزيا طائر الجنة', 'أوراق كبيرة وزهور برتقالية على شكل طائر. تحب الضوء.', 'ستريليتزيا, طائر الجنة, استوائي, ضوء'),
  },
  {
    category: 4,
    sub: 'indoor',
    price: 160,
    stock: 25,
    colors: ['vert'],
    art: { kind: 'plant', plant: 'herb' },
    fr: pt(
      'Pothos en suspension',
      'Une plante retombante presque indestructible, parfaite pour débuter.',
      'pothos, suspension, facile, débutant',
    ),
    en: pt('Hanging pothos', 'An almost indestructible trailing plant, perfect for beginners.', 'pothos, hanging, easy, beginner'),
    ar: pt('بوتس معلّق', 'نبتة متدلية شبه خالدة، مثالية للمبتدئين.', 'بوتس, معلق, سهل, مبتدئ'),
  },
  // ------------------------------------------------ plants: succulents
  {
    category: 4,
    sub: 'succulents',
    price: 150,
    stock: 30,
    discount: 15,
    colors: ['vert'],
    art: { kind: 'plant', plant: 'succulent' },
    fr: pt('Trio de succulentes', 'Trois succulentes dans des pots en terre cuite de Safi.', 'succulentes, trio, terre cuite, safi'),
    en: pt('Succulent trio', 'Three succulents in Safi terracotta pots.', 'succulents, trio, terracotta, safi'),
    ar: pt('ثلاثي النباتات العصارية', 'ثلاث نباتات عصارية في أصص من فخار آسفي.', 'عصارية, ثلاثي, فخار, آسفي'),
  },
  {
    category: 4,
    sub: 'succulents',
    price: 220,
    stock: 10,
    colors: ['vert'],
    art: { kind: 'plant', plant: 'cactus' },
    fr: pt('Cactus cierge', 'Un cactus colonne de 60 cm, graphique et sans souci.', 'cactus, cierge, graphique, sans entretien'),
    en: pt('Column cactus', 'A 60 cm column cactus, graphic and carefree.', 'cactus, column, graphic, low maintenance'),
    ar: pt('صبار عمودي', 'صبار عمودي بطول 60 سم، بشكل أنيق ولا يحتاج إلى عناية.', 'صبار, عمودي, أنيق, بدون عناية'),
  },
  {
    category: 4,
    sub: 'succulents',
    price: 110,
    stock: 28,
    colors: ['vert'],
    art: { kind: 'plant', plant: 'succulent' },
    fr: pt('Aloe vera en pot', 'La plante qui soigne, dans un pot en terre cuite.', 'aloe vera, succulente, soin, terre cuite'),
    en: pt('Potted aloe vera', 'The healing plant, in a terracotta pot.', 'aloe vera, succulent, healing, terracotta'),
    ar: pt('صبار الألوفيرا في أصيص', 'النبتة الشافية في أصيص من الفخار.', 'ألوفيرا, عصارية, علاج, فخار'),
  },
  {
    category: 4,
    sub: 'succulents',
    price: 85,
    stock: 35,
    colors: ['vert', 'rose'],
    art: { kind: 'plant', plant: 'succulent' },
    fr: pt(
      'Echeveria en pot zellige',
      'Une rosette d’echeveria aux reflets roses, dans un petit pot en zellige.',
      'echeveria, succulente, zellige, mini',
    ),
    en: pt('Echeveria in a zellige pot', 'A pink-tinged echeveria rosette in a small zellige pot.', 'echeveria, succulent, zellige, mini'),
    ar: pt('إتشيفيريا في أصيص زليج', 'وردة إتشيفيريا بلمسات وردية في أصيص صغير من الزليج.', 'إتشيفيريا, عصارية, زليج, صغير'),
  },
  // ------------------------------------------------ plants: mediterranean
  {
    category: 4,
    sub: 'mediterranean',
    price: 180,
    stock: 15,
    featured: true,
    colors: ['blanc', 'vert'],
    art: { kind: 'plant', plant: 'bloom' },
    fr: pt(
      'Jasmin en pot',
      'Le jasmin des riads, aux petites fleurs blanches très parfumées. Pour balcon ou patio.',
      'jasmin, parfum, riad, balcon',
    ),
    en: pt(
      'Potted jasmine',
      'The jasmine of the riads, with small, very fragrant white flowers. For balcony or patio.',
      'jasmine, fragrant, riad, balcony',
    ),
    ar: pt('ياسمين في أصيص', 'ياسمين الرياض بزهوره البيضاء الصغيرة العطرة. للشرفة أو الفناء.', 'ياسمين, عطر, رياض, شرفة'),
  },
  {
    category: 4,
    sub: 'mediterranean',
    price: 45,
    stock: 60,
    colors: ['vert'],
    art: { kind: 'plant', plant: 'herb' },
    fr: pt('Menthe nanah en pot', 'La menthe verte du thé marocain, à cueillir au fil des jours.', 'menthe, nanah, thé, aromatique'),
    en: pt('Potted nana mint', 'The spearmint of Moroccan tea, to pick day after day.', 'mint, nana, tea, herb'),
    ar: pt('نعناع في أصيص', 'نعناع الأتاي المغربي، تقطفه يومًا بعد يوم.', 'نعناع, أتاي, شاي, أعشاب عطرية'),
  },
  {
    category: 4,
    sub: 'mediterranean',
    price: 95,
    stock: 30,
    colors: ['violet'],
    art: { kind: 'plant', plant: 'bloom' },
    fr: pt('Lavande en pot', 'Un pied de lavande fleurie, pour le soleil et les papillons.', 'lavande, pot, soleil, parfum'),
    en: pt('Potted lavender', 'A flowering lavender plant, for sun and butterflies.', 'lavender, potted, sun, fragrant'),
    ar: pt('خزامى في أصيص', 'نبتة خزامى مزهرة، للشمس والفراشات.', 'خزامى, أصيص, شمس, عطر'),
  },
  {
    category: 4,
    sub: 'mediterranean',
    price: 260,
    stock: 7,
    colors: ['rose', 'violet'],
    art: { kind: 'plant', plant: 'bloom' },
    fr: pt(
      'Bougainvillier',
      'La plante grimpante aux bractées fuchsia des murs de Marrakech.',
      'bougainvillier, grimpante, fuchsia, marrakech',
    ),
    en: pt(
      'Bougainvillea',
      'The climbing plant with fuchsia bracts from the walls of Marrakech.',
      'bougainvillea, climber, fuchsia, marrakech',
    ),
    ar: pt('جهنمية', 'النبتة المتسلقة ذات الأوراق الفوشيا التي تزين أسوار مراكش.', 'جهنمية, متسلقة, فوشيا, مراكش'),
  },
  {
    category: 4,
    sub: 'mediterranean',
    price: 690,
    stock: 4,
    colors: ['vert'],
    art: { kind: 'plant', plant: 'tree' },
    fr: pt(
      'Olivier en pot',
      'Un jeune olivier de 1,20 m, symbole de paix, pour terrasse ou entrée lumineuse.',
      'olivier, arbre, terrasse, paix',
    ),
    en: pt(
      'Potted olive tree',
      'A young 1.20 m olive tree, a symbol of peace, for a terrace or bright hallway.',
      'olive tree, tree, terrace, peace',
    ),
    ar: pt('شجرة زيتون في أصيص', 'شجرة زيتون فتية بطول 1.20 متر، رمز السلام، للشرفة أو المدخل المضيء.', 'زيتون, شجرة, شرفة, سلام'),
  },
  // ------------------------------------------------ extras, offered beside the bouquets
  {
    category: 3,
    sub: 'dried-preserved',
    price: 120,
    stock: 30,
    colors: [],
    extra: true,
    art: { kind: 'dried', bloom: 'pampas' },
    fr: pt('Vase', 'Un vase en verre soufflé pour que le bouquet dure dès son arrivée.', 'vase, verre, cadeau'),
    en: pt('Vase', 'A hand-blown glass vase, so the bouquet lasts from the moment it arrives.', 'vase, glass, gift'),
    ar: pt('مزهرية', 'مزهرية من الزجاج المنفوخ ليبقى الباقة نضرة منذ وصولها.', 'مزهرية, زجاج, هدية'),
  },
  {
    category: 3,
    sub: 'dried-preserved',
    price: 90,
    stock: 40,
    colors: [],
    extra: true,
    art: { kind: 'dried', bloom: 'mix' },
    fr: pt('Chocolats', 'Une boîte de douze chocolats artisanaux de Rabat.', 'chocolats, gourmandise, cadeau'),
    en: pt('Chocolates', 'A box of twelve handmade chocolates from Rabat.', 'chocolates, sweets, gift'),
    ar: pt('شوكولاتة', 'علبة من اثنتي عشرة قطعة شوكولاتة حرفية من الرباط.', 'شوكولاتة, حلويات, هدية'),
  },
  {
    category: 3,
    sub: 'dried-preserved',
    price: 50,
    stock: 25,
    colors: [],
    extra: true,
    art: { kind: 'dried', bloom: 'hydrangea' },
    fr: pt('Ballon', 'Un ballon gonflé à l’hélium, noué au bouquet.', 'ballon, fête, anniversaire'),
    en: pt('Balloon', 'A helium balloon tied to the bouquet.', 'balloon, party, birthday'),
    ar: pt('بالون', 'بالون منفوخ بالهيليوم مربوط بالباقة.', 'بالون, حفلة, عيد ميلاد'),
  },
  {
    category: 3,
    sub: 'dried-preserved',
    price: 150,
    stock: 15,
    colors: [],
    extra: true,
    art: { kind: 'dried', bloom: 'peony' },
    fr: pt('Ourson', 'Un ourson en peluche tout doux, 30 cm.', 'ourson, peluche, cadeau'),
    en: pt('Teddy bear', 'A soft plush teddy bear, 30 cm.', 'teddy bear, plush, gift'),
    ar: pt('دبدوب', 'دبدوب قطيفة ناعم، 30 سم.', 'دبدوب, دمية, هدية'),
  },
];

// ---------------------------------------------------------------- delivery, closed dates, coupons

export interface ZoneData {
  name: string;
  nameAr: string;
  /** MAD */
  fee: number;
  feeMax?: number;
  freeFrom?: number;
}

/** The delivery price table (free from 500 MAD in Rabat, Salé and Témara-Tamesna). */
export const DELIVERY_ZONES: ZoneData[] = [
  { name: 'Rabat', nameAr: 'الرباط', fee: 40, freeFrom: 500 },
  { name: 'Témara-Tamesna', nameAr: 'تمارة-تامسنا', fee: 50, freeFrom: 500 },
  { name: 'Salé', nameAr: 'سلا', fee: 80, freeFrom: 500 },
  { name: 'Casablanca', nameAr: 'الدار البيضاء', fee: 50, feeMax: 70 },
  { name: 'Bouskoura', nameAr: 'بوسكورة', fee: 30 },
  { name: 'Tanger', nameAr: 'طنجة', fee: 50 },
  { name: 'Oujda', nameAr: 'وجدة', fee: 50 },
  { name: 'Tétouan', nameAr: 'تطوان', fee: 40 },
  { name: 'Marrakech', nameAr: 'مراكش', fee: 50, feeMax: 80 },
  { name: 'Laâyoune', nameAr: 'العيون', fee: 30 },
  { name: 'Mohammedia', nameAr: 'المحمدية', fee: 30 },
  { name: 'Fès-Meknès', nameAr: 'فاس-مكناس', fee: 40, feeMax: 70 },
];

/** Fixed-date holidays closed to delivery: [month, day, reason]. */
export const CLOSED_DAYS: [number, number, string][] = [
  [1, 1, 'Nouvel An'],
  [5, 1, 'Fête du Travail'],
  [7, 30, 'Fête du Trône'],
  [11, 18, 'Fête de l’Indépendance'],
];

export const COUPONS = [
  { code: 'BIENVENUE10', type: 'percent', value: 10, minSubtotal: 200 },
  { code: 'FLEURS50', type: 'fixed', value: 50, minSubtotal: 300 },
] as const;

// ---------------------------------------------------------------- demo customers and testimonials

export const DEMO_PASSWORD = 'fleurs2024';

/** The demo shop's social links (the footer shows them); a real shop saves its own in the back office. */
export const DEMO_SOCIAL_LINKS = {
  instagram: 'https://www.instagram.com/floramaroc',
  facebook: 'https://www.facebook.com/floramaroc',
} as const;

export const DEMO_CUSTOMERS = [
  {
    name: 'Salma Bennani',
    email: 'salma.bennani@example.ma',
    phone: '+212 661 234 567',
    address: '12 rue Oued Sebou, Agdal, Rabat',
    language: 'fr',
  },
  {
    name: 'Youssef El Amrani',
    email: 'youssef.elamrani@example.ma',
    phone: '+212 662 345 678',
    address: '5 avenue Hassan II, Témara',
    language: 'ar',
  },
  {
    name: 'Emma Clarke',
    email: 'emma.clarke@example.com',
    phone: '+212 663 456 789',
    address: '8 rue des Orangers, Hay Riad, Rabat',
    language: 'en',
  },
] as const;

/** [customer index, rating, content, confirmed] */
export const TESTIMONIALS: [number, number, string, boolean][] = [
  [0, 5, 'Bouquet de roses livré à l’heure à Rabat, encore plus beau que sur la photo. Ma mère était ravie !', true],
  [1, 5, 'خدمة ممتازة، الورود طازجة والتوصيل سريع إلى تمارة. شكرا جزيلا!', true],
  [2, 5, 'Ordered a peony bouquet for a friend’s birthday from abroad: the florist called to confirm and sent a lovely arrangement.', true],
  [0, 4, 'Très jolie orchidée, bien emballée. Livraison un peu tardive dans l’après-midi mais fleurs parfaites.', true],
  [1, 5, 'Le bouquet de mariée « Andalouse » était magnifique, tout le monde nous l’a demandé pendant la fête.', true],
  [2, 3, 'Nice dried bouquet, but I expected it to be a little larger.', false],
];
