/**
 * What a revenue figure is made of, under it: products (what the category split adds up to), minus
 * coupon discounts, plus delivery fees. The three always add up to the figure (computed in SQL).
 */
import { useTranslation } from 'react-i18next';
import type { RevenueParts } from '@shared/schemas/dashboard';
import { useMoney } from '../components/format';

export function RevenueBreakdown({ parts, testId }: { parts: RevenueParts; testId?: string }) {
  const { t } = useTranslation('admin-sales');
  const money = useMoney();
  const row = (label: string, value: string) => (
    <>
      <dt>{label}</dt>
      <dd className="text-end tabular-nums">
        <bdi>{value}</bdi>
      </dd>
    </>
  );
  return (
    <dl aria-label={t('dashboard.partsLabel')} data-testid={testId} className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted">
      {row(t('dashboard.products'), money(parts.products))}
      {parts.discounts > 0 && row(t('dashboard.discounts'), `− ${money(parts.discounts)}`)}
      {row(t('dashboard.delivery'), `+ ${money(parts.delivery)}`)}
    </dl>
  );
}
