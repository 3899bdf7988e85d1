/** Answers of the occasions routes, in the three languages. */
import { defineMessages } from '../../lib/i18n.js';

export const occasionMessages = defineMessages({
  notFound: { fr: 'Occasion introuvable.', en: 'Occasion not found.', ar: 'المناسبة غير موجودة.' },
  created: { fr: 'Occasion créée.', en: 'Occasion created.', ar: 'تم إنشاء المناسبة.' },
  updated: { fr: 'Occasion mise à jour.', en: 'Occasion updated.', ar: 'تم تحديث المناسبة.' },
  deleted: {
    fr: 'Occasion supprimée ; ses produits restent en boutique.',
    en: 'Occasion deleted; its products stay in the shop.',
    ar: 'تم حذف المناسبة؛ تبقى منتجاتها في المتجر.',
  },
  slugTaken: {
    fr: 'Cette adresse est déjà celle d’une autre occasion.',
    en: 'This address already belongs to another occasion.',
    ar: 'هذا العنوان مستخدم لمناسبة أخرى.',
  },
  imageType: {
    fr: 'Choisissez une image JPEG, PNG ou WebP.',
    en: 'Please choose a JPEG, PNG or WebP image.',
    ar: 'يرجى اختيار صورة JPEG أو PNG أو WebP.',
  },
  imageTooLarge: {
    fr: 'L’image est trop volumineuse (5 Mo au plus).',
    en: 'The image is too large (5 MB at most).',
    ar: 'الصورة كبيرة جدًا (5 ميغابايت كحد أقصى).',
  },
  unknownOccasion: { fr: 'Cette occasion n’existe pas.', en: 'This occasion does not exist.', ar: 'هذه المناسبة غير موجودة.' },
});
