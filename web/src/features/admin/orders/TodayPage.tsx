/**
 * /admin/orders/today: the workshop's sheet. Open orders to deliver today and tomorrow, grouped by
 * day then city, with what to make, for whom and the card's words; printable on one A4 as it is.
 */
import { Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WorkshopDay } from '@shared/schemas/orders-admin';
import { Button } from '@web/components/ui/Button';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Skeleton } from '@web/components/ui/Skeleton';
import { StatusBadge } from '@web/components/ui/StatusBadge';
import { formatShopDate } from '@web/lib/format';
import { PageHeader } from '../components/PageHeader';
import { useWorkshopDay } from './api';
import { useLocale } from '../components/format';

type Order = WorkshopDay['orders'][number];

// The back office's frame (menu, breadcrumb, header) stays off paper.
const PRINT_CSS = '@media print { body * { visibility: hidden; } #workshop-sheet, #workshop-sheet * { visibility: visible; } #workshop-sheet { position: absolute; inset: 0; } }';

function byCity(orders: Order[]): [string, Order[]][] {
  const groups = new Map<string, Order[]>();
  for (const o of orders) groups.set(o.delivery_city, [...(groups.get(o.delivery_city) ?? []), o]);
  return [...groups];
}

export default function TodayPage() {
  const { t } = useTranslation('admin-sales');
  const locale = useLocale();
  const query = useWorkshopDay();
  const d = query.data;
  return (
    <>
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={t('today.title')}
        description={t('today.intro')}
        actions={
          <Button variant="secondary" onClick={() => window.print()} disabled={!d}>
            <Printer aria-hidden="true" className="size-4" />
            {t('today.print')}
          </Button>
        }
      />
      {query.isError ? (
        <ErrorState message={t('today.loadFailed')} onRetry={() => void query.refetch()} />
      ) : !d ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <div id="workshop-sheet" className="space-y-6">
          {[
            [d.today, t('today.today', { date: formatShopDate(locale, d.today) })],
            [d.tomorrow, t('today.tomorrow', { date: formatShopDate(locale, d.tomorrow) })],
          ].map(([day, heading]) => {
            const orders = d.orders.filter((o) => o.delivery_date === day);
            return (
              <section key={day} aria-labelledby={`day-${day}`} className="break-inside-avoid">
                <h2 id={`day-${day}`} className="mb-2 font-display text-xl text-ink">
                  {heading}
                </h2>
                {orders.length === 0 ? (
                  <p className="rounded-card border border-line bg-surface p-4 text-sm text-muted">{t('today.empty')}</p>
                ) : (
                  byCity(orders).map(([city, list]) => (
                    <div key={city} className="mb-3">
                      <h3 className="mb-1 text-sm font-semibold tracking-wide text-muted uppercase">
                        {city} · {list.length}
                      </h3>
                      <ul className="divide-y divide-line rounded-card border border-line bg-surface">
                        {list.map((o) => (
                          <li key={o.id} className="grid gap-1 p-3 text-sm sm:grid-cols-[8rem_1fr_1fr]">
                            <div className="flex items-center gap-2 sm:flex-col sm:items-start">
                              <Link to={`/admin/orders/edit/${o.id}`} className="font-semibold text-primary hover:underline">
                                #{o.id}
                              </Link>
                              <StatusBadge status={o.order_status} />
                            </div>
                            <ul>
                              {o.items.map((i, n) => (
                                <li key={n}>
                                  {i.quantity} × {i.name}
                                  {i.color ? ` (${i.color})` : ''}
                                </li>
                              ))}
                              {o.is_customized && o.custom_instructions && (
                                <li className="text-muted">
                                  {t('today.custom')}: {o.custom_instructions}
                                </li>
                              )}
                            </ul>
                            <div>
                              <p>
                                {t('today.recipient')}: <bdi>{o.recipient_name ?? o.customer_name}</bdi> ·{' '}
                                <bdi dir="ltr">{o.recipient_phone ?? o.customer_phone}</bdi>
                              </p>
                              {o.street && (
                                <p className="text-muted">
                                  <bdi>{o.street}</bdi>
                                </p>
                              )}
                              {o.gift_message && (
                                <p className="italic">
                                  {t('today.gift')}: « <bdi>{o.gift_message}</bdi> »
                                </p>
                              )}
                            </div>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))
                )}
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}
