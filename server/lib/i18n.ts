/**
 * Server-side texts in the three languages. Each module defines its own messages with
 * `defineMessages`, and throws `new AppError(status, messages.someKey)`; the error handler answers in
 * the request's language (Accept-Language, French by default).
 */
import type { FastifyRequest } from 'fastify';
import { localeFromAcceptLanguage, type Locale } from '../../shared/constants.js';

export type Localized = Readonly<Record<Locale, string>>;

export const defineMessages = <T extends Record<string, Localized>>(messages: T): T => messages;

/** Replaces `{name}` placeholders. */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

export function translate(message: Localized, locale: Locale, params?: Record<string, string | number>): string {
  return interpolate(message[locale], params);
}

/** The language of a request, from its Accept-Language header. */
export const requestLocale = (req: FastifyRequest): Locale => localeFromAcceptLanguage(req.headers['accept-language']);

export const commonMessages = defineMessages({
  invalidData: { fr: 'Les données envoyées sont invalides.', en: 'The given data was invalid.', ar: 'البيانات المرسلة غير صالحة.' },
  notFound: { fr: 'Ressource introuvable.', en: 'Not found.', ar: 'المورد غير موجود.' },
  routeNotFound: {
    fr: 'Cette adresse de l’API n’existe pas.',
    en: 'This API route does not exist.',
    ar: 'مسار واجهة البرمجة هذا غير موجود.',
  },
  unauthenticated: {
    fr: 'Veuillez vous connecter.',
    en: 'Please log in.',
    ar: 'يرجى تسجيل الدخول.',
  },
  forbidden: {
    fr: 'Vous n’avez pas la permission de faire cela.',
    en: 'You do not have permission to do this.',
    ar: 'ليست لديك صلاحية للقيام بذلك.',
  },
  tooLarge: { fr: 'La requête est trop volumineuse.', en: 'The request is too large.', ar: 'الطلب كبير جدًا.' },
  tooManyRequests: {
    fr: 'Trop de tentatives. Réessayez dans quelques minutes.',
    en: 'Too many attempts. Please try again in a few minutes.',
    ar: 'محاولات كثيرة جدًا. يرجى المحاولة بعد بضع دقائق.',
  },
  badRequest: { fr: 'Requête invalide.', en: 'Bad request.', ar: 'طلب غير صالح.' },
  crossOrigin: {
    fr: 'Requête refusée : elle ne vient pas du site de la boutique.',
    en: 'Request refused: it does not come from the shop’s own site.',
    ar: 'تم رفض الطلب: لم يصدر من موقع المتجر.',
  },
  serverError: {
    fr: 'Une erreur est survenue. Veuillez réessayer plus tard.',
    en: 'Something went wrong. Please try again later.',
    ar: 'حدث خطأ ما. يرجى المحاولة لاحقًا.',
  },
  busy: {
    fr: 'La boutique est très sollicitée en ce moment : rien n’a été enregistré, réessayez dans un instant.',
    en: 'The shop is very busy right now: nothing was saved, please try again in a moment.',
    ar: 'المتجر مشغول جدًا الآن: لم يُحفظ أي شيء، يرجى المحاولة بعد لحظة.',
  },
  unavailable: {
    fr: 'Service momentanément indisponible.',
    en: 'Service temporarily unavailable.',
    ar: 'الخدمة غير متاحة مؤقتًا.',
  },
});
