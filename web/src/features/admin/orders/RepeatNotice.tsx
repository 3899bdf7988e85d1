/** Above a staff order started from a past one: which order it repeats, and the lines it could not keep. */
import { useTranslation } from 'react-i18next';
import type { useRepeatOrder } from './front-desk-api';

export function RepeatNotice({ repeat }: { repeat: ReturnType<typeof useRepeatOrder> }) {
  const { t } = useTranslation('admin-front-desk');
  if (repeat.isError) {
    return (
      <p role="alert" className="rounded-xl border border-danger/40 p-3 text-sm text-danger">
        {t('repeat.loadFailed')}
      </p>
    );
  }
  if (!repeat.data) return null;
  return (
    <div role="status" className="rounded-xl border border-primary/40 bg-primary-soft/40 p-3 text-sm text-ink" data-testid="repeat-notice">
      <p>{t('repeat.notice', { id: repeat.data.from_order_id })}</p>
      {repeat.data.dropped.length > 0 && (
        <p className="mt-1 font-medium text-danger">{t('repeat.dropped', { names: repeat.data.dropped.join(', ') })}</p>
      )}
    </div>
  );
}
