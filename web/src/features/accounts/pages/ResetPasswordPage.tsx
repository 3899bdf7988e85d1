import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { newPasswordField } from '@shared/schemas/accounts';
import { v } from '@shared/validation';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { useResetPassword } from '../api';
import { AuthCard, NewPasswordFields, linkClasses } from '../components/fields';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { FormMessage } from '@web/components/ui/form-fields';

/** After a password reset the page goes to /login after 3 seconds. */
export const RESET_REDIRECT_MS = 3000;

const resetFormSchema = z
  .object({ password: newPasswordField, password_confirmation: z.string().min(1, v('required')) })
  .refine((d) => d.password === d.password_confirmation, {
    path: ['password_confirmation'],
    message: v('passwords_mismatch'),
    when: (p) => {
      const value = p.value as { password_confirmation?: unknown };
      return typeof value?.password_confirmation === 'string' && value.password_confirmation !== '';
    },
  });

export default function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('reset.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const reset = useResetPassword();
  /** Reset: the page says so and goes to the login. */
  const [done, setDone] = useState(false);
  const form = useShopForm(resetFormSchema, {
    defaultValues: { password: '', password_confirmation: '' },
    save: async (values) => {
      await reset.mutateAsync({ token, ...values });
      form.reset();
      setDone(true);
    },
    failed: (error, onForm) => {
      if (!isApiError(error)) return t('reset.failed');
      if (error.status === 410) return t('reset.expired');
      if (error.status === 400 || error.status === 404) return t('reset.invalidLink');
      if (error.isNetworkError || error.isTimeout) return t('reset.network');
      if (error.status === 422) return onForm.onFields ? null : error.allMessages().join(' ');
      return error.message || t('reset.failed');
    },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const footer = (
    <>
      <Link to="/forgot-password" className={linkClasses}>
        {t('reset.requestNew')}
      </Link>
      <Link to="/login" className={linkClasses}>
        {t('reset.backToLogin')}
      </Link>
    </>
  );

  if (!token) {
    return (
      <AuthCard title={t('reset.title')} footer={footer}>
        <FormMessage tone="error">{t('reset.invalidLink')}</FormMessage>
      </AuthCard>
    );
  }

  const missing = errors.password?.message === v('required') || errors.password_confirmation?.message === v('required');

  return (
    <AuthCard title={t('reset.title')} intro={t('reset.intro')} footer={footer}>
      <ShopForm
        form={form}
        className="flex flex-col gap-5"
        message={
          <>
            {missing && <FormMessage tone="error">{t('reset.allRequired')}</FormMessage>}
            {form.formError && <FormMessage tone="error">{form.formError}</FormMessage>}
            {done && (
              <FormMessage tone="success">
                <p>{t('reset.success')}</p>
                <p>{t('reset.redirecting')}</p>
              </FormMessage>
            )}
          </>
        }
      >
        <NewPasswordFields disabled={done} password={form.field('password')} confirmation={form.field('password_confirmation')} />
        <SubmitButton form={form} size="lg" disabled={done} busyLabel={t('common.saving')}>
          {t('reset.submit')}
        </SubmitButton>
      </ShopForm>
    </AuthCard>
  );
}
