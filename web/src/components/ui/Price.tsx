import { useTranslation } from 'react-i18next';
import { formatMAD } from '@shared/money';
import { toLocale } from '@shared/constants';
import { cn } from './cn';

type PriceProps = {
  /** Amount in MAD as the API gives it (249.5 = 249,50 MAD). */
  amount: number;
  /** Price before discount; shown struck through when higher than `amount`. */
  originalAmount?: number | null;
  className?: string;
};

/** "1 234,50 MAD" in every language, with the old price struck through when discounted. */
export function Price({ amount, originalAmount, className }: PriceProps) {
  const { t, i18n } = useTranslation('common');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const current = formatMAD(amount, locale);
  const discounted = originalAmount != null && originalAmount > amount;
  return (
    <span className={cn('inline-flex flex-wrap items-baseline gap-x-2 tabular-nums', className)}>
      {discounted && <span className="sr-only">{t('price.now')}</span>}
      <bdi className={cn('font-semibold', discounted ? 'text-rose' : 'text-ink')}>{current}</bdi>
      {discounted && (
        <>
          <span className="sr-only">{t('price.was')}</span>
          <s className="text-sm text-muted">
            <bdi>{formatMAD(originalAmount, locale)}</bdi>
          </s>
        </>
      )}
    </span>
  );
}
