/** The delivery zones table, live from `GET /api/delivery-zones`: skeleton, error with Retry, empty. */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Price } from '@web/components/ui/Price';
import { Skeleton } from '@web/components/ui/Skeleton';
import { deliveryZonesQuery } from '../api';

const cellClass = 'px-3 py-3 text-start align-top sm:px-4';
const headClass = 'px-3 py-3 text-start text-sm font-semibold text-ink sm:px-4';

function TableFrame({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  const { t } = useTranslation('shop');
  return (
    // Scrolls sideways on narrow phones; focusable so the keyboard can scroll it too.
    <div
      role="region"
      aria-label={t('delivery.zones.caption')}
      aria-busy={busy || undefined}
      tabIndex={0}
      className="overflow-x-auto rounded-card border border-line bg-surface shadow-card"
    >
      <table className="w-full min-w-[21rem] border-collapse text-sm sm:text-base">
        <caption className="sr-only">{t('delivery.zones.caption')}</caption>
        <thead className="bg-sand/70">
          <tr>
            <th scope="col" className={headClass}>
              {t('delivery.zones.city')}
            </th>
            <th scope="col" className={headClass}>
              {t('delivery.zones.fee')}
            </th>
            <th scope="col" className={headClass}>
              {t('delivery.zones.free')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

export function DeliveryZonesTable() {
  const { t } = useTranslation('shop');
  const { data, isPending, isError, refetch, isFetching } = useQuery(deliveryZonesQuery());

  if (isPending) {
    return (
      <>
        <p role="status" className="sr-only">
          {t('delivery.zones.loading')}
        </p>
        <TableFrame busy>
          {Array.from({ length: 6 }, (_, index) => (
            <tr key={index}>
              <td className={cellClass}>
                <Skeleton className="h-4 w-28" />
              </td>
              <td className={cellClass}>
                <Skeleton className="h-4 w-20" />
              </td>
              <td className={cellClass}>
                <Skeleton className="h-4 w-32" />
              </td>
            </tr>
          ))}
        </TableFrame>
      </>
    );
  }

  if (isError) {
    return <ErrorState message={t('delivery.zones.error')} onRetry={() => void refetch()} retrying={isFetching} />;
  }

  if (data.length === 0) return <ErrorState tone="empty" message={t('delivery.zones.empty')} />;

  return (
    <TableFrame>
      {data.map((zone) => (
        <tr key={zone.id}>
          <th scope="row" className={`${cellClass} font-medium text-ink`}>
            {zone.name}
          </th>
          <td className={cellClass}>
            {zone.fee_max != null && zone.fee_max > zone.fee ? (
              <>
                <span className="inline-flex flex-wrap items-baseline gap-x-1">
                  <Price amount={zone.fee} />
                  <span aria-hidden="true">–</span>
                  <span className="sr-only">{t('delivery.zones.to')}</span>
                  <Price amount={zone.fee_max} />
                </span>
                <span className="block text-xs text-muted">{t('delivery.zones.rangeNote')}</span>
              </>
            ) : (
              <Price amount={zone.fee} />
            )}
          </td>
          <td className={cellClass}>
            {zone.free_threshold != null ? (
              <span className="text-success">
                <Trans
                  t={t}
                  i18nKey="delivery.zones.freeFrom"
                  components={[<Price key="amount" amount={zone.free_threshold} className="[&_bdi]:text-success" />]}
                />
              </span>
            ) : (
              <>
                <span aria-hidden="true" className="text-muted">
                  —
                </span>
                <span className="sr-only">{t('delivery.zones.noFree')}</span>
              </>
            )}
          </td>
        </tr>
      ))}
    </TableFrame>
  );
}
