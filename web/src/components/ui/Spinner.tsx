import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-muted', className)}>
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-primary/25 border-t-primary" />
      <span className="sr-only">{label ?? t('status.loading')}</span>
    </span>
  );
}
