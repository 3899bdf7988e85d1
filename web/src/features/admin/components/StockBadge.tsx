import { useTranslation } from 'react-i18next';
import { cn } from '@web/components/ui/cn';

/**
 * A product's stock with its colour (above 10 green, above 0 yellow, else red) and words, never colour
 * alone, on the products list and an order's lines; `null` (a product no longer in the catalogue) is a dash.
 */
export function StockBadge({ stock }: { stock: number | null }) {
  const { t } = useTranslation('admin-catalogue');
  if (stock === null) return <span className="text-muted">–</span>;
  const tone = stock > 10 ? 'bg-emerald-100 text-emerald-900' : stock > 0 ? 'bg-amber-100 text-amber-900' : 'bg-danger-soft text-danger';
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums', tone)}>
      {stock > 0 ? t('products.stockCount', { count: stock }) : t('products.outOfStock')}
    </span>
  );
}
