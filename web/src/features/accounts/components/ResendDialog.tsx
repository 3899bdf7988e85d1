import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { emailBodySchema } from '@shared/schemas/accounts';
import { Button } from '@web/components/ui/Button';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { DialogCloseButton, DialogLayer, useDialogFocus } from '@web/components/ui/dialog';
import { EmailField } from './fields';

/**
 * The prompt for an e-mail address, as an accessible modal dialog: focus moves in and
 * stays in, Escape, the close button and Cancel shut it without doing anything.
 */
export function ResendDialog({
  open,
  onCancel,
  onSubmit,
  pending,
}: {
  open: boolean;
  onCancel: () => void;
  onSubmit: (email: string) => void;
  pending?: boolean;
}) {
  const { t } = useTranslation('accounts');
  const titleId = useId();
  const textId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // The sending is the caller's (`pending`): the form only checks the address and hands it over.
  const form = useShopForm(emailBodySchema, { defaultValues: { email: '' }, save: ({ email }) => onSubmit(email) });
  const { reset } = form;

  useEffect(() => {
    if (open) reset({ email: '' });
  }, [open, reset]);

  const onKeyDown = useDialogFocus(panelRef, {
    open,
    onClose: onCancel,
    initialFocus: () => panelRef.current?.querySelector<HTMLInputElement>('input'),
  });

  if (!open) return null;

  return (
    <DialogLayer
      className="fixed inset-0 z-[70] flex items-end justify-center p-4 sm:items-center"
      backdropClassName="absolute inset-0 bg-ink/40"
      onClose={onCancel}
      onKeyDown={onKeyDown}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="relative w-full max-w-md animate-fade-in rounded-card bg-surface p-6 shadow-2xl motion-reduce:animate-none"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-display text-2xl text-ink">
            {t('confirm.dialogTitle')}
          </h2>
          <DialogCloseButton
            onClick={onCancel}
            label={t('common.close')}
            className="-me-2 -mt-1 inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-sand hover:text-ink"
          />
        </div>
        <p id={textId} className="mt-2 text-muted">
          {t('confirm.dialogText')}
        </p>
        <ShopForm form={form} className="mt-5 flex flex-col gap-5">
          <EmailField {...form.field('email')} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <SubmitButton form={{ saving: !!pending }} busyLabel={t('common.sending')}>
              {t('confirm.dialogSubmit')}
            </SubmitButton>
          </div>
        </ShopForm>
      </div>
    </DialogLayer>
  );
}
