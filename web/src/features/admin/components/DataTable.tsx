/**
 * The back office's list table (DESIGN: dense, calm, sticky header). A list page is a DataTable, a
 * columns array and a query hook:
 *
 *   const columns: Column<Order>[] = [
 *     { key: 'id', header: t('orders.id'), cell: (o) => `#${o.id}` },
 *     { key: 'total', header: t('orders.total'), cell: (o) => <Price amount={o.total_amount} />, align: 'end' },
 *   ];
 *   <DataTable caption={t('orders.title')} columns={columns} rows={query.data?.data} rowKey={(o) => o.id}
 *     loading={query.isPending} error={query.isError ? t('admin:list.loadFailed') : null} onRetry={query.refetch}
 *     empty={t('orders.empty')} rowActions={(o) => <RowActions ... />} />
 *
 * On phones each row becomes a card whose cells carry their column's name. From tablets up the row's
 * most needed cells stay in sight whatever the window (768 px, or 1280 px beside the menu): a column
 * has a `priority`, and the ones a row can do without leave the table when the table's own box (a
 * container query, so the menu's width counts) is too narrow for them; they stay on phones' cards. The
 * row's buttons stick to the table's end edge. Past that the table scrolls sideways inside its card, so
 * the page itself never gets wider than the window (the price: the column headers stick to the card,
 * not the page). The scroll area is `relative` so the visually hidden texts (absolutely positioned) are
 * clipped with the rest of the table: otherwise the last column's hidden header widens the page.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/components/ui/cn';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Skeleton } from '@web/components/ui/Skeleton';

export type Column<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'start' | 'end' | 'center';
  /** Hidden header text (e.g. a picture column): still read by screen readers. */
  srOnlyHeader?: boolean;
  className?: string;
  /**
   * How much the row needs the column on a table (phones' cards show every column):
   *   1 (default): always shown — the row's name, its total, its status;
   *   2: shown when the table is at least 56rem wide (a desktop beside the menu, not a tablet);
   *   3: shown when the table is at least 72rem wide (a wide screen).
   */
  priority?: 1 | 2 | 3;
  /** The same as `priority: 3`. */
  wideOnly?: boolean;
};

/** Classes of a column of `priority` for its header and its cells (cells stay on phones' cards). Literal for Tailwind. */
const priorityClass = {
  1: { th: undefined, td: undefined },
  2: { th: '@max-4xl:hidden', td: 'md:@max-4xl:hidden' },
  3: { th: '@max-6xl:hidden', td: 'md:@max-6xl:hidden' },
} as const;
const priorityOf = <T,>(c: Column<T>) => c.priority ?? (c.wideOnly ? 3 : 1);

/** The row's buttons: on a table, stuck to its end edge over a plain background, so a sideways scroll never hides them. */
const actionsClass =
  'md:sticky md:end-0 md:z-[1] md:bg-surface md:shadow-[inset_1px_0_0_var(--color-line)] rtl:md:shadow-[inset_-1px_0_0_var(--color-line)]';

type Props<T> = {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  /** A translated message when the list failed to load. */
  error?: string | null;
  onRetry?: () => void;
  /** What an empty list says (with a way forward, as a node, when there is one). */
  empty: ReactNode;
  rowActions?: (row: T) => ReactNode;
  /** Marks a row (e.g. the row being edited). */
  rowClassName?: (row: T) => string | undefined;
  skeletonRows?: number;
};

const alignClass = { start: 'text-start', end: 'text-end', center: 'text-center' } as const;

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  error,
  onRetry,
  empty,
  rowActions,
  rowClassName,
  skeletonRows = 5,
}: Props<T>) {
  const { t } = useTranslation('admin');
  if (error) return <ErrorState message={error} onRetry={onRetry} />;
  const all: Column<T>[] = rowActions
    ? [
        ...columns,
        { key: '__actions', header: t('list.actions'), cell: rowActions, align: 'end', srOnlyHeader: true, className: actionsClass },
      ]
    : columns;
  return (
    <div className="@container rounded-card border border-line bg-surface shadow-card">
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="relative overflow-x-auto rounded-card focus-visible:outline-2 focus-visible:outline-primary"
      >
        <table className="w-full border-collapse text-sm max-md:block">
          <caption className="sr-only">{caption}</caption>
          <thead className="max-md:hidden">
            <tr>
              {all.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={cn(
                    'border-b border-line bg-sand/95 px-3 py-2.5 text-xs font-semibold tracking-wide text-muted uppercase first:rounded-ss-card last:rounded-se-card',
                    alignClass[c.align ?? 'start'],
                    priorityClass[priorityOf(c)].th,
                    c.key === '__actions' && actionsClass,
                    c.key === '__actions' && 'md:bg-sand',
                  )}
                >
                  {c.srOnlyHeader ? <span className="sr-only">{c.header}</span> : c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-md:block max-md:divide-y max-md:divide-line">
            {loading && !rows
              ? Array.from({ length: skeletonRows }, (_, i) => (
                  <tr key={`skeleton-${i}`} className="max-md:block max-md:p-3">
                    {all.map((c) => (
                      <td key={c.key} className="px-3 py-3 max-md:block max-md:px-0 max-md:py-1">
                        <Skeleton className="h-4 w-full max-w-40" />
                      </td>
                    ))}
                  </tr>
                ))
              : rows?.map((row) => (
                  <tr
                    key={rowKey(row)}
                    className={cn(
                      'border-b border-line/70 last:border-b-0 hover:bg-cream max-md:block max-md:px-3 max-md:py-2',
                      rowClassName?.(row),
                    )}
                  >
                    {all.map((c) => (
                      <td
                        key={c.key}
                        data-column={c.key}
                        data-label={c.srOnlyHeader ? undefined : c.header}
                        className={cn(
                          'px-3 py-2.5 align-middle max-md:flex max-md:min-w-0 max-md:flex-wrap max-md:items-center max-md:justify-between max-md:gap-x-4 max-md:gap-y-1 max-md:px-0 max-md:py-1 max-md:text-end max-md:break-words',
                          'max-md:before:shrink-0 max-md:before:text-start max-md:before:text-xs max-md:before:font-medium max-md:before:text-muted max-md:before:content-[attr(data-label)]',
                          alignClass[c.align ?? 'start'],
                          priorityClass[priorityOf(c)].td,
                          c.className,
                        )}
                      >
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {!loading && rows && rows.length === 0 && (
        <div role="status" className="px-4 py-10 text-center text-sm text-muted">
          {empty}
        </div>
      )}
    </div>
  );
}
