import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { Button } from '@web/components/ui/Button';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { useChangePassword } from '../api';
import { AuthCard, NewPasswordFields, useMessageText } from '../components/fields';
import { FormMessage, PasswordField } from '@web/components/ui/form-fields';
import { RequireAuth, session } from '@web/lib/session';
import { applyFieldErrors } from '@web/lib/form-errors';

/** A successful password change goes to /profile after 2 seconds. */
export const CHANGE_REDIRECT_MS = 2000;

const REQUIRED = 'account:change.required';
const changeFormSchema = z
  .object({
    current_password: z.string().min(1, REQUIRED),
    new_password: z.string().min(1, REQUIRED),
    new_password_confirmation: z.string().min(1, REQUIRED),
  })
  .superRefine((d, ctx) => {
    if (d.new_password) {
      if (d.new_password.length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: 'custom', path: ['new_password'], message: 'account:change.min' });
      else if (d.current_password && d.new_password === d.current_password)
        ctx.addIssue({ code: 'custom', path: ['new_password'], message: 'account:change.same' });
    }
    if (d.new_password_confirmation && d.new_password !== d.new_password_confirmation)
      ctx.addIssue({ code: 'custom', path: ['new_password_confirmation'], message: 'account:change.mismatch' });
  });
type ChangeForm = z.infer<typeof changeFormSchema>;
const FIELDS = ['current_password', 'new_password', 'new_password_confirmation'] as const;

function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const text = useMessageText();
  const navigate = useNavigate();
  const change = useChangePassword();
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeForm>({
    resolver: zodResolver(changeFormSchema),
    defaultValues: { current_password: '', new_password: '', new_password_confirmation: '' },
  });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/profile', { replace: true }), CHANGE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const missing = FIELDS.some((field) => errors[field]?.message === REQUIRED);

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      await change.mutateAsync(values);
      setResult({ tone: 'success', text: t('change.success') });
      setDone(true);
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        session.end('unauthorized');
        return;
      }
      if (isApiError(error)) {
        applyFieldErrors(error, setError, FIELDS);
        if (error.status === 422 && Object.keys(error.errors).length > 0) return;
        setResult({ tone: 'error', text: error.isNetworkError ? t('common.network') : t('change.failed') });
      } else setResult({ tone: 'error', text: t('change.failed') });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {missing && <FormMessage tone="error">{t('change.allRequired')}</FormMessage>}
      {result && (
        <FormMessage tone={result.tone}>
          <p>{result.text}</p>
          {done && <p>{t('change.redirecting')}</p>}
        </FormMessage>
      )}
      <PasswordField
        label={t('fields.currentPassword')}
        autoComplete="current-password"
        required
        disabled={done}
        error={text(errors.current_password?.message)}
        {...register('current_password')}
      />
      <NewPasswordFields
        disabled={done}
        password={{ ...register('new_password'), error: text(errors.new_password?.message) }}
        confirmation={{ ...register('new_password_confirmation'), error: text(errors.new_password_confirmation?.message) }}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={() => void navigate('/profile')}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting || done}>
          {isSubmitting ? t('common.saving') : t('change.submit')}
        </Button>
      </div>
    </form>
  );
}

export default function ChangePasswordPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('change.title'));
  return (
    <RequireAuth>
      <AuthCard title={t('change.title')} intro={t('change.intro')}>
        <ChangePasswordForm />
      </AuthCard>
    </RequireAuth>
  );
}
