import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, toCurrency } from '@shared/currency';
import { chooseCurrency, useCurrency } from '@web/lib/currency';
import { shopInfoQuery } from '@web/lib/shop-info';
import { cn } from './cn';

/**
 * MAD / EUR / USD: the currency approximate catalogue prices are shown in. Hidden until the shop has
 * set its rates (nothing to convert with).
 */
export function CurrencySwitcher({ className, id = 'currency-switch' }: { className?: string; id?: string }) {
  const { t } = useTranslation('common');
  const currency = useCurrency();
  const { data } = useQuery(shopInfoQuery());
  if (!data?.currency_rates?.set_at) return null;
  return (
    <span className={cn('inline-flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('currency.label')}
      </label>
      <select
        id={id}
        value={currency}
        onChange={(e) => chooseCurrency(toCurrency(e.target.value))}
        title={t('currency.hint')}
        className="min-h-8 rounded-full border border-line bg-surface px-2 text-xs font-semibold text-ink hover:border-primary"
      >
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {t(`currency.${c}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
