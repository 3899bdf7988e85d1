import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@shared/constants';
import { cn } from './cn';

const tone: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  not_confirmed: 'bg-sand text-ink',
  confirmed: 'bg-sky-100 text-sky-900',
  processing: 'bg-indigo-100 text-indigo-900',
  on_delivery: 'bg-violet-100 text-violet-900',
  shipped: 'bg-primary-soft text-primary',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-danger-soft text-danger',
};

/** Order status with colour and text (never colour alone). */
export function StatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium',
        tone[status] ?? 'bg-sand text-ink',
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t(`orderStatus.${status}`)}
    </span>
  );
}
