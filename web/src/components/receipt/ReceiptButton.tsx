/**
 * "View Receipt": a modal with the receipt as it will print, and "Download PDF" that makes
 * receipt-order-{id}.pdf in the browser. Used by the back office, the customer's order page and the
 * guest's tracking page. The receipt is in the order's language first (the one its customer reads),
 * and any shop language can be chosen: the order keeps its names in each. The `receipt` texts and
 * the PDF code load on the first click.
 */
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, toLocale, type Locale } from '@shared/constants';
import { Button } from '@web/components/ui/Button';
import { FormMessage } from '@web/components/ui/form-fields';
import { Modal } from '@web/components/ui/Modal';
import type { ReceiptOrder } from '@web/lib/receipt/receipt-order';
import type { ReceiptContent } from '@web/lib/receipt/receipt-pdf';

export function ReceiptButton({
  order,
  variant = 'secondary',
  label,
}: {
  order: ReceiptOrder;
  variant?: 'secondary' | 'ghost' | 'primary';
  label?: string;
}) {
  const { t, i18n } = useTranslation('receipt');
  const { t: tc } = useTranslation('common');
  const [content, setContent] = useState<ReceiptContent | null>(null);
  const [language, setLanguage] = useState<Locale>(order.language ?? toLocale(i18n.language));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  /** The receipt's words in `lang` (loaded on demand). */
  async function wordsIn(lang: Locale) {
    await i18n.loadLanguages(lang);
    await i18n.loadNamespaces('receipt');
    return i18n.getFixedT(lang, 'receipt');
  }

  async function open(lang = language) {
    setFailed(false);
    setLanguage(lang);
    const [{ receiptContent }, words] = await Promise.all([import('@web/lib/receipt/download-receipt'), wordsIn(lang)]);
    setContent(receiptContent(order, words, lang));
  }

  async function download() {
    setBusy(true);
    setFailed(false);
    try {
      const { downloadReceipt } = await import('@web/lib/receipt/download-receipt');
      await downloadReceipt(order, await wordsIn(language), language);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant={variant} onClick={() => void open()}>
        <FileText aria-hidden="true" className="size-4" />
        {label ?? t('view')}
      </Button>
      <Modal open={content !== null} onClose={() => setContent(null)} title={content?.title ?? ''} closeLabel={t('close')} size="lg">
        {content && (
          <div className="space-y-4 text-sm" dir={content.rtl ? 'rtl' : 'ltr'} lang={language}>
            <label className="flex items-center gap-2 text-muted">
              {t('language')}
              <select
                className="rounded border border-line bg-surface px-2 py-1 text-ink"
                value={language}
                onChange={(e) => void open(toLocale(e.target.value))}
              >
                {LOCALES.map((l) => (
                  <option key={l} value={l} lang={l}>
                    {tc(`language.${l}`)}
                  </option>
                ))}
              </select>
            </label>
            <p className="font-display text-xl text-ink">{content.storeName}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              {content.facts.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-muted">{k}</dt>
                  <dd className="text-ink">
                    <bdi>{v}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
            <table className="w-full border-collapse">
              <caption className="sr-only">{content.columns.item}</caption>
              <thead>
                <tr className="border-b border-line text-muted">
                  <th scope="col" className="py-1 text-start font-medium">
                    {content.columns.item}
                  </th>
                  <th scope="col" className="py-1 text-end font-medium">
                    {content.columns.quantity}
                  </th>
                  <th scope="col" className="py-1 text-end font-medium">
                    {content.columns.price}
                  </th>
                </tr>
              </thead>
              <tbody>
                {content.lines.map((l, i) => (
                  <tr key={i} className="border-b border-line/60">
                    <td className="py-1">{l.color ? `${l.name} (${l.color})` : l.name}</td>
                    <td className="py-1 text-end tabular-nums">{l.quantity}</td>
                    <td className="py-1 text-end">
                      <bdi>{l.price}</bdi>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                {content.sums?.map(([label, amount]) => (
                  <tr key={label}>
                    <th scope="row" className="pt-1 text-start font-normal text-muted">
                      {label}
                    </th>
                    <td />
                    <td className="pt-1 text-end">
                      <bdi>{amount}</bdi>
                    </td>
                  </tr>
                ))}
                <tr>
                  <th scope="row" className="pt-2 text-start">
                    {content.totalLabel}
                  </th>
                  <td />
                  <td className="pt-2 text-end font-semibold">
                    <bdi>{content.total}</bdi>
                  </td>
                </tr>
              </tfoot>
            </table>
            <p className="text-center text-muted">{content.footer}</p>
            {failed && <FormMessage tone="error">{t('failed')}</FormMessage>}
            <div className="flex justify-end">
              <Button onClick={() => void download()} disabled={busy}>
                <Download aria-hidden="true" className="size-4" />
                {busy ? t('generating') : t('download')}
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </>
  );
}
