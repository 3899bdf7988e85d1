/**
 * "Are you sure?" before a destructive action: a real dialog (focus trapped, Escape cancels), the
 * confirm button says what it does and shows progress; a failure shows inside the dialog. A row's
 * action asked first goes through `useConfirmDelete`, which holds the row and renders this.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/Button';
import { FormMessage } from '@web/components/ui/form-fields';
import { Modal } from '@web/components/ui/Modal';
import { isApiError } from '@web/lib/api';

type Props = {
  open: boolean;
  title?: string;
  message: ReactNode;
  confirmLabel: string;
  /** The dismiss button's words when "Cancel" would be ambiguous (e.g. when the action is a cancellation). */
  cancelLabel?: string;
  busyLabel?: string;
  tone?: 'danger' | 'primary';
  /** Resolves when done (the dialog closes) or throws (its message shows in the dialog). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
};

export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, busyLabel, tone = 'danger', onConfirm, onClose }: Props) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (err) {
      setBusy(false);
      setFailure(
        isApiError(err) && !err.isNetworkError && err.message
          ? err.message
          : isApiError(err) && err.isNetworkError
            ? t('state.network')
            : t('state.saveFailed'),
      );
    }
  }

  return (
    <Modal open={open} onClose={close} title={title ?? t('confirm.title')} closeLabel={t('actions.close')}>
      <div className="space-y-4">
        <div className="text-sm text-ink">{message}</div>
        {failure && <FormMessage tone="error">{failure}</FormMessage>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={close} disabled={busy}>
            {cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button variant={tone === 'danger' ? 'accent' : 'primary'} onClick={() => void confirm()} disabled={busy}>
            {busy ? (busyLabel ?? t('actions.deleting')) : confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
