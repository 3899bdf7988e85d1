import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { registerBodySchema, type RegisterBody } from '@shared/schemas/accounts';
import { v } from '@shared/validation';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { loginPath } from '@web/lib/session';
import { rememberReturn, returnPath, withReturn } from '@web/lib/return-after-signup';
import { useRegister } from '../api';
import { AuthCard, FooterLink, PersonFields } from '../components/fields';
import { FormMessage, PasswordField } from '@web/components/ui/form-fields';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';

const FIELDS = ['name', 'email', 'phone', 'password', 'password_confirmation'] as const;

export default function SignupPage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('signup.title'));
  const navigate = useNavigate();
  const registration = useRegister();
  // Signing up on the way to a page (the custom bouquet's checkout): back there after confirming and signing in.
  const [params] = useSearchParams();
  const back = returnPath(params.get('redirect'));
  // The shared schema is typed by its output only (its refine wrapper); the form values are the same shape.
  const form = useShopForm(registerBodySchema as z.ZodType<RegisterBody, RegisterBody>, {
    defaultValues: { name: '', email: '', phone: '', password: '', password_confirmation: '' },
    save: async (values) => {
      await registration.mutateAsync(values);
      rememberReturn(back);
      await navigate(loginPath(back), { state: { notice: t('signup.success') } });
    },
    // The server's errors are joined into one message above the form too (and each under its field).
    failed: (error) => {
      if (!isApiError(error)) return t('signup.failed');
      if (error.isNetworkError) return t('common.network');
      return error.allMessages().join(' ') || t('signup.failed');
    },
  });
  const { errors } = form.formState;
  const missing = FIELDS.some((field) => errors[field]?.message === v('required'));

  return (
    <AuthCard
      title={t('signup.title')}
      intro={t('signup.intro')}
      footer={<FooterLink text={t('signup.haveAccount')} to={withReturn('/login', back)} label={t('signup.loginLink')} />}
    >
      <ShopForm
        form={form}
        className="flex flex-col gap-5"
        message={
          <>
            {missing && <FormMessage tone="error">{t('signup.allRequired')}</FormMessage>}
            {form.formError && <FormMessage tone="error">{form.formError}</FormMessage>}
          </>
        }
      >
        <PersonFields name={form.field('name')} email={form.field('email')} phone={form.field('phone')} phoneRequired />
        <PasswordField
          label={t('fields.password')}
          autoComplete="new-password"
          required
          hint={t('signup.passwordHint')}
          {...form.field('password')}
        />
        <PasswordField
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
          required
          {...form.field('password_confirmation')}
        />
        <SubmitButton form={form} size="lg" busyLabel={t('signup.submitting')}>
          {t('signup.submit')}
        </SubmitButton>
      </ShopForm>
    </AuthCard>
  );
}
