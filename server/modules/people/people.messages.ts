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
  emailTaken: {
    fr: 'Un compte existe déjà avec cette adresse e-mail.',
    en: 'An account with this email address already exists.',
    ar: 'يوجد حساب مسجل بعنوان البريد الإلكتروني هذا بالفعل.',
  },
});
