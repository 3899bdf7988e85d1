/**
 * The listing's price filter: a budget said as a range. Preset bands (PRICE_BANDS) fill the range
 * at once; the two fields take any range ("under 400 MAD"), applied with the button or Enter. Min is
 * inclusive and max exclusive, as the bands and the API have them, so the field says "under".
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRICE_BANDS } from '@shared/constants';
import { bandOf, rangeOf, readMoney } from '@shared/price-range';
import { FieldNotes, inputClasses } from '@web/components/ui/form-fields';
import { cn } from '@web/components/ui/cn';
import type { ListingState } from '../listing-params';

type Range = Pick<ListingState, 'minPrice' | 'maxPrice'>;

type Props = {
  range: Range;
  onChange: (change: Range) => void;
  chip: (active: boolean) => string;
};

const shown = (n: number | null) => (n === null ? '' : String(n));

export function PriceRangeFilter({ range, onChange, chip }: Props) {
  // A new range from the address (a preset, the back button) starts the fields again from it.
  const key = `${shown(range.minPrice)}-${shown(range.maxPrice)}`;
  return <PriceRangeFields key={key} range={range} onChange={onChange} chip={chip} />;
}

function PriceRangeFields({ range, onChange, chip }: Props) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const [min, setMin] = useState(shown(range.minPrice));
  const [max, setMax] = useState(shown(range.maxPrice));
  const [error, setError] = useState<string | null>(null);
  const active = bandOf({ min: range.minPrice ?? undefined, max: range.maxPrice ?? undefined });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const read = (text: string) => (text.trim() === '' ? null : (readMoney(text.replace(',', '.')) ?? NaN));
    const [from, under] = [read(min), read(max)];
    if (Number.isNaN(from) || Number.isNaN(under)) return setError(t('filters.range.invalid'));
    if (from !== null && under !== null && from >= under) return setError(t('filters.range.order'));
    setError(null);
    onChange({ minPrice: from, maxPrice: under });
  };

  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink">{t('filters.price')}</legend>
      <ul className="flex flex-wrap gap-2">
        {PRICE_BANDS.map((band) => {
          const pressed = active?.id === band.id;
          const next = pressed ? { min: undefined, max: undefined } : rangeOf(band);
          return (
            <li key={band.id}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => onChange({ minPrice: next.min ?? null, maxPrice: next.max ?? null })}
                className={chip(pressed)}
              >
                {t(`filters.bands.${band.id}`)}
              </button>
            </li>
          );
        })}
      </ul>
      <form onSubmit={apply} noValidate className="mt-3 flex flex-wrap items-end gap-2" aria-label={t('filters.range.label')}>
        <div className="flex w-28 flex-col gap-1">
          <label htmlFor={`${id}-min`} className="text-xs font-medium text-muted">
            {t('filters.range.min')}
          </label>
          <input
            id={`${id}-min`}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={min}
            onChange={(event) => setMin(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={cn(inputClasses, 'border-line px-3 py-2 text-sm')}
          />
        </div>
        <div className="flex w-28 flex-col gap-1">
          <label htmlFor={`${id}-max`} className="text-xs font-medium text-muted">
            {t('filters.range.max')}
          </label>
          <input
            id={`${id}-max`}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={max}
            onChange={(event) => setMax(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={cn(inputClasses, 'border-line px-3 py-2 text-sm')}
          />
        </div>
        <button type="submit" className={cn(chip(false), 'min-h-10')}>
          {t('filters.range.apply')}
        </button>
      </form>
      <div className="mt-1" aria-live="polite">
        <FieldNotes id={id} error={error ?? undefined} />
      </div>
    </fieldset>
  );
}
