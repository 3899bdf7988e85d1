import { defineMessages } from '../../lib/i18n.js';

export const paymentsMessages = defineMessages({
  cardUnavailable: {
    fr: 'Le paiement par carte est momentanément indisponible. Vous pouvez payer à la livraison (espèces) ou réessayer dans quelques minutes.',
    en: 'Card payment is unavailable right now. You can pay on delivery (cash) or try again in a few minutes.',
    ar: 'الدفع بالبطاقة غير متاح حاليًا. يمكنك الدفع نقدًا عند التوصيل أو المحاولة بعد بضع دقائق.',
  },
  staffUsesLink: {
    fr: 'Pour une commande prise par le personnel, choisissez le paiement à la livraison puis envoyez un lien de paiement au client.',
    en: 'For an order taken by staff, choose cash on delivery, then send the customer a payment link.',
    ar: 'للطلب الذي يسجله الموظفون، اختر الدفع عند التوصيل ثم أرسل للزبون رابط دفع.',
  },
  notPayable: {
    fr: 'Cette commande ne peut plus être payée par carte (déjà payée ou annulée).',
    en: 'This order can no longer be paid by card (already paid or cancelled).',
    ar: 'لم يعد بالإمكان دفع هذا الطلب بالبطاقة (مدفوع أو ملغى).',
  },
  badReturn: {
    fr: 'Réponse de la banque illisible. Votre commande n’a pas été modifiée.',
    en: 'The bank’s answer could not be read. Your order was not changed.',
    ar: 'تعذرت قراءة رد البنك. لم يتغير طلبك.',
  },
  linkExpired: {
    fr: 'Ce lien de paiement a expiré. Demandez-en un nouveau à la boutique.',
    en: 'This payment link has expired. Ask the shop for a new one.',
    ar: 'انتهت صلاحية رابط الدفع هذا. اطلب رابطًا جديدًا من المتجر.',
  },
  linkReady: {
    fr: 'Lien de paiement prêt (valable 48 h).',
    en: 'Payment link ready (valid for 48 hours).',
    ar: 'رابط الدفع جاهز (صالح لمدة 48 ساعة).',
  },
  linkMailed: {
    fr: 'Lien de paiement envoyé par e-mail au client.',
    en: 'Payment link sent to the customer by e-mail.',
    ar: 'تم إرسال رابط الدفع إلى الزبون بالبريد الإلكتروني.',
  },
  noEmail: {
    fr: 'Cette commande n’a pas d’adresse e-mail : copiez le lien ou envoyez-le par WhatsApp.',
    en: 'This order has no e-mail address: copy the link or send it by WhatsApp.',
    ar: 'لا يوجد بريد إلكتروني لهذا الطلب: انسخ الرابط أو أرسله عبر واتساب.',
  },
  whatsappText: {
    fr: 'Bonjour {name}, voici le lien pour payer par carte votre commande n°{id} ({amount}) : {url}',
    en: 'Hello {name}, here is the link to pay for your order #{id} ({amount}) by card: {url}',
    ar: 'مرحبًا {name}، هذا رابط دفع طلبك رقم {id} ({amount}) بالبطاقة: {url}',
  },
});
