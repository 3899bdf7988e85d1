/**
 * The dashboard starts with today: deliveries today and tomorrow (each opening its day's sheet), the
 * orders waiting to be confirmed, and the cash drivers still have to bring back. It loads its own
 * figures, so the rest of the dashboard never waits for them.
 */
import { CalendarClock, ClipboardCheck, Truck, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Skeleton } from '@web/components/ui/Skeleton';
import { formatShopDate } from '@web/lib/format';
import { useLocale, useMoney } from '../components/format';
import { useDashboardToday } from './api';

function Figure({
  to,
  icon,
  label,
  value,
  note,
  testId,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  value: string;
  note?: string;
  testId: string;
}) {
  return (
    <Link
      to={to}
      data-testid={testId}
      className="flex min-w-0 flex-col gap-1 rounded-card border border-line bg-surface p-4 shadow-card hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
    >
      <span className="flex items-center gap-2 text-sm font-medium text-muted">
        {icon}
        {label}
      </span>
      <span className="font-display text-2xl text-ink tabular-nums">
        <bdi>{value}</bdi>
      </span>
      {note && <span className="text-sm text-muted">{note}</span>}
    </Link>
  );
}

export function TodayBlock() {
  const { t } = useTranslation('admin-front-desk');
  const locale = useLocale();
  const money = useMoney();
  const query = useDashboardToday();
  return (
    <section aria-labelledby="today-title" className="mb-4">
      <h2 id="today-title" className="mb-2 font-display text-lg text-ink">
        {t('today.title')}
        {query.data && <span className="ms-2 text-sm font-normal text-muted">{formatShopDate(locale, query.data.today)}</span>}
      </h2>
      {query.isError ? (
        <ErrorState message={t('today.loadFailed')} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton className="h-28 w-full" />
      ) : (
        <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
          <Figure
            to="/admin/orders/today"
            testId="today-deliveries"
            icon={<Truck aria-hidden="true" className="size-4" />}
            label={t('today.deliveriesToday')}
            value={String(query.data.deliveries.today.total)}
            note={t('today.toDeliver', { count: query.data.deliveries.today.to_deliver })}
          />
          <Figure
            to="/admin/orders/today?day=tomorrow"
            testId="tomorrow-deliveries"
            icon={<CalendarClock aria-hidden="true" className="size-4" />}
            label={t('today.deliveriesTomorrow')}
            value={String(query.data.deliveries.tomorrow.total)}
            note={t('today.toDeliver', { count: query.data.deliveries.tomorrow.to_deliver })}
          />
          <Figure
            to="/admin/orders?status=pending"
            testId="today-to-confirm"
            icon={<ClipboardCheck aria-hidden="true" className="size-4" />}
            label={t('today.toConfirm')}
            value={String(query.data.to_confirm)}
          />
          <Figure
            to="/admin/cash"
            testId="today-cash"
            icon={<Wallet aria-hidden="true" className="size-4" />}
            label={t('today.cashToCollect')}
            value={money(query.data.cash_to_collect.amount)}
            note={t('today.cashOrders', { count: query.data.cash_to_collect.orders })}
          />
        </div>
      )}
    </section>
  );
}
