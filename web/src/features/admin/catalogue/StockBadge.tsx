import { useTranslation } from 'react-i18next';
import { cn } from '@web/components/ui/cn';

/** Stock with its colour (above 10 green, above 0 yellow, else red) and words, never colour alone. */
export function StockBadge({ stock }: { stock: number }) {
  const { t } = useTranslation('admin-catalogue');
  const tone = stock > 10 ? 'bg-emerald-100 text-emerald-900' : stock > 0 ? 'bg-amber-100 text-amber-900' : 'bg-danger-soft text-danger';
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium tabular-nums', tone)}>
      {stock > 0 ? t('products.stockCount', { count: stock }) : t('products.outOfStock')}
    </span>
  );
}
