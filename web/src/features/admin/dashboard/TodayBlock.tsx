/**
 * The dashboard starts with today: deliveries today and tomorrow (each opening its day's sheet) and
 * under each its orders per time slot (deliveries and pick-ups apart, the slot named in the reader's
 * language), today's bench (not started, in preparation, ready), the orders waiting to be confirmed,
 * and the cash drivers still have to bring back. It loads its own figures, so the rest of the
 * dashboard never waits for them.
 */
import { CalendarClock, ClipboardCheck, Flower2, Truck, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardSlot, DashboardToday } from '@shared/schemas/dashboard';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Skeleton } from '@web/components/ui/Skeleton';
import { cn } from '@web/components/ui/cn';
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
  className,
  children,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  value: string;
  note?: string;
  testId: string;
  className?: string;
  /** Under the figure, outside its link (a list the link's name should not carry). */
  children?: ReactNode;
}) {
  return (
    <div
      data-testid={testId}
      className={cn('flex min-w-0 flex-col rounded-card border border-line bg-surface shadow-card hover:border-primary', className)}
    >
      <Link to={to} className="flex min-w-0 flex-col gap-1 rounded-card p-4 focus-visible:outline-2 focus-visible:outline-primary">
        <span className="flex items-center gap-2 text-sm font-medium text-muted">
          {icon}
          {label}
        </span>
        <span className="font-display text-2xl text-ink tabular-nums">
          <bdi>{value}</bdi>
        </span>
        {note && <span className="text-sm text-muted">{note}</span>}
      </Link>
      {children}
    </div>
  );
}

/** A day's orders per slot: the slot's label, then its deliveries and its pick-ups (each when any). */
function SlotList({ slots, testId }: { slots: DashboardSlot[]; testId: string }) {
  const { t } = useTranslation('admin-front-desk');
  if (slots.length === 0) return null;
  return (
    <div className="border-t border-line px-4 pt-2 pb-3">
      <p className="mb-1 text-xs font-medium text-muted">{t('today.slotsOf')}</p>
      <ul data-testid={testId} className="space-y-1 text-sm">
        {slots.map((s) => (
          <li key={s.key ?? ''} data-slot={s.key ?? 'none'} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-medium text-ink">{s.label ? <bdi>{s.label}</bdi> : t('today.noSlot')}</span>
            <span className="text-muted tabular-nums">
              {[
                s.deliveries > 0 && t('today.slotDeliveries', { count: s.deliveries }),
                s.pickups > 0 && t('today.slotPickups', { count: s.pickups }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Today's orders by the bench's mark, as the workshop sheet counts them. */
function WorkshopFigures({ workshop }: { workshop: DashboardToday['workshop'] }) {
  const { t } = useTranslation('admin-front-desk');
  const figures: [string, number, string][] = [
    [t('today.notStarted'), workshop.not_started, 'not_started'],
    [t('today.inPreparation'), workshop.in_preparation, 'in_preparation'],
    [t('today.ready'), workshop.ready, 'ready'],
  ];
  return (
    <dl className="grid grid-cols-3 gap-2">
      {figures.map(([label, n, key]) => (
        // A label on two lines (a narrow column) keeps its figure on the row of the others.
        <div key={key} data-mark={key} className="flex min-w-0 flex-col justify-between gap-1">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="font-display text-2xl text-ink tabular-nums">{n}</dd>
        </div>
      ))}
    </dl>
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
        <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-6">
          <Figure
            to="/admin/orders/today"
            testId="today-deliveries"
            className="lg:col-span-2"
            icon={<Truck aria-hidden="true" className="size-4" />}
            label={t('today.deliveriesToday')}
            value={String(query.data.deliveries.today.total)}
            note={t('today.toDeliver', { count: query.data.deliveries.today.to_deliver })}
          >
            <SlotList slots={query.data.deliveries.today.slots} testId="today-slots" />
          </Figure>
          <Figure
            to="/admin/orders/today?day=tomorrow"
            testId="tomorrow-deliveries"
            className="lg:col-span-2"
            icon={<CalendarClock aria-hidden="true" className="size-4" />}
            label={t('today.deliveriesTomorrow')}
            value={String(query.data.deliveries.tomorrow.total)}
            note={t('today.toDeliver', { count: query.data.deliveries.tomorrow.to_deliver })}
          >
            <SlotList slots={query.data.deliveries.tomorrow.slots} testId="tomorrow-slots" />
          </Figure>
          <Link
            to="/admin/orders/today"
            data-testid="today-workshop"
            className="flex min-w-0 flex-col gap-2 rounded-card border border-line bg-surface p-4 shadow-card hover:border-primary focus-visible:outline-2 focus-visible:outline-primary min-[480px]:col-span-2 lg:col-span-2"
          >
            <span className="flex items-center gap-2 text-sm font-medium text-muted">
              <Flower2 aria-hidden="true" className="size-4" />
              {t('today.workshop')}
            </span>
            <WorkshopFigures workshop={query.data.workshop} />
          </Link>
          <Figure
            to="/admin/orders?status=pending"
            testId="today-to-confirm"
            className="lg:col-span-3"
            icon={<ClipboardCheck aria-hidden="true" className="size-4" />}
            label={t('today.toConfirm')}
            value={String(query.data.to_confirm)}
          />
          <Figure
            to="/admin/cash"
            testId="today-cash"
            className="lg:col-span-3"
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
