/** "Repeat this order": a new staff order prefilled from this one (same lines and delivery, a new date, today's prices). */
import { Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui/Button';

export const repeatOrderPath = (orderId: number) => `/admin/orders/new?repeat=${orderId}`;

export function RepeatOrderLink({ orderId, variant = 'secondary' }: { orderId: number; variant?: 'secondary' | 'ghost' }) {
  const { t } = useTranslation('admin-front-desk');
  return (
    <ButtonLink to={repeatOrderPath(orderId)} variant={variant} data-testid="repeat-order">
      <Repeat aria-hidden="true" className="size-4" />
      {t('repeat.action')}
    </ButtonLink>
  );
}
