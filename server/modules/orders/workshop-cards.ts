/**
 * The gift cards of a day (or of one order) as a PDF, one A6 landscape page (148 × 105 mm) per order
 * with a message: who it is for, the message as the customer wrote it (line breaks kept, each line in
 * its own direction, Arabic shaped right to left, centred), the sender's name or "anonymous", and the
 * order number small in a corner so the card finds its bouquet. No price. The card's few words are in
 * the order's language (the recipient reads it, not the staff). The same orders as the day's sheet,
 * in the same order. Drawn with the shop's PDF text code (shared/pdf), as the receipt and the sheet.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { toLocale, type Locale } from '../../../shared/constants.js';
import { A6_LANDSCAPE, drawText, MUTED, shopPdf, wrap, wrapTyped, type Fonts } from '../../../shared/pdf/draw.js';
import { isolate } from '../../../shared/pdf/isolate.js';
import type { DbOrTx } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import { AppError } from '../../lib/errors.js';
import { defineMessages, translate } from '../../lib/i18n.js';
import { zoneKeySql } from './order-names.js';
import { orderMessages } from './orders.service.js';
import { resolveDay, WORKSHOP_MAX_ORDERS } from './workshop.service.js';

export const cardMessages = defineMessages({
  to: { fr: 'Pour {name}', en: 'For {name}', ar: 'إلى {name}' },
  anonymous: { fr: 'Anonyme', en: 'Anonymous', ar: 'مُرسِل مجهول' },
  none: {
    fr: 'Aucune commande avec un message de carte ce jour-là.',
    en: 'No order with a card message that day.',
    ar: 'لا طلب برسالة بطاقة في ذلك اليوم.',
  },
  noMessage: { fr: 'Cette commande n’a pas de message de carte.', en: 'This order has no card message.', ar: 'هذا الطلب بلا رسالة بطاقة.' },
});

/** The font every shop PDF embeds (Latin and Arabic, distinct glyphs per joined form), read once. */
let fontBytes: Uint8Array | undefined;
const font = () =>
  (fontBytes ??= new Uint8Array(readFileSync(new URL('../../../web/src/lib/receipt/fonts/DejaVuSans.ttf', import.meta.url))));

export interface CardOrder {
  id: number;
  language: string;
  recipient_name: string | null;
  customer_name: string;
  anonymous_sender: boolean;
  gift_message: string;
}

const cardColumns = sql`o.id, o.language, o.recipient_name, o.customer_name, o.anonymous_sender, o.gift_message`;

/** The day's orders with a card message, in the sheet's order (zone, then number). */
export async function dayCards(db: DbOrTx, day: string | undefined, now: Date = new Date()): Promise<{ day: string; cards: CardOrder[] }> {
  const cardDay = resolveDay(day, now);
  const cards = await sqlRows<CardOrder>(
    db,
    sql`select ${cardColumns}
        from orders o
        left join delivery_zones z on z.id = o.delivery_zone_id
        where o.delivery_date = ${cardDay}::date and o.order_status <> 'cancelled' and btrim(coalesce(o.gift_message, '')) <> ''
        order by z.sort_order nulls last, ${zoneKeySql('o')}, o.id
        limit ${WORKSHOP_MAX_ORDERS}`,
  );
  return { day: cardDay, cards };
}

/** One order's card (any status: a reprint for the record is allowed); 404 without a message. */
export async function orderCard(db: DbOrTx, id: number): Promise<CardOrder> {
  const [card] = await sqlRows<CardOrder>(db, sql`select ${cardColumns} from orders o where o.id = ${id}`);
  if (!card) throw new AppError(404, orderMessages.notFound);
  if (!card.gift_message?.trim()) throw new AppError(404, cardMessages.noMessage);
  return card;
}

const [W, H] = A6_LANDSCAPE;
const PAD = 30;

/** The message's lines at the largest size (14 down to 8 pt) that fits between the heading and the signature. */
function fitMessage(fonts: Fonts, message: string, rtl: boolean, room: number): { lines: string[]; size: number } {
  for (let size = 14; ; size -= 1) {
    const lines = wrapTyped(fonts, message, size, W - 2 * PAD, rtl);
    if (lines.length * size * 1.4 <= room || size <= 8) return { lines, size };
  }
}

function drawCard(doc: Awaited<ReturnType<typeof shopPdf>>['doc'], fonts: Fonts, card: CardOrder) {
  const locale = toLocale(card.language);
  const rtl = locale === 'ar';
  const page = doc.addPage(A6_LANDSCAPE);
  const mid = W / 2;
  let top = H - PAD;
  if (card.recipient_name) {
    const to = translate(cardMessages.to, locale, { name: isolate(card.recipient_name) });
    for (const line of wrap(fonts, to, 11, W - 2 * PAD, rtl)) {
      drawText(page, fonts, line, { x: mid, y: top - 11, size: 11, rtl, color: MUTED, align: 'center' });
      top -= 16;
    }
    top -= 8;
  }
  const signature = card.anonymous_sender ? translate(cardMessages.anonymous, locale) : `— ${isolate(card.customer_name)}`;
  const bottom = PAD + 14 + 24;
  const { lines, size } = fitMessage(fonts, card.gift_message, rtl, top - bottom);
  const lead = size * 1.4;
  // The message sits in the middle of the room it has.
  let y = top - (top - bottom - lines.length * lead) / 2;
  for (const line of lines) {
    if (line) drawText(page, fonts, line, { x: mid, y: y - size, size, rtl, align: 'center' });
    y -= lead;
  }
  drawText(page, fonts, signature, { x: mid, y: PAD + 14, size: 12, rtl, align: 'center' });
  drawText(page, fonts, `#${card.id}`, { x: W - 12, y: 10, size: 7, rtl: false, color: MUTED, align: 'end' });
}

/** The cards as one PDF; a day without a card message gets one page saying so (in the reader's language). */
export async function cardsPdf(cards: CardOrder[], meta: { subject: string; locale: Locale }): Promise<Uint8Array> {
  const { doc, fonts } = await shopPdf({ subject: meta.subject, storeName: 'Flora Maroc', rtl: meta.locale === 'ar' }, font());
  for (const card of cards) drawCard(doc, fonts, card);
  if (cards.length === 0) {
    const page = doc.addPage(A6_LANDSCAPE);
    const rtl = meta.locale === 'ar';
    wrap(fonts, translate(cardMessages.none, meta.locale), 12, W - 2 * PAD, rtl).forEach((line, i) =>
      drawText(page, fonts, line, { x: W / 2, y: H / 2 - i * 17, size: 12, rtl, color: MUTED, align: 'center' }),
    );
  }
  return doc.save();
}
