import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { newPasswordField } from '@shared/schemas/accounts';
import { v } from '@shared/validation';
import { Button } from '@web/components/ui/Button';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { useResetPassword } from '../api';
import { AuthCard, NewPasswordFields, linkClasses, useMessageText } from '../components/fields';
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
type ResetForm = z.infer<typeof resetFormSchema>;

export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('reset.title'));
  const text = useMessageText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const reset = useResetPassword();
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    reset: clearForm,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '', password_confirmation: '' } });

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

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      await reset.mutateAsync({ token, ...values });
      clearForm();
      setResult({ tone: 'success', text: t('reset.success') });
      setDone(true);
    } catch (error) {
      if (!isApiError(error)) setResult({ tone: 'error', text: t('reset.failed') });
      else if (error.status === 410) setResult({ tone: 'error', text: t('reset.expired') });
      else if (error.status === 400 || error.status === 404) setResult({ tone: 'error', text: t('reset.invalidLink') });
      else if (error.isNetworkError || error.isTimeout) setResult({ tone: 'error', text: t('reset.network') });
      else if (error.status === 422) setResult({ tone: 'error', text: error.allMessages().join(' ') });
      else setResult({ tone: 'error', text: error.message || t('reset.failed') });
    }
  });

  return (
    <AuthCard title={t('reset.title')} intro={t('reset.intro')} footer={footer}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {missing && <FormMessage tone="error">{t('reset.allRequired')}</FormMessage>}
        {result && (
          <FormMessage tone={result.tone}>
            <p>{result.text}</p>
            {done && <p>{t('reset.redirecting')}</p>}
          </FormMessage>
        )}
        <NewPasswordFields
          disabled={done}
          password={{ ...register('password'), error: text(errors.password?.message) }}
          confirmation={{ ...register('password_confirmation'), error: text(errors.password_confirmation?.message) }}
        />
        <Button type="submit" size="lg" disabled={isSubmitting || done}>
          {isSubmitting ? t('common.saving') : t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
