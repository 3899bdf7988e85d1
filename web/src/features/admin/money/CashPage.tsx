/**
 * The day's cash (`/admin/cash?day=`): what each staff member or driver took in, by method and less
 * the refunds they gave, the online card payments, the day's total, and the cash-on-delivery orders of
 * the day still to collect, each linked to its order. Printable as it is.
 */
import { Printer } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shopClock } from '@shared/delivery-date';
import { isCalendarDay } from '@shared/schemas/calendar-day';
import { Button } from '@web/components/ui/Button';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Field } from '@web/components/ui/form-fields';
import { Skeleton } from '@web/components/ui/Skeleton';
import { PageHeader } from '../components/PageHeader';
import { useMoney } from '../components/format';
import { useCashDay } from './api';

export default function CashPage() {
  const { t } = useTranslation('admin-money');
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const asked = params.get('day') ?? '';
  const day = isCalendarDay(asked) ? asked : shopClock(new Date()).date;
  const query = useCashDay(day);
  const cash = query.data;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('cash.title')}
        description={t('cash.description')}
        actions={
          <Button type="button" variant="secondary" onClick={() => window.print()} className="print:hidden">
            <Printer aria-hidden="true" className="size-4" />
            {t('cash.print')}
          </Button>
        }
      />
      <div className="max-w-xs print:hidden">
        <Field
          label={t('cash.day')}
          type="date"
          value={day}
          onChange={(e) => e.target.value && setParams({ day: e.target.value }, { replace: true })}
        />
      </div>
      {query.isError ? (
        <ErrorState message={t('cash.loadFailed')} onRetry={() => void query.refetch()} />
      ) : !cash ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <>
          <section aria-labelledby="cash-people" className="rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
            <h2 id="cash-people" className="mb-3 font-display text-lg text-ink">
              {t('cash.received')}
            </h2>
            {cash.people.length === 0 && cash.card_online === 0 ? (
              <p className="text-sm text-muted">{t('cash.nothing')}</p>
            ) : (
              <ul className="divide-y divide-line text-sm">
                {cash.people.map((p) => (
                  <li key={p.staff_id ?? 'none'} className="py-2">
                    <div className="flex items-baseline justify-between gap-3">
                      <bdi className="min-w-0 truncate font-medium text-ink">{p.name}</bdi>
                      <span className="whitespace-nowrap font-semibold text-ink">{money(p.total)}</span>
                    </div>
                    <p className="text-xs text-muted">
                      {(['cash', 'card_terminal', 'bank_transfer'] as const)
                        .filter((m) => p[m] > 0)
                        .map((m) => `${t(`payments.methods.${m}`)} ${money(p[m])}`)
                        .concat(p.refunds > 0 ? [`${t('cash.refunds')} −${money(p.refunds)}`] : [])
                        .join(' · ')}
                    </p>
                  </li>
                ))}
                <li className="flex items-baseline justify-between gap-3 py-2">
                  <span className="font-medium text-ink">{t('payments.methods.card_online')}</span>
                  <span className="whitespace-nowrap font-semibold text-ink">{money(cash.card_online)}</span>
                </li>
                <li className="flex items-baseline justify-between gap-3 border-t-2 border-line py-2">
                  <span className="font-semibold text-ink">{t('cash.total')}</span>
                  <span className="whitespace-nowrap text-base font-semibold text-ink" data-testid="cash-total">
                    {money(cash.total)}
                  </span>
                </li>
              </ul>
            )}
          </section>
          <section aria-labelledby="cash-to-collect" className="rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
            <h2 id="cash-to-collect" className="mb-3 font-display text-lg text-ink">
              {t('cash.toCollect', { amount: money(cash.to_collect_total) })}
            </h2>
            {cash.to_collect.length === 0 ? (
              <p className="text-sm text-muted">{t('cash.allCollected')}</p>
            ) : (
              <ul className="divide-y divide-line text-sm">
                {cash.to_collect.map((o) => (
                  <li key={o.order_id} className="flex items-baseline justify-between gap-3 py-2">
                    <Link
                      to={`/admin/orders/edit/${o.order_id}`}
                      className="min-w-0 truncate text-primary underline-offset-2 hover:underline"
                    >
                      {t('cash.order', { id: o.order_id })} · <bdi>{o.customer_name}</bdi>
                    </Link>
                    <span className="whitespace-nowrap font-medium text-amber-800">{money(o.due)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
