/**
 * A paid order's numbered invoice as a PDF (`facture-FA-2026-00001.pdf`), in French or Arabic (shaped,
 * right to left, like the receipt: the same page code and font): the shop's legal identity, the
 * invoice's number and date, the order and its buyer, the lines, the totals (subtotal, discount,
 * delivery, total, taxes included) and every payment and refund (method, reference, when). Loaded
 * only when an invoice is asked for.
 */
import type { TFunction } from 'i18next';
import type { Locale } from '@shared/constants';
import { formatShopDate } from '@shared/dates';
import { formatMAD } from '@shared/money';
import type { Invoice } from '@shared/schemas/invoices';
import type { AdminOrderDetail } from '@shared/schemas/orders-admin';
import type { OrderPayments } from '@shared/schemas/payments';
import type { LegalIdentity } from '@shared/schemas/shop';
import { api } from '@web/lib/api';
import { fetchLegal, legalLines, receiptContent, receiptFont, savePdf } from '@web/lib/receipt/download-receipt';
import { isolate } from '@shared/pdf/isolate';
import { receiptOrderOf } from '@web/lib/receipt/receipt-order';
import { receiptPdf, type ReceiptContent } from '@web/lib/receipt/receipt-pdf';

export const invoiceFileName = (number: string) => `facture-${number}.pdf`;

/** The invoice's words and figures in `language` (`t`: the `receipt` namespace in that language). */
export function invoiceContent(
  data: { invoice: Invoice; order: AdminOrderDetail; money: OrderPayments; legal: LegalIdentity | null },
  t: TFunction,
  language: Locale,
): ReceiptContent {
  const { invoice, order, money, legal } = data;
  const receipt = receiptContent(
    receiptOrderOf(order, { name: order.customer_name, email: order.customer_email, phone: order.customer_phone }),
    t,
    language,
  );
  const amount = (n: number) => formatMAD(n, language);
  // The receipt's facts that belong on an invoice: order number and date, buyer, address, payment method.
  const keep = new Set([t('orderNumber'), t('date'), t('customer'), t('phone'), t('address'), t('paymentMethod')]);
  return {
    ...receipt,
    legal: legalLines(legal, t),
    title: t('invoice.title', { number: invoice.number }),
    facts: [
      [t('invoice.number'), invoice.number],
      [t('invoice.issued'), formatShopDate(language, invoice.issued_at, 'dateTime')],
      ...receipt.facts.filter(([label]) => keep.has(label)),
    ],
    totalLabel: t('invoice.total'),
    after: {
      title: t('invoice.payments'),
      rows: money.entries.map((e) => [
        [
          t(e.kind === 'refund' ? 'invoice.refund' : 'invoice.payment'),
          t(`invoice.methods.${e.method}`),
          e.reference ? isolate(e.reference) : null,
          formatShopDate(language, e.created_at, 'dateTime'),
        ]
          .filter(Boolean)
          .join(' · '),
        e.kind === 'refund' ? `-${amount(e.amount)}` : amount(e.amount),
      ]),
    },
    footer: money.due === 0 && money.payment_status === 'paid' ? t('invoice.settled') : t('invoice.footer'),
    subject: invoiceFileName(invoice.number),
  };
}

/** Reads the order, its payments and the legal identity, makes the invoice in `language` and downloads it. */
export async function downloadInvoice(invoice: Invoice, t: TFunction, language: Locale): Promise<void> {
  const [order, money, legal, font] = await Promise.all([
    api.get<AdminOrderDetail>(`/admin/orders/${invoice.order_id}`),
    api.get<OrderPayments>(`/admin/orders/${invoice.order_id}/payments`),
    fetchLegal(),
    receiptFont(),
  ]);
  savePdf(await receiptPdf(invoiceContent({ invoice, order, money, legal }, t, language), font), invoiceFileName(invoice.number));
}
