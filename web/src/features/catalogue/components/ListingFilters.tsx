import { useQuery } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_SORTS, type ProductSort } from '@shared/constants';
import { cn } from '@web/components/ui/cn';
import { colorsQuery } from '../api';
import { hasActiveFilters, type ListingState } from '../listing-params';
import { PriceRangeFilter } from './PriceRangeFilter';

const chip = (active: boolean) =>
  cn(
    'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm transition-colors',
    active ? 'border-primary bg-primary text-white' : 'border-line bg-surface text-ink hover:border-primary hover:text-primary',
  );

/** Light colours need a darker tick. */
function isLight(hex: string): boolean {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return false;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}

type Props = {
  state: ListingState;
  onChange: (change: Partial<ListingState>) => void;
};

/** Colour swatches, price range, sort, and "clear filters". */
export function ListingFilters({ state, onChange }: Props) {
  const { t } = useTranslation('catalogue');
  const colors = useQuery(colorsQuery());
  const sortId = useId();

  return (
    <div className="flex flex-col gap-4 rounded-card bg-surface p-4 ring-1 ring-line/60 sm:p-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-medium text-ink">{t('filters.color')}</legend>
          {colors.isPending ? (
            <div className="h-9" aria-hidden="true" />
          ) : colors.isError ? (
            <p className="text-sm text-muted">{t('filters.colorsUnavailable')}</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {colors.data.map((color) => {
                const active = state.color === color.id;
                return (
                  <li key={color.id}>
                    <button
                      type="button"
                      aria-pressed={active}
                      aria-label={color.name}
                      title={color.name}
                      onClick={() => onChange({ color: active ? null : color.id })}
                      className={cn(
                        'flex size-9 items-center justify-center rounded-full ring-1 ring-ink/20 ring-offset-2 transition',
                        active ? 'ring-2 ring-primary' : 'hover:ring-primary/60',
                      )}
                      style={{ backgroundColor: color.hex_code }}
                    >
                      {active && <Check aria-hidden="true" className={cn('size-4', isLight(color.hex_code) ? 'text-ink' : 'text-white')} />}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={sortId} className="text-sm font-medium text-ink">
            {t('sort.label')}
          </label>
          <select
            id={sortId}
            value={state.sort ?? ''}
            onChange={(event) => onChange({ sort: (event.target.value || null) as ProductSort | null })}
            className="h-10 rounded-full border border-line bg-surface ps-4 pe-8 text-sm text-ink focus:border-primary"
          >
            <option value="">{t('sort.default')}</option>
            {PRODUCT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sort.${sort}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PriceRangeFilter range={{ minPrice: state.minPrice, maxPrice: state.maxPrice }} onChange={onChange} chip={chip} />
      {hasActiveFilters({ ...state, search: '' }) && (
        <button
          type="button"
          onClick={() => onChange({ color: null, minPrice: null, maxPrice: null, sort: null })}
          className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary hover:underline"
        >
          <X aria-hidden="true" className="size-4" />
          {t('filters.clear')}
        </button>
      )}
    </div>
  );
}
