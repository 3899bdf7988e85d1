import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/components/ui/cn';

/** A percent change with an arrow and a colour: green up, red down, "0%" when unchanged. */
export function Change({ value, label }: { value: number; label: string }) {
  const { t } = useTranslation('admin-sales');
  const up = value > 0;
  const down = value < 0;
  const Arrow = up ? ArrowUpRight : ArrowDownRight;
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1 text-sm font-semibold',
        up && 'text-emerald-800',
        down && 'text-danger',
        !up && !down && 'text-muted',
      )}
    >
      {(up || down) && <Arrow aria-hidden="true" className="size-4 rtl:-scale-x-100" />}
      <span className="sr-only">{up ? t('change.up') : down ? t('change.down') : ''}</span>
      <bdi dir="ltr">{`${up ? '+' : ''}${value}%`}</bdi>
      <span className="font-normal text-muted">{label}</span>
    </p>
  );
}
