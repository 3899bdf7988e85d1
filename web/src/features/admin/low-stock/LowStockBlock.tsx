/**
 * The dashboard's block of products at or under the low-stock threshold, fewest first; it loads its
 * own data.
 */
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Skeleton } from '@web/components/ui/Skeleton';
import { useLowStock } from './api';

export function LowStockBlock() {
  const { t } = useTranslation('admin-settings');
  const query = useLowStock();
  return (
    <section aria-labelledby="low-stock-title" className="rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
      <h2 id="low-stock-title" className="mb-1 flex items-center gap-2 font-display text-lg text-ink">
        <AlertTriangle aria-hidden="true" className="size-5 text-amber-600" />
        {t('lowStock.title')}
      </h2>
      {query.data && <p className="mb-3 text-sm text-muted">{t('lowStock.threshold', { count: query.data.threshold })}</p>}
      {query.isError ? (
        <ErrorState message={t('lowStock.loadFailed')} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton className="h-24 w-full" />
      ) : query.data.data.length === 0 ? (
        <p className="text-sm text-muted">{t('lowStock.none')}</p>
      ) : (
        <ul className="divide-y divide-line">
          {query.data.data.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <Link to={`/admin/products/edit/${p.id}`} className="min-w-0 truncate text-primary underline-offset-2 hover:underline">
                <bdi>{p.name}</bdi>
              </Link>
              <span className={p.stock === 0 ? 'font-semibold text-danger' : 'font-medium text-amber-800'}>
                {t('lowStock.units', { count: p.stock })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
