/**
 * Changing one's own e-mail (storefront profile and back-office profile): the address in force, a
 * pending change with Cancel, and the "Change e-mail" form (new address + current password). The
 * server mails a link to the new address; until it is opened the current address stays in force.
 * `endpoint` is `/profile/email` or `/admin/profile/email`; `onChanged` refreshes the caller's profile.
 */
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailChangeBodySchema, type EmailChangeBody, type EmailChangeResponse } from '@shared/schemas/accounts';
import { api, isApiError } from '@web/lib/api';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { Button } from './Button';
import { Field, FormMessage, PasswordField } from './form-fields';

type Props = {
  email: string;
  pendingEmail: string | null;
  endpoint: '/profile/email' | '/admin/profile/email';
  onChanged: (pendingEmail: string | null) => void;
};

function ChangeForm({
  endpoint,
  onDone,
  onCancel,
}: {
  endpoint: Props['endpoint'];
  onDone: (answer: EmailChangeResponse) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('accounts');
  const ask = useMutation({ mutationFn: (body: EmailChangeBody) => api.post<EmailChangeResponse>(endpoint, body) });
  // The answer (the pending address) goes to the page, which closes the form and says it: no toast.
  const form = useShopForm(emailChangeBodySchema, {
    defaultValues: { new_email: '', current_password: '' },
    save: async (values) => onDone(await ask.mutateAsync(values)),
    // 429 and the like carry a message in the reader's language; a network failure does not.
    failed: (error, onForm) =>
      onForm.onFields ? null : isApiError(error) && !error.isNetworkError && error.message ? error.message : t('emailChange.failed'),
  });

  return (
    <ShopForm form={form} className="mt-4 flex flex-col gap-4" aria-label={t('emailChange.formTitle')}>
      <p className="text-sm text-muted">{t('emailChange.intro')}</p>
      <Field
        label={t('emailChange.newEmail')}
        type="email"
        inputMode="email"
        autoComplete="email"
        dir="ltr"
        required
        {...form.field('new_email')}
      />
      <PasswordField
        label={t('emailChange.currentPassword')}
        autoComplete="current-password"
        required
        {...form.field('current_password')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={form.saving}>
          {t('emailChange.close')}
        </Button>
        <SubmitButton form={form} busyLabel={t('emailChange.sending')}>
          {t('emailChange.submit')}
        </SubmitButton>
      </div>
    </ShopForm>
  );
}

export function EmailChange({ email, pendingEmail, endpoint, onChanged }: Props) {
  // Storefront account texts (kept out of `common`, which every page's first load carries); the
  // back-office profile loads them when it shows this block.
  const { t, ready } = useTranslation('accounts');
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const cancel = useMutation({ mutationFn: () => api.delete<EmailChangeResponse>(endpoint) });

  const cancelChange = async () => {
    setNotice(null);
    try {
      const answer = await cancel.mutateAsync();
      setNotice({ tone: 'success', text: answer.message });
      onChanged(null);
    } catch (error) {
      setNotice({
        tone: 'error',
        text: isApiError(error) && !error.isNetworkError && error.message ? error.message : t('emailChange.failed'),
      });
    }
  };

  if (!ready) return null;
  return (
    <section aria-labelledby="email-change-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="email-change-title" className="font-display text-xl text-ink">
            {t('emailChange.title')}
          </h2>
          <p className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">
            {t('emailChange.current')}{' '}
            <bdi dir="ltr" className="text-ink">
              {email}
            </bdi>
          </p>
        </div>
        {!open && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setNotice(null);
              setOpen(true);
            }}
          >
            {t('emailChange.open')}
          </Button>
        )}
      </div>
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      {pendingEmail && (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-xl border border-line bg-sand px-4 py-3 text-sm text-ink sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-2">
            <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <span className="block">
                {t('emailChange.pending')}{' '}
                <bdi dir="ltr" className="font-medium [overflow-wrap:anywhere]">
                  {pendingEmail}
                </bdi>
              </span>
              <span className="block">{t('emailChange.pendingHelp')}</span>
            </span>
          </p>
          <Button variant="ghost" size="sm" className="shrink-0" onClick={() => void cancelChange()} disabled={cancel.isPending}>
            {cancel.isPending ? t('emailChange.cancelling') : t('emailChange.cancel')}
          </Button>
        </div>
      )}
      {open && (
        <ChangeForm
          endpoint={endpoint}
          onCancel={() => setOpen(false)}
          onDone={(answer) => {
            setOpen(false);
            setNotice({ tone: 'success', text: answer.message });
            onChanged(answer.pending_email);
          }}
        />
      )}
    </section>
  );
}
