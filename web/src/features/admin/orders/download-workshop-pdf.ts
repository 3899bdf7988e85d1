/**
 * Makes `workshop-<day>.pdf` from the sheet on screen, in the reader's language, and hands it to the
 * browser. Loaded only when someone asks for it (pdf-lib, the shaper and the font stay out of the page).
 */
import type { TFunction } from 'i18next';
import type { Locale } from '@shared/constants';
import { formatMAD } from '@shared/money';
import type { WorkshopOrder, WorkshopSheet } from '@shared/schemas/workshop';
import { formatShopDate } from '@web/lib/format';
import fontUrl from '@web/lib/receipt/fonts/DejaVuSans.ttf?url';
import { workshopPdf, type WorkshopPdfContent, type WorkshopPdfOrder } from './workshop-pdf';

export const workshopFileName = (day: string) => `workshop-${day}.pdf`;

/** What one order says on paper: the same facts as its card on screen. */
export function pdfOrder(o: WorkshopOrder, t: TFunction, locale: Locale): WorkshopPdfOrder {
  const heading = [`#${o.id}`, t(`common:orderStatus.${o.order_status}`)];
  if (o.payment_method === 'cash_on_delivery' && o.payment_status !== 'paid')
    heading.push(t('workshop.collect', { amount: formatMAD(o.total_amount, locale) }));
  const facts: WorkshopPdfOrder['facts'] = [
    [t('workshop.recipient'), [o.recipient_name ?? o.customer_name, { phone: o.recipient_phone ?? o.customer_phone }]],
  ];
  if (o.recipient_name)
    facts.push([
      t('workshop.sender'),
      [o.anonymous_sender ? `${o.customer_name} (${t('workshop.anonymous')})` : o.customer_name, { phone: o.customer_phone }],
    ]);
  facts.push([t('workshop.address'), [[o.street, [o.postal_code, o.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')]]);
  if (o.is_customized && o.custom_instructions) facts.push([t('workshop.custom'), [{ typed: o.custom_instructions }]]);
  if (o.gift_message) facts.push([t('workshop.gift'), [{ typed: o.gift_message }]]);
  facts.push([t('workshop.substitution'), [t(`workshop.substitution_${o.substitution}`)]]);
  if (o.order_notes) facts.push([t('workshop.notes'), [{ typed: o.order_notes }]]);
  if (o.delivery_slot) facts.unshift([t('delivery-slots:slot'), [o.delivery_slot]]);
  return {
    heading,
    facts,
    items: o.items.map((i) => `${i.quantity} × ${i.name}${i.color ? ` (${i.color})` : ''}`),
  };
}

/** The sheet's words in the reader's language (`t` of the `admin-sales` namespace). */
export function workshopPdfContent(sheet: WorkshopSheet, t: TFunction, locale: Locale): WorkshopPdfContent {
  return {
    rtl: locale === 'ar',
    storeName: 'Flora Maroc',
    title: t('workshop.sheetTitle', { date: formatShopDate(locale, sheet.day) }),
    zones: sheet.zones.map((z) => ({
      heading: `${z.name} · ${t('workshop.orders', { count: z.orders.length })}`,
      orders: z.orders.map((o) => pdfOrder(o, t, locale)),
    })),
    empty: t('workshop.empty'),
    itemsLabel: t('workshop.items'),
    pageLabel: (n, total) => t('workshop.page', { n, total }),
    subject: workshopFileName(sheet.day),
  };
}

export async function downloadWorkshopPdf(sheet: WorkshopSheet, t: TFunction, locale: Locale): Promise<void> {
  const font = new Uint8Array(await (await fetch(fontUrl)).arrayBuffer());
  const bytes = await workshopPdf(workshopPdfContent(sheet, t, locale), font);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = workshopFileName(sheet.day);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
