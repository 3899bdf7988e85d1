import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { Button } from '@web/components/ui/Button';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { useChangePassword } from '../api';
import { AuthCard, NewPasswordFields } from '../components/fields';
import { FormMessage, PasswordField } from '@web/components/ui/form-fields';
import { RequireAuth, session } from '@web/lib/session';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';

/** A successful password change goes to /profile after 2 seconds. */
export const CHANGE_REDIRECT_MS = 2000;

const REQUIRED = 'accounts:change.required';
const changeFormSchema = z
  .object({
    current_password: z.string().min(1, REQUIRED),
    new_password: z.string().min(1, REQUIRED),
    new_password_confirmation: z.string().min(1, REQUIRED),
  })
  .superRefine((d, ctx) => {
    if (d.new_password) {
      if (d.new_password.length < PASSWORD_MIN_LENGTH)
        ctx.addIssue({ code: 'custom', path: ['new_password'], message: 'accounts:change.min' });
      else if (d.current_password && d.new_password === d.current_password)
        ctx.addIssue({ code: 'custom', path: ['new_password'], message: 'accounts:change.same' });
    }
    if (d.new_password_confirmation && d.new_password !== d.new_password_confirmation)
      ctx.addIssue({ code: 'custom', path: ['new_password_confirmation'], message: 'accounts:change.mismatch' });
  });
const FIELDS = ['current_password', 'new_password', 'new_password_confirmation'] as const;

function ChangePasswordForm() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const change = useChangePassword();
  /** Changed: the page says so and goes back to the profile. */
  const [done, setDone] = useState(false);
  const form = useShopForm(changeFormSchema, {
    defaultValues: { current_password: '', new_password: '', new_password_confirmation: '' },
    save: async (values) => {
      await change.mutateAsync(values);
      setDone(true);
    },
    failed: (error) => {
      if (isApiError(error) && error.status === 401) {
        session.end('unauthorized');
        return null;
      }
      if (isApiError(error) && error.isNetworkError) return t('common.network');
      return undefined;
    },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/profile', { replace: true }), CHANGE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const missing = FIELDS.some((field) => errors[field]?.message === REQUIRED);

  return (
    <ShopForm
      form={form}
      className="flex flex-col gap-5"
      message={
        <>
          {missing && <FormMessage tone="error">{t('change.allRequired')}</FormMessage>}
          {form.formError && <FormMessage tone="error">{form.formError}</FormMessage>}
          {done && (
            <FormMessage tone="success">
              <p>{t('change.success')}</p>
              <p>{t('change.redirecting')}</p>
            </FormMessage>
          )}
        </>
      }
    >
      <PasswordField
        label={t('fields.currentPassword')}
        autoComplete="current-password"
        required
        disabled={done}
        {...form.field('current_password')}
      />
      <NewPasswordFields disabled={done} password={form.field('new_password')} confirmation={form.field('new_password_confirmation')} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={() => void navigate('/profile')}>
          {t('common.cancel')}
        </Button>
        <SubmitButton form={form} disabled={done} busyLabel={t('common.saving')}>
          {t('change.submit')}
        </SubmitButton>
      </div>
    </ShopForm>
  );
}

export default function ChangePasswordPage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('change.title'));
  return (
    <RequireAuth>
      <AuthCard title={t('change.title')} intro={t('change.intro')}>
        <ChangePasswordForm />
      </AuthCard>
    </RequireAuth>
  );
}
