import { Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/components/ui/cn';

/** Read-only stars with their meaning for screen readers. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useTranslation('catalogue');
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={t('rating.label', { rating })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={cn('size-4', n <= rating ? 'fill-[#c98a16] text-[#c98a16]' : 'text-line')} />
      ))}
    </span>
  );
}

/** 1 to 5 stars as a radio group (arrow keys move, like any radio group). */
export function StarRatingInput({
  value,
  onChange,
  legend,
  error,
}: {
  value: number;
  onChange: (value: number) => void;
  legend: string;
  error?: string;
}) {
  const { t } = useTranslation('catalogue');
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary">
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" />
            <span className="sr-only">{t('rating.stars', { n })}</span>
            <Star
              aria-hidden="true"
              className={cn('size-7 transition-colors', n <= value ? 'fill-[#c98a16] text-[#c98a16]' : 'text-line hover:text-[#c98a16]')}
            />
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
