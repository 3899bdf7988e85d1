import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { emailBodySchema } from '@shared/schemas/accounts';
import { v } from '@shared/validation';
import { Button } from '@web/components/ui/Button';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { useForgotPassword } from '../api';
import { AuthCard, EmailField, linkClasses, useMessageText } from '../components/fields';
import { FormMessage } from '@web/components/ui/form-fields';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('forgot.title'));
  const text = useMessageText();
  const forgot = useForgotPassword();
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(emailBodySchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      await forgot.mutateAsync(email);
      setResult({ tone: 'success', text: t('forgot.success') });
    } catch (error) {
      if (!isApiError(error)) setResult({ tone: 'error', text: t('forgot.failed') });
      else if (error.status === 404) setResult({ tone: 'error', text: t('forgot.notFound') });
      else if (error.isNetworkError || error.isTimeout) setResult({ tone: 'error', text: t('forgot.network') });
      else setResult({ tone: 'error', text: error.message || t('forgot.failed') });
    }
  });

  const emailError = errors.email?.message === v('required') ? t('forgot.emailRequired') : text(errors.email?.message);

  return (
    <AuthCard
      title={t('forgot.title')}
      intro={t('forgot.intro')}
      footer={
        <>
          <Link to="/login" className={linkClasses}>
            {t('forgot.backToLogin')}
          </Link>
          <p>
            {t('login.noAccount')}{' '}
            <Link to="/signup" className={linkClasses}>
              {t('login.signupLink')}
            </Link>
          </p>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
        <EmailField error={emailError} {...register('email')} />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? t('common.sending') : t('forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
