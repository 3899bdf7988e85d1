import { AlertCircle, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { cn } from './cn';

type ErrorStateProps = {
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
  /** 'error' for failures (announced), 'empty' for a calm nothing-here notice. */
  tone?: 'error' | 'empty';
};

/** A message with an optional Retry that reloads what failed. */
export function ErrorState({ message, onRetry, retrying, className, tone = 'error' }: ErrorStateProps) {
  const { t } = useTranslation('common');
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex flex-col items-center gap-4 rounded-card border px-6 py-10 text-center',
        tone === 'error' ? 'border-danger/25 bg-danger-soft' : 'border-line bg-surface',
        className,
      )}
    >
      {tone === 'error' && <AlertCircle aria-hidden="true" className="size-7 text-danger" />}
      <p className={tone === 'error' ? 'text-danger' : 'text-muted'}>{message}</p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden="true" className={cn('size-4', retrying && 'animate-spin')} />
          {t('actions.retry')}
        </Button>
      )}
    </div>
  );
}
