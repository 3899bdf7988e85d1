/**
 * How an order is paid, in words, for what the server prints (the CSV export, the mails): every
 * method an order may carry, the storefront's and the staff's.
 */
import type { OrderPaymentMethod } from '../../../shared/constants.js';
import type { Localized } from '../../lib/i18n.js';

export const paymentMethodLabels: Record<OrderPaymentMethod, Localized> = {
  cash_on_delivery: { fr: 'Paiement à la livraison', en: 'Cash on delivery', ar: 'الدفع عند الاستلام' },
  card_payment: { fr: 'Paiement par carte', en: 'Card payment', ar: 'الدفع بالبطاقة' },
  cash_at_counter: { fr: 'Espèces au comptoir', en: 'Cash at the counter', ar: 'نقدًا في المتجر' },
  card_terminal: { fr: 'Carte (terminal de paiement)', en: 'Card (payment terminal)', ar: 'بطاقة (جهاز الدفع)' },
  bank_transfer: { fr: 'Virement bancaire', en: 'Bank transfer', ar: 'تحويل بنكي' },
  payment_link: { fr: 'Lien de paiement', en: 'Payment link', ar: 'رابط الدفع' },
};

/** A method's words; a method this build does not know (written by a newer one) is shown as stored. */
export const paymentMethodLabel = (method: string): Localized =>
  paymentMethodLabels[method as OrderPaymentMethod] ?? { fr: method, en: method, ar: method };
