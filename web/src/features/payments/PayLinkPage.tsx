/**
 * /pay/<token> — a payment link the shop sent (48 hours): the order's summary and amount, and "pay by
 * card", which starts a new attempt and posts the gateway's form. A paid, expired or cancelled order's
 * link says so. Never indexed (the URL carries a secret).
 */
import { CreditCard } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toLocale } from '@shared/constants';
import { dateInText } from '@shared/dates';
import { Button, ButtonLink, Price, Skeleton } from '@web/components/ui';
import { GatewayForm } from '@web/lib/card-payment/GatewayForm';
import { usePayLink, usePayThroughLink } from '@web/lib/card-payment/api';
import { useDocumentTitle } from '@web/lib/head';

export default function PayLinkPage() {
  const { t, i18n } = useTranslation('payments');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const token = useParams().token ?? '';
  const link = usePayLink(token);
  const pay = usePayThroughLink(token);
  useDocumentTitle(t('card.payNow'));
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);

  if (pay.data) return <GatewayForm payment={pay.data.payment} />;
  const data = link.data;
  const order = data?.order;
  const notice =
    link.isError || !data
      ? link.isError
        ? t('card.linkNotFound')
        : null
      : data.state === 'paid'
        ? t('card.linkPaid')
        : data.state === 'expired'
          ? t('card.linkExpired')
          : data.state === 'cancelled'
            ? t('card.linkCancelled')
            : data.state === 'unavailable'
              ? t('card.linkUnavailable')
              : null;
  return (
    <div className="container-shop py-8 sm:py-12">
      <div className="mx-auto max-w-lg rounded-2xl border border-line bg-surface p-6 sm:p-8" data-testid="pay-link">
        <CreditCard aria-hidden="true" className="size-10 text-primary" />
        <h1 className="mt-3 font-display text-3xl text-ink">{order ? t('card.payTitle', { id: order.id }) : t('card.payNow')}</h1>
        {link.isPending ? (
          <div className="mt-4 space-y-3" aria-hidden="true">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : (
          <>
            {order && (
              <>
                <p className="mt-2 text-muted">{t('card.payIntro')}</p>
                <ul className="mt-4 divide-y divide-line border-y border-line">
                  {order.items.map((item, i) => (
                    <li key={i} className="flex justify-between gap-3 py-2 text-ink">
                      <span>
                        {item.quantity} × {item.name}
                      </span>
                      <Price amount={item.line_total} />
                    </li>
                  ))}
                </ul>
                <p className="mt-3 text-sm text-muted">
                  {order.delivery_date
                    ? t('card.deliveryOn', { city: order.delivery_city, date: dateInText(locale, order.delivery_date, 'day') })
                    : t('card.delivery', { city: order.delivery_city })}
                </p>
                <p className="mt-4 flex items-baseline justify-between text-lg">
                  <span className="text-ink">{t('card.amount')}</span>
                  <Price amount={order.total_amount} className="text-xl" />
                </p>
              </>
            )}
            {notice && (
              <p role="status" className="mt-4 rounded-xl bg-sand/60 p-3 text-ink" data-testid="pay-link-notice">
                {notice}
              </p>
            )}
            {pay.isError && <p className="mt-3 text-sm text-danger">{t('card.failedToStart')}</p>}
            {data?.state === 'payable' ? (
              <Button className="mt-6 w-full" onClick={() => pay.mutate()} disabled={pay.isPending} data-testid="pay-by-card">
                {t('card.payNow')}
              </Button>
            ) : (
              <ButtonLink to="/shop" variant="secondary" className="mt-6 w-full">
                {t('card.backToShop')}
              </ButtonLink>
            )}
          </>
        )}
      </div>
    </div>
  );
}
