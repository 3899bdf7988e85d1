import { useTranslation } from 'react-i18next';
import { cn } from '@web/components/ui/cn';

/** Active or inactive, in words and colour. */
export function ActiveBadge({ active, compact }: { active: boolean; compact?: boolean }) {
  const { t } = useTranslation('admin-catalogue');
  return (
    <span
      className={cn(
        'inline-flex rounded-full font-medium',
        compact ? 'px-1.5 text-[0.7rem]' : 'px-2.5 py-0.5 text-xs',
        active ? 'bg-emerald-100 text-emerald-900' : 'bg-sand text-ink',
      )}
    >
      {active ? t('common.active') : t('common.inactive')}
    </span>
  );
}
