import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { registerBodySchema, type RegisterBody } from '@shared/schemas/accounts';
import { v } from '@shared/validation';
import { Button } from '@web/components/ui/Button';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { useRegister } from '../api';
import { AuthCard, PersonFields, linkClasses, useMessageText } from '../components/fields';
import { FormMessage, PasswordField } from '@web/components/ui/form-fields';
import { applyFieldErrors } from '@web/lib/form-errors';

const FIELDS = ['name', 'email', 'phone', 'password', 'password_confirmation'] as const;

export default function SignupPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('signup.title'));
  const text = useMessageText();
  const navigate = useNavigate();
  const registration = useRegister();
  const [serverError, setServerError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterBody>({
    // The shared schema is typed by its output only (its refine wrapper); the form values are the same shape.
    resolver: zodResolver(registerBodySchema as z.ZodType<RegisterBody, RegisterBody>),
    defaultValues: { name: '', email: '', phone: '', password: '', password_confirmation: '' },
  });

  const missing = FIELDS.some((field) => errors[field]?.message === v('required'));

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await registration.mutateAsync(values);
      await navigate('/login', { state: { notice: t('signup.success') } });
    } catch (error) {
      if (isApiError(error)) {
        applyFieldErrors(error, setError, FIELDS);
        // The server's errors are joined into one message.
        if (error.isNetworkError) setServerError(t('common.network'));
        else setServerError(error.allMessages().join(' ') || t('signup.failed'));
      } else setServerError(t('signup.failed'));
    }
  });

  return (
    <AuthCard
      title={t('signup.title')}
      intro={t('signup.intro')}
      footer={
        <p>
          {t('signup.haveAccount')}{' '}
          <Link to="/login" className={linkClasses}>
            {t('signup.loginLink')}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {missing && <FormMessage tone="error">{t('signup.allRequired')}</FormMessage>}
        {serverError && <FormMessage tone="error">{serverError}</FormMessage>}
        <PersonFields
          name={{ ...register('name'), error: text(errors.name?.message) }}
          email={{ ...register('email'), error: text(errors.email?.message) }}
          phone={{ ...register('phone'), error: text(errors.phone?.message) }}
          phoneRequired
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="new-password"
          required
          hint={t('signup.passwordHint')}
          error={text(errors.password?.message)}
          {...register('password')}
        />
        <PasswordField
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
          required
          error={text(errors.password_confirmation?.message)}
          {...register('password_confirmation')}
        />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? t('signup.submitting') : t('signup.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
