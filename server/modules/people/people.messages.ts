/** Answers of the back office's people routes (customers, admin management), in fr, en and ar. */
import { defineMessages } from '../../lib/i18n.js';

export const peopleMessages = defineMessages({
  customerNotFound: { fr: 'Client introuvable.', en: 'Customer not found.', ar: 'العميل غير موجود.' },
  adminNotFound: { fr: 'Administrateur introuvable.', en: 'Admin not found.', ar: 'المسؤول غير موجود.' },
  adminCreated: { fr: 'Administrateur créé avec succès !', en: 'Admin created successfully!', ar: 'تم إنشاء المسؤول بنجاح!' },
  adminDeleted: { fr: 'Administrateur supprimé avec succès', en: 'Admin deleted successfully', ar: 'تم حذف المسؤول بنجاح' },
  cannotDeleteSelf: {
    fr: 'Vous ne pouvez pas supprimer votre propre compte',
    en: 'You cannot delete your own account',
    ar: 'لا يمكنك حذف حسابك الخاص',
  },
  twoFactorReset: {
    fr: 'La double authentification de cet administrateur est réinitialisée : il se connecte avec son mot de passe et peut la configurer à nouveau.',
    en: 'This admin’s two-factor authentication is reset: they sign in with their password and can set it up again.',
    ar: 'تمت إعادة تعيين المصادقة الثنائية لهذا المسؤول: يسجّل الدخول بكلمة المرور ويمكنه إعدادها من جديد.',
  },
  twoFactorResetSelf: {
    fr: 'Vous ne pouvez pas réinitialiser votre propre double authentification.',
    en: 'You cannot reset your own two-factor authentication.',
    ar: 'لا يمكنك إعادة تعيين المصادقة الثنائية الخاصة بك.',
  },
  emailTaken: {
    fr: 'Un compte existe déjà avec cette adresse e-mail.',
    en: 'An account with this email address already exists.',
    ar: 'يوجد حساب مسجل بعنوان البريد الإلكتروني هذا بالفعل.',
  },
});
