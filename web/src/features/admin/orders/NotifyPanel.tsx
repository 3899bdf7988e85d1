/** "Send Notification": mails every admin about this order; shows a success or failure text. */
import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail } from '@shared/schemas/orders-admin';
import { Button } from '@web/components/ui/Button';
import { FormMessage } from '@web/components/ui/form-fields';
import { isApiError } from '@web/lib/api';
import { useNotifyAdmins } from './api';
import { Card } from '../dashboard/Card';

export function NotifyPanel({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation('admin-sales');
  const notify = useNotifyAdmins();
  const error = notify.error;
  return (
    <Card title={t('notify.title')}>
      <p className="mb-3 text-sm text-muted">{t('notify.description')}</p>
      <Button variant="secondary" onClick={() => notify.mutate(order)} disabled={notify.isPending}>
        <BellRing aria-hidden="true" className="size-4" />
        {notify.isPending ? t('notify.sending') : t('notify.send')}
      </Button>
      <div aria-live="polite" className="mt-3">
        {notify.isSuccess && <FormMessage tone="success">{t('notify.success', { count: notify.data.admins_notified })}</FormMessage>}
        {error && (
          <FormMessage tone="error">
            {isApiError(error) && error.isNetworkError
              ? t('notify.network', { message: error.message })
              : t('notify.failure', { message: error.message || t('notify.unknown') })}
          </FormMessage>
        )}
      </div>
    </Card>
  );
}
