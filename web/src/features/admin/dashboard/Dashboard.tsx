/**
 * /admin and /admin/dashboard: tiles (revenue taken apart: products, discounts, delivery), orders over
 * time, month-over-month change, revenue by category (adding up to the products), user growth.
 */
import { ArrowRight, BarChart3, ShoppingBag, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Spinner } from '@web/components/ui/Spinner';
import { PageHeader } from '../components/PageHeader';
import { LowStockBlock } from '../low-stock/LowStockBlock';
import { useDashboard } from './api';
import { Card } from './Card';
import { Change } from './Change';
import { monthLabel, monthOverMonth, useLocale, useMoney } from '../components/format';
import { LineChartCard } from './LineChartCard';
import { RevenueBreakdown } from './RevenueBreakdown';
import { TodayBlock } from './TodayBlock';

function Tile({
  to,
  icon,
  label,
  value,
  linkLabel,
  children,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  value: string;
  linkLabel: string;
  children?: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="group flex flex-col gap-2 rounded-card border border-line bg-surface p-4 shadow-card hover:border-primary focus-visible:outline-2 focus-visible:outline-primary sm:p-5"
    >
      <span className="flex items-center gap-2 text-sm font-medium text-muted">
        {icon}
        {label}
      </span>
      <span className="font-display text-2xl text-ink tabular-nums sm:text-3xl">
        <bdi>{value}</bdi>
      </span>
      {children}
      <span className="mt-auto inline-flex items-center gap-1 text-sm text-primary group-hover:underline">
        {linkLabel}
        <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </span>
    </Link>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation('admin-sales');
  const locale = useLocale();
  const money = useMoney();
  const query = useDashboard();
  const title = t('dashboard.title');

  if (query.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center bg-surface">
        <PageHeader title={title} />
        <Spinner label={t('dashboard.loading')} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title={title} />
        <ErrorState
          message={query.error.message || t('dashboard.loadFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </>
    );
  }
  const d = query.data;
  const change = monthOverMonth(d.orders_over_time);
  const categories = Object.entries(d.revenue_by_category);
  const chart = d.orders_over_time.map((m) => ({ label: monthLabel(locale, m.month), value: m.count }));
  const hasOrders = d.orders_over_time.some((m) => m.count > 0);
  const max = Math.max(0, ...categories.map(([, v]) => v));

  return (
    <>
      <PageHeader title={title} description={t('dashboard.deliveredOnly')} />
      <TodayBlock />
      <div className="grid gap-4 sm:grid-cols-3">
        <Tile
          to="/admin/orders"
          icon={<ShoppingBag aria-hidden="true" className="size-4" />}
          label={t('dashboard.totalOrders')}
          value={String(d.total_orders)}
          linkLabel={t('dashboard.viewOrders')}
        >
          <span className="text-sm text-muted">{t('dashboard.last30Orders', { count: d.orders_last_30_days })}</span>
        </Tile>
        <Tile
          to="/admin/dashboard/revenue"
          icon={<BarChart3 aria-hidden="true" className="size-4" />}
          label={t('dashboard.revenue')}
          value={money(d.total_revenue)}
          linkLabel={t('dashboard.viewRevenue')}
        >
          <RevenueBreakdown parts={d.total_revenue_parts} testId="dashboard-revenue-parts" />
          <span className="text-sm text-muted">{t('dashboard.last30Revenue', { amount: money(d.revenue_last_30_days) })}</span>
        </Tile>
        <Tile
          to="/admin/customers"
          icon={<Users aria-hidden="true" className="size-4" />}
          label={t('dashboard.users')}
          value={String(d.total_users)}
          linkLabel={t('dashboard.viewCustomers')}
        >
          <span className="text-sm text-muted">{t('dashboard.totalUsers', { count: d.total_users })}</span>
        </Tile>
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <Card
          title={t('dashboard.ordersOverTime')}
          className="lg:col-span-2"
          action={change !== null ? <Change value={change} label={t('dashboard.vsLastMonth')} /> : undefined}
        >
          {hasOrders ? (
            <LineChartCard data={chart} name={t('dashboard.ordersDataset')} />
          ) : (
            <p className="py-10 text-center text-sm text-muted">{t('dashboard.noChartData')}</p>
          )}
        </Card>
        <Card title={t('dashboard.userGrowth')}>
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className="text-sm text-muted">{t('dashboard.newUsers')}</dt>
              <dd className="text-2xl font-semibold text-ink tabular-nums">{d.new_users_last_30_days}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t('dashboard.returningUsers')}</dt>
              <dd className="text-2xl font-semibold text-ink tabular-nums">{d.returning_users}</dd>
            </div>
          </dl>
          <div className="mt-3">
            <Change value={d.user_growth_percent} label={t('dashboard.vsPrevious30')} />
          </div>
        </Card>
      </div>

      <Card title={t('dashboard.revenueByCategory')} className="mt-4">
        {categories.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">{t('dashboard.noCategoryRevenue')}</p>
        ) : (
          <ul className="space-y-3">
            {categories.map(([name, amount]) => (
              <li key={name}>
                <div className="mb-1 flex justify-between gap-3 text-sm">
                  <span className="text-ink">{name}</span>
                  <bdi className="font-medium text-ink tabular-nums">{money(amount)}</bdi>
                </div>
                <div className="h-2 rounded-full bg-sand" aria-hidden="true">
                  <div className="h-2 rounded-full bg-[#4e7397]" style={{ width: `${Math.max(4, max > 0 ? (amount / max) * 100 : 0)}%` }} />
                </div>
              </li>
            ))}
            <li className="flex justify-between gap-3 border-t border-line pt-2 text-sm font-semibold text-ink">
              <span>{t('dashboard.categoriesTotal')}</span>
              <bdi className="tabular-nums" data-testid="categories-total">
                {money(d.total_revenue_parts.products)}
              </bdi>
            </li>
          </ul>
        )}
      </Card>
      <LowStockBlock />
    </>
  );
}
