import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/Button';

/** The Cancel / Save row at the foot of a back-office form dialog. */
export function ModalFormActions({ onCancel, pending }: { onCancel: () => void; pending: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="ghost" onClick={onCancel} disabled={pending}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? t('actions.saving') : t('actions.save')}
      </Button>
    </div>
  );
}
