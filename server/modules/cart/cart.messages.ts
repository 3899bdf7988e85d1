import { defineMessages } from '../../lib/i18n.js';

export const cartMessages = defineMessages({
  productNotFound: { fr: 'Produit introuvable.', en: 'Product not found.', ar: 'المنتج غير موجود.' },
  outOfStock: { fr: '{product} est en rupture de stock.', en: '{product} is out of stock.', ar: '{product} غير متوفر في المخزون.' },
  onlyLeft: {
    fr: 'Il ne reste que {n} en stock pour {product}.',
    en: 'Only {n} left in stock for {product}.',
    ar: 'لم يتبقَّ سوى {n} في المخزون من {product}.',
  },
  itemNotFound: { fr: 'Article introuvable dans le panier', en: 'Cart item not found', ar: 'العنصر غير موجود في السلة' },
});
