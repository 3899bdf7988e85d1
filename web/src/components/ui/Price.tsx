import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatApprox, type ForeignCurrency } from '@shared/currency';
import { formatMAD } from '@shared/money';
import { toLocale, type Locale } from '@shared/constants';
import { useCurrency } from '@web/lib/currency';
import { shopInfoQuery } from '@web/lib/shop-info';
import { cn } from './cn';

type PriceProps = {
  /** Amount in MAD as the API gives it (249.5 = 249,50 MAD). */
  amount: number;
  /** Price before discount; shown struck through when higher than `amount`. */
  originalAmount?: number | null;
  /**
   * A catalogue price: shows beside it the approximate amount in the visitor's currency when they
   * chose one ("490,00 MAD ≈ 45 € approx."). Never for the cart, checkout or a charge.
   */
  approx?: boolean;
  className?: string;
};

/** "≈ 45 € approx." after a dirham price, in the chosen currency at the shop's rate. */
function Approx({ amount, currency, locale }: { amount: number; currency: ForeignCurrency; locale: Locale }) {
  const { t } = useTranslation('common');
  const { data } = useQuery(shopInfoQuery());
  const rates = data?.currency_rates;
  const text = rates?.set_at ? formatApprox(amount, currency, rates, locale) : null;
  if (!text) return null;
  return (
    <span className="text-sm font-normal text-muted" data-approx={currency}>
      ≈ <bdi dir="ltr">{text}</bdi> <span className="text-xs">{t('currency.approx')}</span>
    </span>
  );
}

/** "1 234,50 MAD" in every language, with the old price struck through when discounted. */
export function Price({ amount, originalAmount, approx = false, className }: PriceProps) {
  const { t, i18n } = useTranslation('common');
  const currency = useCurrency();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const current = formatMAD(amount, locale);
  const discounted = originalAmount != null && originalAmount > amount;
  return (
    <span className={cn('inline-flex flex-wrap items-baseline gap-x-2 tabular-nums', className)}>
      {discounted && <span className="sr-only">{t('price.now')}</span>}
      <bdi className={cn('font-semibold', discounted ? 'text-rose' : 'text-ink')}>{current}</bdi>
      {approx && currency !== 'MAD' && <Approx amount={amount} currency={currency} locale={locale} />}
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
