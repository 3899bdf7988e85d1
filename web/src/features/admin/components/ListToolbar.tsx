/**
 * The one row of filters above a list (DESIGN: "filters in one row"): a search box that writes to the
 * URL after a short pause, select filters, and a clear button. Wraps on phones.
 *
 * Filters given as `more` fold on phones behind a "Filters (n)" toggle (n: how many are set, so a
 * folded filter is never forgotten): a phone opens the list on its rows, not on a screen of selects.
 * From tablets up they stand in the row as the others.
 */
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation } from 'react-router';
import { cn } from '@web/components/ui/cn';

const controlClass =
  'min-h-10 rounded-xl border border-line bg-surface px-3 text-sm text-ink focus:outline-2 focus:outline-offset-1 focus:outline-primary';

export function ListToolbar({
  children,
  more,
  activeMore = 0,
  onClear,
  canClear,
}: {
  children: ReactNode;
  /** Filters folded on phones. */
  more?: ReactNode;
  /** How many of `more` are set. */
  activeMore?: number;
  onClear?: () => void;
  canClear?: boolean;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const moreId = useId();
  return (
    <div role="search" className="mb-4 flex flex-wrap items-end gap-3">
      {children}
      {more && (
        <>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={moreId}
            onClick={() => setOpen((o) => !o)}
            className={cn(
              controlClass,
              'inline-flex items-center gap-2 font-medium md:hidden',
              activeMore > 0 && 'border-primary text-primary',
            )}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {activeMore > 0 ? t('list.filtersActive', { count: activeMore }) : t('list.filters')}
          </button>
          <div id={moreId} className={cn('contents', !open && 'max-md:hidden')}>
            {more}
          </div>
        </>
      )}
      {onClear && canClear && (
        <button
          type="button"
          onClick={onClear}
          className="inline-flex min-h-10 items-center gap-1 rounded-xl px-3 text-sm text-primary hover:bg-primary-soft"
        >
          <X aria-hidden="true" className="size-4" />
          {t('actions.clear')}
        </button>
      )}
    </div>
  );
}

/** A search input: typing updates `onSearch` 300 ms after the last key (Enter at once). */
export function SearchInput({
  value,
  onSearch,
  label,
  placeholder,
  className,
}: {
  value: string;
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [text, setText] = useState(value);
  // Someone who typed and at once opened a row (its page still loading) is leaving this list: the
  // pending search must not fire, or its URL change would cancel that navigation.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = navigation.state !== 'idle' && navigation.location?.pathname !== pathname;
  // The URL changed from elsewhere (back button, clear): show it.
  useEffect(() => setText(value), [value]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (text === value || leaving) return;
    timer.current = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer.current);
  }, [text, value, onSearch, leaving]);
  // Leaving the box (Enter, or a press elsewhere: focus goes before the click) applies the search at
  // once, so no timer fires later to replace the URL under whatever the press started.
  const flush = () => {
    clearTimeout(timer.current);
    if (!leaving && text.trim() !== value) onSearch(text.trim());
  };
  // Except a press on a link (a row's name: the link takes the focus on the press, before the click):
  // that person is opening the row, not searching. Searching then would redraw the list between the
  // press and the release, and the click would land on a row that is no longer there (lost, seen in
  // the people journey under load).
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (event.relatedTarget instanceof Element && event.relatedTarget.closest('a[href]')) clearTimeout(timer.current);
    else flush();
  };
  return (
    <div className={cn('flex min-w-[12rem] flex-1 flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
        <input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder ?? t('list.searchPlaceholder')}
          onChange={(e) => setText(e.target.value)}
          onBlur={onBlur}
          onKeyDown={(e) => {
            if (e.key === 'Enter') flush();
          }}
          className={cn(controlClass, 'w-full ps-9')}
        />
      </div>
    </div>
  );
}

export type FilterOption = { value: string; label: string };

/** A filter's small label over its control (`children` gets the id the control carries). */
function LabelledFilter({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A labelled select; the empty value means "all". */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: FilterOption[];
  allLabel?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <LabelledFilter label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={controlClass}>
          <option value="">{allLabel ?? t('list.all')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </LabelledFilter>
  );
}

/** A labelled date input (YYYY-MM-DD). */
export function DateFilter({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
}) {
  return (
    <LabelledFilter label={label}>
      {(id) => (
        <input id={id} type="date" value={value} min={min} max={max} onChange={(e) => onChange(e.target.value)} className={controlClass} />
      )}
    </LabelledFilter>
  );
}
