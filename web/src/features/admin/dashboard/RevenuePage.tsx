/** /admin/dashboard/revenue and /admin/revenue: revenue of the day, week, month or year, delivered orders only. */
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { REVENUE_PERIODS, type RevenuePeriod } from '@shared/schemas/dashboard';
import { cn } from '@web/components/ui/cn';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Skeleton } from '@web/components/ui/Skeleton';
import { PageHeader } from '../components/PageHeader';
import { useListParams } from '../components/use-list-params';
import { useRevenue } from './api';
import { Card } from './Card';
import { Change } from './Change';
import { revenueBucketLabel, useLocale, useMoney } from '../components/format';
import { LineChartCard } from './LineChartCard';
import { RevenueBreakdown } from './RevenueBreakdown';

export default function RevenuePage() {
  const { t } = useTranslation('admin-sales');
  const locale = useLocale();
  const money = useMoney();
  const [params, setParams] = useListParams({ period: 'month' });
  const period: RevenuePeriod = (REVENUE_PERIODS as readonly string[]).includes(params.period) ? (params.period as RevenuePeriod) : 'month';
  const query = useRevenue(period);
  const r = query.data;

  return (
    <>
      <PageHeader title={t('revenue.title')} />
      <div
        role="group"
        aria-label={t('revenue.periodLabel')}
        className="mb-4 inline-flex flex-wrap gap-1 rounded-xl border border-line bg-surface p-1"
      >
        {REVENUE_PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={p === period}
            onClick={() => setParams({ period: p })}
            className={cn(
              'min-h-10 rounded-lg px-4 text-sm font-medium',
              p === period ? 'bg-primary text-white' : 'text-ink hover:bg-primary-soft',
            )}
          >
            {t(`revenue.periods.${p}`)}
          </button>
        ))}
      </div>
      <p className="mb-4 flex items-center gap-2 text-sm text-muted">
        <Info aria-hidden="true" className="size-4 shrink-0" />
        {t('revenue.deliveredNote')}
      </p>
      {query.isError ? (
        <ErrorState
          message={query.error.message || t('revenue.loadFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !r ? (
        <Skeleton className="h-80 w-full" />
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          <Card title={t('revenue.total')}>
            <p className="font-display text-3xl text-ink tabular-nums" data-testid="revenue-total">
              <bdi>{money(r.revenue)}</bdi>
            </p>
            <div className="mt-2">
              <Change value={r.percent_change} label={t('revenue.vsPrevious')} />
            </div>
            <div className="mt-2">
              <RevenueBreakdown parts={r.revenue_parts} testId="revenue-parts" />
            </div>
            <p className="mt-2 text-sm text-muted">{t('revenue.previous', { amount: money(r.previous_revenue) })}</p>
          </Card>
          <Card title={t('revenue.chartTitle')} className="lg:col-span-2">
            {r.revenue > 0 ? (
              <LineChartCard
                data={r.revenue_over_time.map((b) => ({ label: revenueBucketLabel(locale, b.period), value: b.total }))}
                name={t('revenue.title')}
                format={money}
              />
            ) : (
              <p className="py-10 text-center text-sm text-muted">{t('revenue.empty')}</p>
            )}
          </Card>
        </div>
      )}
    </>
  );
}
