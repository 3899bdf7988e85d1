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
        <Field label={t('cash.day')} type="date" value={day} onChange={(e) => e.target.value && setParams({ day: e.target.value }, { replace: true })} />
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
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <thead className="text-start text-muted">
                    <tr>
                      <th scope="col" className="py-2 pe-3 text-start font-medium">{t('cash.person')}</th>
                      <th scope="col" className="py-2 pe-3 text-end font-medium">{t('payments.methods.cash')}</th>
                      <th scope="col" className="py-2 pe-3 text-end font-medium">{t('payments.methods.card_terminal')}</th>
                      <th scope="col" className="py-2 pe-3 text-end font-medium">{t('payments.methods.bank_transfer')}</th>
                      <th scope="col" className="py-2 pe-3 text-end font-medium">{t('cash.refunds')}</th>
                      <th scope="col" className="py-2 text-end font-medium">{t('cash.personTotal')}</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {cash.people.map((p) => (
                      <tr key={p.staff_id ?? 'none'}>
                        <th scope="row" className="py-2 pe-3 text-start font-medium text-ink"><bdi>{p.name}</bdi></th>
                        <td className="whitespace-nowrap py-2 pe-3 text-end">{money(p.cash)}</td>
                        <td className="whitespace-nowrap py-2 pe-3 text-end">{money(p.card_terminal)}</td>
                        <td className="whitespace-nowrap py-2 pe-3 text-end">{money(p.bank_transfer)}</td>
                        <td className="whitespace-nowrap py-2 pe-3 text-end">{p.refunds > 0 ? `−${money(p.refunds)}` : money(0)}</td>
                        <td className="whitespace-nowrap py-2 text-end font-semibold">{money(p.total)}</td>
                      </tr>
                    ))}
                    <tr>
                      <th scope="row" className="py-2 pe-3 text-start font-medium text-ink">{t('payments.methods.card_online')}</th>
                      <td colSpan={4} />
                      <td className="whitespace-nowrap py-2 text-end font-semibold">{money(cash.card_online)}</td>
                    </tr>
                  </tbody>
                  <tfoot>
                    <tr className="border-t-2 border-line">
                      <th scope="row" colSpan={5} className="py-2 pe-3 text-start font-semibold text-ink">{t('cash.total')}</th>
                      <td className="whitespace-nowrap py-2 text-end text-base font-semibold text-ink" data-testid="cash-total">{money(cash.total)}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
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
                    <Link to={`/admin/orders/edit/${o.order_id}`} className="min-w-0 truncate text-primary underline-offset-2 hover:underline">
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
