/**
 * /profile/orders and /orders (login required): the customer's orders, 10 a page, with a detail
 * panel (items, addresses, delivery, gift message, status history).
 */
import { ArrowLeft, ChevronLeft, ChevronRight, Package } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toLocale, type Locale } from '@shared/constants';
import type { OrderDetail } from '@shared/schemas/orders';
import { Button, ButtonLink, ErrorState, Price, Skeleton, cn } from '@web/components/ui';
import { RequireAuth, useSession } from '@web/lib/session';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { useMyOrders, useOrderDetail } from '../api';
import { StatusBadge } from '@web/components/ui/StatusBadge';
import { formatShopDate as dateFmt } from '@web/lib/format';
import { OrderDetailView } from '../components/OrderDetailView';

export default function OrdersPage() {
  return (
    <RequireAuth>
      <Orders />
    </RequireAuth>
  );
}

function Orders() {
  const { t, i18n } = useTranslation(['orders', 'cart']);
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  useDocumentTitle(t('orders.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useMyOrders(page);
  const [selected, setSelected] = useState<number | null>(null);
  const detailRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (selected != null) detailRef.current?.focus();
  }, [selected]);

  const meta = orders.data?.meta;
  const list = orders.data?.data ?? orders.data?.orders ?? [];
  const toggle = (id: number) => setSelected(selected === id ? null : id);
  const goTo = (p: number) => {
    setSelected(null);
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (p <= 1) next.delete('page');
      else next.set('page', String(p));
      return next;
    });
  };

  return (
    <div className="container-shop py-8 sm:py-12">
      <ButtonLink to="/profile" variant="ghost" size="sm" className="-ms-3 mb-2">
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t('orders.back')}
      </ButtonLink>
      <h1 className="mb-6 font-display text-3xl text-ink sm:text-4xl">{t('orders.title')}</h1>
      {orders.isPending ? (
        <div className="space-y-3" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : orders.isError ? (
        <ErrorState
          message={
            isApiError(orders.error) && orders.error.status < 500 && orders.error.status > 0 ? orders.error.message : t('orders.loadFailed')
          }
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
        />
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface px-6 py-14 text-center">
          <Package aria-hidden="true" className="size-12 text-primary/60" />
          <h2 className="font-display text-2xl text-ink">{t('orders.emptyTitle')}</h2>
          <p className="text-muted">{t('orders.emptyText')}</p>
          <ButtonLink to="/category/1">{t('cart:cart.browse')}</ButtonLink>
        </div>
      ) : (
        <div className={cn('grid items-start gap-6', selected != null && 'xl:grid-cols-[minmax(0,1fr)_28rem]')}>
          {/* min-w-0: a grid item may shrink below its table, which then scrolls inside its card. */}
          <div className="min-w-0">
            {/* A phone gets one card per order (a six-column table is wider than its screen). */}
            <ul className="space-y-3 sm:hidden" aria-label={t('orders.title')}>
              {list.map((order) => (
                <li
                  key={order.id}
                  className={cn(
                    'rounded-2xl border border-line bg-surface p-4',
                    selected === order.id && 'border-primary/40 bg-primary-soft/50',
                  )}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold tabular-nums text-ink">#{order.id}</p>
                    <StatusBadge status={order.order_status} />
                  </div>
                  <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-muted">{t('orders.date')}</dt>
                    <dd>{dateFmt(locale, order.created_at)}</dd>
                    <dt className="text-muted">{t('orders.total')}</dt>
                    <dd>
                      <Price amount={order.total_amount} />
                    </dd>
                    <dt className="text-muted">{t('orders.type')}</dt>
                    <dd>{order.is_customized ? t('orders.customized') : t('orders.regular')}</dd>
                  </dl>
                  <DetailsButton id={order.id} open={selected === order.id} onToggle={toggle} className="mt-3 w-full" />
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto rounded-2xl border border-line bg-surface sm:block">
              <table className="w-full min-w-[36rem] text-sm">
                <caption className="sr-only">{t('orders.title')}</caption>
                <thead className="bg-sand/60 text-muted">
                  <tr>
                    <th scope="col" className="px-4 py-3 text-start font-medium">
                      {t('orders.number')}
                    </th>
                    <th scope="col" className="px-4 py-3 text-start font-medium">
                      {t('orders.date')}
                    </th>
                    <th scope="col" className="px-4 py-3 text-start font-medium">
                      {t('orders.total')}
                    </th>
                    <th scope="col" className="px-4 py-3 text-start font-medium">
                      {t('orders.status')}
                    </th>
                    <th scope="col" className="px-4 py-3 text-start font-medium">
                      {t('orders.type')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      <span className="sr-only">{t('orders.details')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((order) => (
                    <tr key={order.id} className={cn('border-t border-line', selected === order.id && 'bg-primary-soft/50')}>
                      <th scope="row" className="px-4 py-3 text-start font-semibold tabular-nums">
                        #{order.id}
                      </th>
                      <td className="px-4 py-3">{dateFmt(locale, order.created_at)}</td>
                      <td className="px-4 py-3">
                        <Price amount={order.total_amount} />
                      </td>
                      <td className="px-4 py-3">
                        <StatusBadge status={order.order_status} />
                      </td>
                      <td className="px-4 py-3">{order.is_customized ? t('orders.customized') : t('orders.regular')}</td>
                      <td className="px-4 py-3 text-end">
                        <DetailsButton id={order.id} open={selected === order.id} onToggle={toggle} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {meta && meta.last_page > 1 && (
              <nav aria-label={t('orders.pagination')} className="mt-4 flex items-center justify-center gap-3">
                <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                  <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
                  {t('orders.previous')}
                </Button>
                <span className="text-sm text-muted">{t('orders.pageInfo', { page: meta.page, last: meta.last_page })}</span>
                <Button size="sm" variant="ghost" disabled={page >= meta.last_page} onClick={() => goTo(page + 1)}>
                  {t('orders.next')}
                  <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
                </Button>
              </nav>
            )}
          </div>
          {selected != null && (
            <section
              id="order-detail"
              ref={detailRef}
              tabIndex={-1}
              aria-labelledby="order-detail-title"
              className="min-w-0 scroll-mt-24 rounded-2xl border border-line bg-surface p-4 focus:outline-none sm:p-6 xl:sticky xl:top-24"
            >
              <OrderDetailPanel id={selected} onClose={() => setSelected(null)} locale={locale} />
            </section>
          )}
        </div>
      )}
    </div>
  );
}

/** Opens or closes an order's detail panel (the same button in the phone's card and the table's row). */
function DetailsButton({
  id,
  open,
  onToggle,
  className,
}: {
  id: number;
  open: boolean;
  onToggle: (id: number) => void;
  className?: string;
}) {
  const { t } = useTranslation('orders');
  return (
    <Button
      size="sm"
      variant="secondary"
      className={className}
      aria-expanded={open}
      aria-controls="order-detail"
      aria-label={t('orders.detailsOf', { id })}
      onClick={() => onToggle(id)}
    >
      {t('orders.details')}
    </Button>
  );
}

function OrderDetailPanel({ id, onClose, locale }: { id: number; onClose: () => void; locale: Locale }) {
  const { t } = useTranslation(['orders', 'cart']);
  const detail = useOrderDetail(id);
  const { user } = useSession();
  const order: OrderDetail | undefined = detail.data;
  return (
    <>
      <div className="mb-4 flex items-start justify-between gap-3">
        <h2 id="order-detail-title" className="font-display text-2xl text-ink">
          {t('orders.orderTitle', { id })}
        </h2>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t('orders.close')}
        </Button>
      </div>
      {detail.isPending ? (
        <div className="space-y-3" aria-hidden="true">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : detail.isError || !order ? (
        <ErrorState message={t('orders.detailFailed')} onRetry={() => void detail.refetch()} />
      ) : (
        <OrderDetailView order={order} locale={locale} email={user?.email ?? null} />
      )}
    </>
  );
}
