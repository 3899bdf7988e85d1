import { useTranslation } from 'react-i18next';
import { Pagination } from '@web/components/ui/Pagination';

type Meta = { page: number; per_page: number; total: number; last_page: number };

/** "Showing 11–20 of 143" and the page links (or buttons) under a list. */
export function ListFooter({
  meta,
  hrefFor,
  onPage,
}: {
  meta: Meta | undefined;
  hrefFor?: (page: number) => string;
  onPage?: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  if (!meta || meta.total === 0) return null;
  const from = (meta.page - 1) * meta.per_page + 1;
  const to = Math.min(meta.total, meta.page * meta.per_page);
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted" aria-live="polite">
        {t('list.showing', { from, to, total: meta.total })}
      </p>
      {meta.last_page > 1 && <Pagination page={meta.page} lastPage={meta.last_page} hrefFor={hrefFor} onPage={onPage} className="flex" />}
    </div>
  );
}
