/**
 * On the workshop sheet, above the orders: what to make that day, the day's lines added up per
 * product, colour and size (the size in the line's name; extras are lines of their own) (custom bouquets' stems included, and said how many), most needed first, with
 * how many orders carry each of the bench's marks.
 */
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Skeleton } from '@web/components/ui/Skeleton';
import { useWorkshopProduction } from './workshop-bench-api';

export function ProductionPanel({ day }: { day: string | undefined }) {
  const { t } = useTranslation('admin-workshop');
  const query = useWorkshopProduction(day);
  const p = query.data;
  return (
    <section aria-labelledby="workshop-production" className="mb-6 rounded-card border border-line bg-surface p-3 print:hidden">
      <h2 id="workshop-production" className="font-display text-lg text-ink">
        {t('production.title')}
      </h2>
      <p className="text-sm text-muted">{t('production.intro')}</p>
      {query.isError ? (
        <ErrorState message={t('production.loadFailed')} onRetry={() => void query.refetch()} className="mt-2" />
      ) : !p ? (
        <Skeleton className="mt-2 h-24 w-full" />
      ) : p.lines.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('production.empty')}</p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-line text-sm" data-testid="workshop-production">
            {p.lines.map((l) => (
              <li
                key={`${l.product_id ?? l.name}-${l.color ?? ''}-${l.size ?? ''}`}
                className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5"
              >
                <span className="min-w-12 text-lg font-semibold text-ink tabular-nums">{l.quantity}</span>
                <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                  <bdi className="font-medium">{l.name}</bdi>
                  <span className="ms-2 inline-flex items-center gap-1 text-muted">
                    {l.color_hex && (
                      <span
                        aria-hidden="true"
                        className="inline-block size-3 rounded-full border border-line"
                        style={{ backgroundColor: l.color_hex }}
                      />
                    )}
                    <bdi>{l.color ?? t('production.noColor')}</bdi>
                  </span>
                </span>
                <span className="text-xs text-muted">
                  {t('production.orders', { count: l.orders })}
                  {l.custom_quantity > 0 && <> · {t('production.custom', { n: l.custom_quantity })}</>}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 border-t border-line pt-2 text-sm">
            <span className="font-semibold text-ink">{t('production.total', { n: p.total_quantity })}</span>
            <span className="text-muted">{t('production.marks', p.marks)}</span>
          </p>
        </>
      )}
    </section>
  );
}
