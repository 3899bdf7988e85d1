/**
 * /profile/orders and /orders (login required): the customer's orders, 10 a page, with a detail
 * panel (items, addresses, delivery, gift message, status history).
 */
import { ArrowLeft, ChevronLeft, ChevronRight, Package } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toLocale, type Locale } from '@shared/constants';
import { formatMAD } from '@shared/money';
import type { OrderAddress, OrderDetail } from '@shared/schemas/orders';
import { Button, ButtonLink, ErrorState, Price, Skeleton, cn } from '@web/components/ui';
import { RequireAuth } from '@web/features/account/session';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { useMyOrders, useOrderDetail } from '../api';
import { StatusBadge } from '../components/StatusBadge';

const dateFmt = (locale: Locale, iso: string, withTime = false) => {
  const tag = locale === 'ar' ? 'ar-MA-u-nu-latn' : `${locale}-MA`;
  const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`) : new Date(iso);
  return new Intl.DateTimeFormat(tag, withTime ? { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Casablanca' } : { dateStyle: 'medium', timeZone: 'Africa/Casablanca' }).format(d);
};

export default function OrdersPage() {
  return (
    <RequireAuth>
      <Orders />
    </RequireAuth>
  );
}

function Orders() {
  const { t, i18n } = useTranslation('cart');
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
          message={isApiError(orders.error) && orders.error.status < 500 && orders.error.status > 0 ? orders.error.message : t('orders.loadFailed')}
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
        />
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface px-6 py-14 text-center">
          <Package aria-hidden="true" className="size-12 text-primary/60" />
          <h2 className="font-display text-2xl text-ink">{t('orders.emptyTitle')}</h2>
          <p className="text-muted">{t('orders.emptyText')}</p>
          <ButtonLink to="/category/1">{t('cart.browse')}</ButtonLink>
        </div>
      ) : (
        <div className={cn('grid items-start gap-6', selected != null && 'xl:grid-cols-[1fr_28rem]')}>
          <div>
            <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
              <table className="w-full min-w-[36rem] text-sm">
                <caption className="sr-only">{t('orders.title')}</caption>
                <thead className="bg-sand/60 text-muted">
                  <tr>
                    <th scope="col" className="px-4 py-3 text-start font-medium">{t('orders.number')}</th>
                    <th scope="col" className="px-4 py-3 text-start font-medium">{t('orders.date')}</th>
                    <th scope="col" className="px-4 py-3 text-start font-medium">{t('orders.total')}</th>
                    <th scope="col" className="px-4 py-3 text-start font-medium">{t('orders.status')}</th>
                    <th scope="col" className="px-4 py-3 text-start font-medium">{t('orders.type')}</th>
                    <th scope="col" className="px-4 py-3"><span className="sr-only">{t('orders.details')}</span></th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((order) => (
                    <tr key={order.id} className={cn('border-t border-line', selected === order.id && 'bg-primary-soft/50')}>
                      <th scope="row" className="px-4 py-3 text-start font-semibold tabular-nums">#{order.id}</th>
                      <td className="px-4 py-3">{dateFmt(locale, order.created_at)}</td>
                      <td className="px-4 py-3"><Price amount={order.total_amount} /></td>
                      <td className="px-4 py-3"><StatusBadge status={order.order_status} /></td>
                      <td className="px-4 py-3">{order.is_customized ? t('orders.customized') : t('orders.regular')}</td>
                      <td className="px-4 py-3 text-end">
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-expanded={selected === order.id}
                          aria-controls="order-detail"
                          aria-label={t('orders.detailsOf', { id: order.id })}
                          onClick={() => setSelected(selected === order.id ? null : order.id)}
                        >
                          {t('orders.details')}
                        </Button>
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
              className="rounded-2xl border border-line bg-surface p-5 focus:outline-none sm:p-6 xl:sticky xl:top-24"
            >
              <OrderDetailPanel id={selected} onClose={() => setSelected(null)} locale={locale} />
            </section>
          )}
        </div>
      )}
    </div>
  );
}

function AddressBlock({ title, address }: { title: string; address: OrderAddress | null }) {
  if (!address) return null;
  return (
    <div>
      <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{title}</h4>
      <address className="text-sm not-italic leading-relaxed text-ink">
        {address.full_name}
        <br />
        {address.street}
        <br />
        {address.postal_code} {address.city}
        {address.state ? `, ${address.state}` : ''}
        <br />
        {address.country}
        <br />
        <bdi>{address.phone}</bdi>
      </address>
    </div>
  );
}

function OrderDetailPanel({ id, onClose, locale }: { id: number; onClose: () => void; locale: Locale }) {
  const { t } = useTranslation('cart');
  const detail = useOrderDetail(id);
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
        <div className="space-y-6">
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <StatusBadge status={order.order_status} />
            <span className="text-muted">{dateFmt(locale, order.created_at, true)}</span>
            <span className="text-muted">· {order.is_customized ? t('orders.customized') : t('orders.regular')}</span>
          </div>
          <div>
            <h3 className="mb-2 font-medium text-ink">{t('orders.items')}</h3>
            <ul className="divide-y divide-line text-sm">
              {order.order_items.map((item) => {
                const colorName = item.color?.name ?? item.color_name;
                return (
                  <li key={item.id} className="flex items-start justify-between gap-3 py-2">
                    <div className="min-w-0">
                      <p className="font-medium text-ink">{item.product.name}</p>
                      {colorName && (
                        <p className="flex items-center gap-1.5 text-muted">
                          {item.color?.hex_code && (
                            <span aria-hidden="true" className="size-3 rounded-full border border-black/10" style={{ backgroundColor: item.color.hex_code }} />
                          )}
                          {t('orders.color', { color: colorName })}
                        </p>
                      )}
                      <p className="text-muted">
                        <bdi>{item.quantity}</bdi> × <bdi>{formatMAD(item.unit_price, locale)}</bdi>
                      </p>
                    </div>
                    <Price amount={item.line_total} className="shrink-0" />
                  </li>
                );
              })}
            </ul>
            <dl className="mt-3 space-y-1 border-t border-line pt-3 text-sm">
              <div className="flex justify-between"><dt className="text-muted">{t('orders.subtotal')}</dt><dd><Price amount={order.subtotal} /></dd></div>
              {order.coupon_code && order.coupon_discount > 0 && (
                <div className="flex justify-between"><dt className="text-muted">{t('orders.discount', { code: order.coupon_code })}</dt><dd><bdi>−{formatMAD(order.coupon_discount, locale)}</bdi></dd></div>
              )}
              <div className="flex justify-between"><dt className="text-muted">{t('orders.shipping')}</dt><dd><Price amount={order.shipping_cost} /></dd></div>
              <div className="flex justify-between font-semibold"><dt>{t('orders.total')}</dt><dd><Price amount={order.total_amount} /></dd></div>
            </dl>
          </div>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div><dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('orders.deliveryCity')}</dt><dd>{order.delivery_city}</dd></div>
            <div><dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('orders.deliveryDate')}</dt><dd>{order.delivery_date ? dateFmt(locale, order.delivery_date) : '—'}</dd></div>
            <div><dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('orders.payment')}</dt><dd>{t(`orders.paymentMethod.${order.payment_method}`)} · {t(`paymentStatus.${order.payment_status}`)}</dd></div>
            <div><dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('orders.substitutionLabel')}</dt><dd>{t(`orders.substitution.${order.substitution}`)}</dd></div>
            {order.recipient && (
              <div className="sm:col-span-2"><dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('orders.recipient')}</dt><dd>{order.recipient.name}{order.recipient.phone && <> · <bdi>{order.recipient.phone}</bdi></>}{order.recipient.anonymous && <> · {t('orders.anonymous')}</>}</dd></div>
            )}
            {order.gift_message && (
              <div className="sm:col-span-2"><dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('orders.giftMessage')}</dt><dd className="whitespace-pre-line italic">“{order.gift_message}”</dd></div>
            )}
            {order.order_notes && (
              <div className="sm:col-span-2"><dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('orders.notes')}</dt><dd className="whitespace-pre-line">{order.order_notes}</dd></div>
            )}
          </dl>
          <div className="grid gap-4 sm:grid-cols-2">
            <AddressBlock title={t('orders.billingAddress')} address={order.billing_address} />
            <AddressBlock title={t('orders.shippingAddress')} address={order.shipping_address ?? order.address} />
          </div>
          <div>
            <h3 className="mb-3 font-medium text-ink">{t('orders.history')}</h3>
            <ol className="relative space-y-4 border-s-2 border-line ps-5">
              {order.status_history.map((event, i) => (
                <li key={`${event.created_at}-${i}`} className="relative">
                  <span aria-hidden="true" className="absolute -start-[1.6rem] top-1 size-3 rounded-full border-2 border-surface bg-primary" />
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge status={event.order_status} />
                    <time dateTime={event.created_at} className="text-xs text-muted">{dateFmt(locale, event.created_at, true)}</time>
                  </div>
                  {event.note && <p className="mt-1 text-sm text-muted">{event.note}</p>}
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
    </>
  );
}
