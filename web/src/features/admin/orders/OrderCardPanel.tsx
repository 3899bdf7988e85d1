/**
 * On the admin order page: the order's gift card as a PDF, to print or reprint at any time (the same
 * page as in the day's cards). Shown when the order has a card message.
 */
import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail } from '@shared/schemas/orders-admin';
import { buttonClasses } from '@web/components/ui/Button';
import { Card } from '../dashboard/Card';
import { orderCardUrl } from './workshop-bench-api';

export function OrderCardPanel({ order }: { order: Pick<AdminOrderDetail, 'id' | 'gift_message'> }) {
  const { t, i18n } = useTranslation('admin-workshop');
  if (!order.gift_message?.trim()) return null;
  return (
    <Card title={t('cards.title')}>
      <a href={orderCardUrl(order.id, i18n.language)} download className={buttonClasses({ variant: 'secondary' })}>
        <CreditCard aria-hidden="true" className="size-4" />
        {t('cards.one')}
      </a>
    </Card>
  );
}
