/**
 * The custom bouquet builder: the single stems (category 2) read through the catalogue's listing, the
 * checks a customized order needs before the shared order transaction (each line a single stem offered
 * in that colour), and the contact-us requests mailed to the staff.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { CATEGORY_IDS, toLocale, type Locale } from '../../../shared/constants.js';
import type {
  ContactRequestBody,
  CustomFlower,
  SingleStem,
  SingleStemPage,
  SingleStemsQuery,
} from '../../../shared/schemas/custom-bouquet.js';
import type { DbOrTx } from '../../db/client.js';
import { contactRequests, productColors, products, users } from '../../db/schema.js';
import { FieldValidationError, type FieldErrors } from '../../lib/errors.js';
import { defineMessages, translate } from '../../lib/i18n.js';
import { renderMail, userText } from '../../lib/mail-layout.js';
import { queueMail } from '../../lib/mail-queue.js';
import { productChoiceMessages } from '../catalogue/product-language.js';
import { catalogueReads, parseJson } from '../catalogue/read/catalogue-reads.js';

export const customMessages = defineMessages({
  notSingleStem: {
    fr: 'Ce produit n’est pas une fleur à l’unité.',
    en: 'This product is not a single stem.',
    ar: 'هذا المنتج ليس زهرة مفردة.',
  },
  defaultInstructions: {
    fr: 'Composition libre par le fleuriste',
    en: 'Free composition by the florist',
    ar: 'تنسيق حر من بائع الزهور',
  },
  loginRequired: {
    fr: 'Veuillez vous connecter pour passer votre commande.',
    en: 'Please log in to place your order.',
    ar: 'يرجى تسجيل الدخول لإتمام طلبك.',
  },
  contactSent: {
    fr: 'Merci ! Votre demande a bien été envoyée, notre fleuriste vous recontacte très vite.',
    en: 'Thank you! Your request has been sent; our florist will get back to you shortly.',
    ar: 'شكرًا! تم إرسال طلبك، وسيتواصل معك بائع الزهور قريبًا.',
  },
  contactSubjectCustom: {
    fr: 'Demande de bouquet personnalisé de {name}',
    en: 'Custom bouquet request from {name}',
    ar: 'طلب باقة مخصصة من {name}',
  },
  contactSubjectContact: {
    fr: 'Nouveau message de {name}',
    en: 'New message from {name}',
    ar: 'رسالة جديدة من {name}',
  },
  contactTitle: {
    fr: 'Une cliente ou un client vous écrit',
    en: 'A customer wrote to you',
    ar: 'رسالة جديدة من أحد الزبائن',
  },
  contactFrom: { fr: 'De : {name}, {email}, {phone}', en: 'From: {name}, {email}, {phone}', ar: 'من: {name}، {email}، {phone}' },
  contactMessage: { fr: 'Demande : {text}', en: 'Request: {text}', ar: 'الطلب: {text}' },
  contactButton: { fr: 'Répondre', en: 'Reply', ar: 'الرد' },
});

/** The page of single stems in the shop's own order (out-of-stock ones included, flagged). */
export async function listSingleStems(db: DbOrTx, locale: Locale, q: SingleStemsQuery): Promise<SingleStemPage> {
  const page = parseJson(
    await catalogueReads(db).listProducts(locale, { page: q.page, per_page: q.per_page, category_id: CATEGORY_IDS.singleStems }),
  );
  return {
    data: page.data.map((p): SingleStem => ({
      id: p.id,
      name: p.name,
      price: p.price,
      discount: p.discount,
      final_price: p.final_price,
      image_url: p.images[0]?.image_path ?? null,
      srcset: p.images[0]?.srcset ?? null,
      image_width: p.images[0]?.width ?? null,
      image_height: p.images[0]?.height ?? null,
      stock: p.stock,
      in_stock: p.stock > 0,
      colors: p.colors,
    })),
    meta: page.meta,
  };
}

/**
 * Every line must be a single stem offered in the chosen colour (null: its first colour). Throws 422
 * naming each bad line (`flowers.2.product_id`). The order transaction checks the colours again.
 */
export async function checkFlowers(db: DbOrTx, flowers: CustomFlower[]): Promise<void> {
  const ids = [...new Set(flowers.map((f) => f.product_id))];
  const stems = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.categoryId, CATEGORY_IDS.singleStems)));
  const stemIds = new Set(stems.map((s) => s.id));
  const offered = await db
    .select({ productId: productColors.productId, colorId: productColors.colorId })
    .from(productColors)
    .where(inArray(productColors.productId, ids));
  const problems: FieldErrors = {};
  flowers.forEach((f, i) => {
    if (!stemIds.has(f.product_id)) problems[`flowers.${i}.product_id`] = [customMessages.notSingleStem];
    else if (f.color_id !== null && !offered.some((o) => o.productId === f.product_id && o.colorId === f.color_id)) {
      problems[`flowers.${i}.color_id`] = [productChoiceMessages.colorNotOffered];
    }
  });
  if (Object.keys(problems).length > 0) throw new FieldValidationError(problems);
}

type ContactInput = Required<Pick<ContactRequestBody, 'full_name' | 'email' | 'message'>> & {
  phone: string | null;
  kind: 'custom_bouquet' | 'contact';
};

/** Stores the request for the staff. */
export async function saveContactRequest(db: DbOrTx, input: ContactInput, userId: number | null): Promise<number> {
  const [row] = await db
    .insert(contactRequests)
    .values({
      userId,
      kind: input.kind,
      fullName: input.full_name,
      email: input.email.toLowerCase(),
      phone: input.phone,
      message: input.message,
    })
    .returning({ id: contactRequests.id });
  return row!.id;
}

/**
 * Queues the request's mail to every admin in the caller's transaction (the mail outbox): stored and
 * mailed together or not at all, and a slow or absent mail server never delays the answer.
 */
export async function queueContactRequestMails(tx: DbOrTx, input: ContactInput): Promise<number> {
  const admins = await tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(inArray(users.role, ['admin', 'super_admin']));
  for (const admin of admins) {
    const locale = toLocale(admin.language);
    // What the visitor typed, each value its own run in the mail (mail-layout.ts userText).
    const params = {
      name: userText(input.full_name),
      email: userText(input.email),
      phone: input.phone ? userText(input.phone) : '—',
      text: userText(input.message),
    };
    const t = (m: (typeof customMessages)[keyof typeof customMessages]) => translate(m, locale, params);
    const { html, text } = renderMail({
      locale,
      title: t(customMessages.contactTitle),
      paragraphs: [t(customMessages.contactFrom), t(customMessages.contactMessage)],
      button: { label: t(customMessages.contactButton), url: `mailto:${input.email}` },
    });
    // A mail's subject is plain text: the name as typed (direction controls are refused at input).
    const subject = translate(
      input.kind === 'contact' ? customMessages.contactSubjectContact : customMessages.contactSubjectCustom,
      locale,
      { name: input.full_name },
    );
    await queueMail(tx, { to: admin.email, subject, html, text });
  }
  return admins.length;
}
