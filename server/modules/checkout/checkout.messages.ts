import { defineMessages } from '../../lib/i18n.js';

export const checkoutMessages = defineMessages({
  placed: {
    fr: 'Votre commande a bien été enregistrée. Merci !',
    en: 'Your order has been placed. Thank you!',
    ar: 'تم تسجيل طلبك بنجاح. شكرًا لك!',
  },
  cardSoon: {
    fr: 'Le paiement par carte arrive bientôt. Veuillez choisir un autre moyen de paiement.',
    en: 'Card payment is coming soon. Please select another payment method.',
    ar: 'الدفع بالبطاقة سيتوفر قريبًا. يرجى اختيار طريقة دفع أخرى.',
  },
  acceptTerms: {
    fr: 'Veuillez accepter les conditions générales et la politique de confidentialité.',
    en: 'Please accept the terms and conditions and the privacy policy.',
    ar: 'يرجى الموافقة على الشروط والأحكام وسياسة الخصوصية.',
  },
  tooManyUnitsLine: {
    fr: 'Au plus {max} unités par article. Pour une commande plus grande, contactez-nous.',
    en: 'At most {max} units per item. For a larger order, please contact us.',
    ar: 'الحد الأقصى {max} وحدة لكل منتج. للطلبات الأكبر، يرجى التواصل معنا.',
  },
  tooManyUnitsOrder: {
    fr: 'Au plus {max} unités par commande. Pour une commande plus grande, contactez-nous.',
    en: 'At most {max} units per order. For a larger order, please contact us.',
    ar: 'الحد الأقصى {max} وحدة لكل طلب. للطلبات الأكبر، يرجى التواصل معنا.',
  },
  cartEmpty: { fr: 'Votre panier est vide.', en: 'Your cart is empty.', ar: 'سلة التسوق فارغة.' },
  cartChanged: {
    fr: 'Votre panier a changé. Vérifiez-le avant de commander.',
    en: 'Your cart changed. Please check it before ordering.',
    ar: 'تغيّرت سلة التسوق. يرجى مراجعتها قبل الطلب.',
  },
  totalChanged: {
    fr: 'Le total a changé : vérifiez le nouveau montant avant de confirmer.',
    en: 'The total has changed: please check the new amount before confirming.',
    ar: 'تغيّر المجموع: يرجى مراجعة المبلغ الجديد قبل التأكيد.',
  },
  onlyLeft: {
    fr: 'Désolé, il ne reste que {n} exemplaire(s) de {product}.',
    en: 'Sorry, only {n} left of {product}.',
    ar: 'عذرًا، لم يتبقَّ سوى {n} من {product}.',
  },
  outOfStock: {
    fr: 'Désolé, {product} n’est plus en stock.',
    en: 'Sorry, {product} is out of stock.',
    ar: 'عذرًا، {product} لم يعد متوفرًا.',
  },
  keyReused: {
    fr: 'Cette clé d’idempotence a déjà servi pour une autre commande.',
    en: 'This idempotency key was already used for another order.',
    ar: 'تم استخدام مفتاح التكرار هذا لطلب آخر.',
  },
});
