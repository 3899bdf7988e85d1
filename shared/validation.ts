/**
 * User-facing validation messages, in the three languages, shared by the server (422 answers) and the
 * web forms. A schema refers to one with `v('key')`; the server's error handler and the web's form
 * resolver turn the key into the reader's language. Other zod issues use zod's own locale messages.
 */
import type { Locale } from './constants.js';

export const validationMessages = {
  required: { fr: 'Ce champ est obligatoire.', en: 'This field is required.', ar: 'هذا الحقل مطلوب.' },
  email: { fr: 'Adresse e-mail invalide.', en: 'Invalid e-mail address.', ar: 'عنوان البريد الإلكتروني غير صالح.' },
  phone: {
    fr: 'Numéro de téléphone invalide.',
    en: 'Invalid phone number.',
    ar: 'رقم الهاتف غير صالح.',
  },
  password_min: {
    fr: 'Le mot de passe doit contenir au moins 6 caractères.',
    en: 'Password must be at least 6 characters long.',
    ar: 'يجب أن تتكون كلمة المرور من 6 أحرف على الأقل.',
  },
  admin_password_min: {
    fr: 'Le mot de passe d’un administrateur doit contenir au moins 12 caractères.',
    en: 'An administrator’s password must be at least 12 characters long.',
    ar: 'يجب أن تتكون كلمة مرور المسؤول من 12 حرفًا على الأقل.',
  },
  password_common: {
    fr: 'Ce mot de passe est trop courant. Choisissez-en un moins facile à deviner.',
    en: 'This password is too common. Please choose one that is harder to guess.',
    ar: 'كلمة المرور هذه شائعة جدًا. يرجى اختيار كلمة مرور يصعب تخمينها.',
  },
  passwords_mismatch: {
    fr: 'Les mots de passe ne correspondent pas.',
    en: 'Passwords do not match.',
    ar: 'كلمتا المرور غير متطابقتين.',
  },
  too_long: { fr: 'Ce texte est trop long.', en: 'This text is too long.', ar: 'هذا النص طويل جدًا.' },
  positive_int: {
    fr: 'Doit être un nombre entier positif.',
    en: 'Must be a positive whole number.',
    ar: 'يجب أن يكون عددًا صحيحًا موجبًا.',
  },
  invalid: { fr: 'Valeur invalide.', en: 'Invalid value.', ar: 'قيمة غير صالحة.' },
  unknown_param: { fr: 'Paramètre inconnu.', en: 'Unknown parameter.', ar: 'معامل غير معروف.' },
  hex_color: {
    fr: 'Saisissez un code couleur hexadécimal valide (ex. #FF0000).',
    en: 'Please enter a valid hex color code (e.g., #FF0000)',
    ar: 'أدخل رمز لون سداسي عشري صالح (مثل ‎#FF0000).',
  },
  rating: {
    fr: 'La note doit être comprise entre 1 et 5.',
    en: 'Rating must be between 1 and 5.',
    ar: 'يجب أن يكون التقييم بين 1 و5.',
  },
  date: { fr: 'Date invalide.', en: 'Invalid date.', ar: 'تاريخ غير صالح.' },
  search_words: {
    fr: 'Cherchez avec 5 mots au plus.',
    en: 'Search with 5 words at most.',
    ar: 'ابحث بخمس كلمات على الأكثر.',
  },
  product_required: {
    fr: 'Le nom, la description, la catégorie et le prix sont obligatoires.',
    en: 'Name, description, category, and price are required.',
    ar: 'الاسم والوصف والفئة والسعر مطلوبة.',
  },
  price: {
    fr: 'Saisissez un prix supérieur à 0, avec au plus deux décimales.',
    en: 'Enter a price above 0 with at most two decimals.',
    ar: 'أدخل سعرًا أكبر من 0 بمنزلتين عشريتين على الأكثر.',
  },
  discount_range: {
    fr: 'La remise doit être comprise entre 0 et 100.',
    en: 'Discount must be between 0 and 100.',
    ar: 'يجب أن يكون الخصم بين 0 و100.',
  },
  name_field_required: { fr: 'Le champ nom est obligatoire.', en: 'The name field is required.', ar: 'حقل الاسم مطلوب.' },
  description_field_required: {
    fr: 'Le champ description est obligatoire.',
    en: 'The description field is required.',
    ar: 'حقل الوصف مطلوب.',
  },
  fill_required: {
    fr: 'Veuillez remplir tous les champs obligatoires.',
    en: 'Please fill in all required fields',
    ar: 'يرجى ملء جميع الحقول المطلوبة.',
  },
  bidi_controls: {
    fr: 'Ce texte contient des caractères invisibles de sens d’écriture. Retirez-les (retapez le texte au lieu de le coller).',
    en: 'This text contains invisible writing-direction characters. Remove them (type the text instead of pasting it).',
    ar: 'يحتوي هذا النص على أحرف غير مرئية لاتجاه الكتابة. احذفها (اكتب النص بدل لصقه).',
  },
  ice: {
    fr: 'L’ICE compte exactement 15 chiffres.',
    en: 'The ICE is exactly 15 digits.',
    ar: 'يتكون المعرف الموحد للمقاولة (ICE) من 15 رقمًا بالضبط.',
  },
  digits_only: { fr: 'Saisissez uniquement des chiffres.', en: 'Enter digits only.', ar: 'أدخل أرقامًا فقط.' },
  legal_number: {
    fr: 'Saisissez des chiffres et des lettres seulement (ex. 123456 Rabat).',
    en: 'Enter digits and letters only (e.g. 123456 Rabat).',
    ar: 'أدخل أرقامًا وحروفًا فقط (مثال: 123456 الرباط).',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ValidationKey = keyof typeof validationMessages;

const PREFIX = 'v:';
/** Message reference for a zod schema: `z.string().min(1, v('required'))`. */
export const v = (key: ValidationKey): string => `${PREFIX}${key}`;

/** Turns a `v('key')` reference into text; any other message is returned as it is. */
export function translateValidation(message: string, locale: Locale): string {
  if (!message.startsWith(PREFIX)) return message;
  const entry = validationMessages[message.slice(PREFIX.length) as ValidationKey];
  return entry ? entry[locale] : message;
}

/**
 * Invisible characters that override or embed a writing direction (U+202A-U+202E) or isolate one
 * (U+2066-U+2069). One of them in a name reorders what is shown after it on the same line in the back
 * office, a tracking page, a mail or a receipt ("Sara phone: 8765432160" for a number written
 * forwards), and no one types them: they are refused in what customers write. The marks that only
 * settle a neutral character's direction (U+200E, U+200F, U+061C) stay allowed: Arabic text uses them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** Whether a text holds none of those characters (an absent text holds none). */
export const withoutBidiControls = (text: string | null | undefined): boolean => !text || !BIDI_CONTROLS.test(text);

/** The refinement a text field adds: `z.string().refine(...noBidiControls)`, with its translated message. */
export const noBidiControls = [withoutBidiControls, v('bidi_controls')] as const;
