/**
 * An order's card payment link (48 hours): made on request, ready to copy, sent by e-mail by the server
 * in the customer's language, or opened in WhatsApp with the message in the customer's language.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import { Button, buttonClasses } from '@web/components/ui/Button';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { formatShopDate } from '@web/lib/format';
import { usePaymentLink } from './payment-link.api';

export function PaymentLinkPanel({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation(['admin-payment-link', 'common']);
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const link = usePaymentLink(orderId);
  const [copied, setCopied] = useState(false);
  const data = link.data;
  const make = (sendMail: boolean) =>
    link.mutate(sendMail, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(isApiError(error) && error.message ? error.message : t('paymentLink.unavailable')),
    });
  const copy = async () => {
    if (!data) return;
    await navigator.clipboard?.writeText(data.url).catch(() => undefined);
    setCopied(true);
  };
  return (
    <section aria-labelledby="payment-link-title" className="rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
      <h2 id="payment-link-title" className="mb-2 font-display text-lg text-ink">
        {t('paymentLink.title')}
      </h2>
      <p className="text-sm text-muted">{t('paymentLink.intro')}</p>
      {data ? (
        <div className="mt-3 space-y-3">
          <input
            readOnly
            value={data.url}
            dir="ltr"
            aria-label={t('paymentLink.title')}
            data-testid="payment-link-url"
            onFocus={(e) => e.currentTarget.select()}
            className="w-full rounded-lg border border-line bg-sand/40 px-3 py-2 text-sm text-ink"
          />
          <p className="text-xs text-muted">{t('paymentLink.expires', { date: formatShopDate(locale, data.expires_at, true) })}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void copy()}>
              {copied ? t('paymentLink.copied') : t('paymentLink.copy')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => make(true)} disabled={link.isPending}>
              {t('paymentLink.mail')}
            </Button>
            {data.whatsapp_url && (
              <a href={data.whatsapp_url} target="_blank" rel="noreferrer" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                {t('paymentLink.whatsapp')}
              </a>
            )}
          </div>
        </div>
      ) : (
        <Button size="sm" className="mt-3" onClick={() => make(false)} disabled={link.isPending} data-testid="payment-link-create">
          {t('paymentLink.create')}
        </Button>
      )}
    </section>
  );
}
