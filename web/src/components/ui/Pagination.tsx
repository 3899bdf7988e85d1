import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from './cn';

type Props = {
  page: number;
  lastPage: number;
  /** Links (listing pages: the page lives in the URL)... */
  hrefFor?: (page: number) => string;
  /** ...or buttons (home's featured products). */
  onPage?: (page: number) => void;
  label?: string;
  className?: string;
};

/** Pages around the current one, with gaps: 1 … 4 5 6 … 20. */
export function pageWindow(page: number, lastPage: number): (number | 'gap')[] {
  const pages = new Set([1, lastPage, page - 1, page, page + 1].filter((p) => p >= 1 && p <= lastPage));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && p - prev > 1) out.push(p - prev === 2 ? prev + 1 : 'gap');
    out.push(p);
  }
  return out;
}

const itemClass =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-full px-1.5 text-sm font-medium transition-colors sm:px-2';

/** First, previous, numbered pages, next, last; shown only when there is more than one page. */
export function Pagination({ page, lastPage, hrefFor, onPage, label, className = 'mt-8 flex justify-center' }: Props) {
  const { t } = useTranslation('common');
  if (lastPage <= 1) return null;

  function item(target: number, content: ReactNode, aria: string, disabled = false, current = false) {
    const cls = cn(
      itemClass,
      current ? 'bg-primary text-white' : 'text-ink hover:bg-primary-soft hover:text-primary',
      disabled && 'pointer-events-none opacity-40',
    );
    if (disabled) {
      return (
        <span className={cls} aria-hidden="true">
          {content}
        </span>
      );
    }
    if (hrefFor) {
      return (
        <Link to={hrefFor(target)} className={cls} aria-label={aria} aria-current={current ? 'page' : undefined}>
          {content}
        </Link>
      );
    }
    return (
      <button type="button" className={cls} aria-label={aria} aria-current={current ? 'page' : undefined} onClick={() => onPage?.(target)}>
        {content}
      </button>
    );
  }
  const icon = (Icon: LucideIcon) => <Icon aria-hidden="true" className="size-4 rtl:rotate-180" />;

  return (
    <nav aria-label={label ?? t('pagination.label')} className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-0.5 sm:gap-1">
        {/* A phone's row has room for the window, not for "first" and "last" beside it: the window
            always shows page 1 and the last page, so those two buttons only add a second row there. */}
        <li className="hidden sm:block">{item(1, icon(ChevronsLeft), t('pagination.first'), page <= 1)}</li>
        <li>{item(page - 1, icon(ChevronLeft), t('pagination.previous'), page <= 1)}</li>
        {pageWindow(page, lastPage).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={p}>{item(p, p, t('pagination.page', { page: p }), false, p === page)}</li>
          ),
        )}
        <li>{item(page + 1, icon(ChevronRight), t('pagination.next'), page >= lastPage)}</li>
        <li className="hidden sm:block">{item(lastPage, icon(ChevronsRight), t('pagination.last'), page >= lastPage)}</li>
      </ul>
    </nav>
  );
}
