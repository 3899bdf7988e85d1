/**
 * /orders/track/:id?token=… — a guest follows one order through the signed link of the confirmation
 * e-mail (no account needed). Shows the same detail as /profile/orders; a wrong or incomplete link
 * shows "Order not found.", an expired one (410) says so; both offer to mail a fresh link and a way back to the shop. Never indexed (the URL carries a secret).
 */
import { PackageSearch } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { toLocale } from '@shared/constants';
import { ButtonLink, ErrorState, Skeleton } from '@web/components/ui';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { useTrackedOrder } from '../api';
import { OrderDetailView } from '../components/OrderDetailView';
import { ResendTrackingLink } from '../components/ResendTrackingLink';
import { CardPaymentPanel } from '../components/CardPaymentPanel';

/** `<meta name="robots" content="noindex">` while the page is shown. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

export default function OrderTrackingPage() {
  const { t, i18n } = useTranslation('orders');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const params = useParams();
  const [search] = useSearchParams();
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const token = search.get('token')?.trim() ?? '';
  const linkOk = id > 0 && token !== '';
  const order = useTrackedOrder(id, token);
  useNoIndex();
  useDocumentTitle(t('track.title'));

  const expired = order.isError && isApiError(order.error) && order.error.status === 410;
  const notFound = !linkOk || (order.isError && isApiError(order.error) && (order.error.status === 404 || order.error.status === 422));

  if (notFound || expired) {
    return (
      <div className="container-shop py-12 sm:py-16">
        <div className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-line bg-surface px-6 py-12 text-center">
          <PackageSearch aria-hidden="true" className="size-12 text-primary/60" />
          <h1 className="font-display text-3xl text-ink">{t(expired ? 'track.expired' : 'track.notFound')}</h1>
          <p className="text-muted">{t(expired ? 'track.expiredText' : 'track.notFoundText')}</p>
          <ResendTrackingLink orderId={id} />
          <ButtonLink to="/shop" variant="ghost">
            {t('track.backToShop')}
          </ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <div className="container-shop py-8 sm:py-12">
      <div className="mx-auto max-w-3xl">
        <p className="text-sm font-medium uppercase tracking-wide text-primary">{t('track.title')}</p>
        <h1 className="mt-1 font-display text-3xl text-ink sm:text-4xl">{t('orders.orderTitle', { id })}</h1>
        <p className="mt-2 text-muted">{t('track.intro')}</p>
        {order.data?.payment_method === 'card_payment' && <CardPaymentPanel orderId={id} token={token} />}
        <section aria-label={t('orders.orderTitle', { id })} className="mt-6 rounded-2xl border border-line bg-surface p-5 sm:p-6">
          {order.isPending ? (
            <div className="space-y-3" aria-hidden="true" data-testid="tracking-skeleton">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : order.isError ? (
            <ErrorState message={t('orders.detailFailed')} onRetry={() => void order.refetch()} retrying={order.isFetching} />
          ) : (
            <OrderDetailView order={order.data} locale={locale} level={2} email={order.data.customer_email} />
          )}
        </section>
        <p className="mt-6 text-sm text-muted">
          {t('track.help')}{' '}
          <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('track.contact')}
          </Link>
        </p>
      </div>
    </div>
  );
}
