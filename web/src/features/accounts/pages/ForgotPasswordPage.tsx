import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { emailBodySchema } from '@shared/schemas/accounts';
import { v } from '@shared/validation';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { useForgotPassword } from '../api';
import { AuthCard, EmailField, FooterLink, linkClasses } from '../components/fields';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { FormMessage } from '@web/components/ui/form-fields';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('forgot.title'));
  const forgot = useForgotPassword();
  /** The mail is on its way: the page says so where the form was asked. */
  const [sent, setSent] = useState(false);
  const form = useShopForm(emailBodySchema, {
    defaultValues: { email: '' },
    save: async ({ email }) => {
      setSent(false);
      await forgot.mutateAsync(email);
      setSent(true);
    },
    failed: (error) => {
      if (!isApiError(error)) return t('forgot.failed');
      if (error.status === 404) return t('forgot.notFound');
      if (error.isNetworkError || error.isTimeout) return t('forgot.network');
      return error.message || t('forgot.failed');
    },
  });
  const emailField = form.field('email');
  const emailError = form.formState.errors.email?.message === v('required') ? t('forgot.emailRequired') : emailField.error;

  return (
    <AuthCard
      title={t('forgot.title')}
      intro={t('forgot.intro')}
      footer={
        <>
          <Link to="/login" className={linkClasses}>
            {t('forgot.backToLogin')}
          </Link>
          <FooterLink text={t('login.noAccount')} to="/signup" label={t('login.signupLink')} />
        </>
      }
    >
      <ShopForm form={form} className="flex flex-col gap-5">
        {sent && <FormMessage tone="success">{t('forgot.success')}</FormMessage>}
        <EmailField {...emailField} error={emailError} />
        <SubmitButton form={form} size="lg" busyLabel={t('common.sending')}>
          {t('forgot.submit')}
        </SubmitButton>
      </ShopForm>
    </AuthCard>
  );
}
