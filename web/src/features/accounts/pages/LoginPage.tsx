import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginBodySchema } from '@shared/schemas/accounts';
import { v } from '@shared/validation';
import { Button } from '@web/components/ui/Button';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { returnPath, withReturn } from '@web/lib/return-after-signup';
import { useResendConfirmation } from '../api';
import { AuthCard, EmailField, FooterLink, linkClasses } from '../components/fields';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { FormMessage, PasswordField } from '@web/components/ui/form-fields';
import { isAdminRole, isDriverRole, isStaffRole } from '@shared/constants';
import { safeRedirect, session, useSession, type LoginResult } from '@web/lib/session';
import { adminNext } from '../admin-next';
import { LoginCodeStep } from './LoginCodeStep';

export default function LoginPage() {
  return <LoginView />;
}

/**
 * The login form. `backOffice`: the admins' own page (/admin/login): its own title, no "create an
 * account", and "you are signed out" when an ended session brought the admin here.
 */
export function LoginView({ backOffice = false }: { backOffice?: boolean }) {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t(backOffice ? 'adminLogin.title' : 'login.title'));
  // Read before the effect below forgets it: why the last session ended, if it did in this tab.
  const [endedBefore] = useState(() => session.get().endReason);
  const signedOut = backOffice && endedBefore !== null && endedBefore !== 'logout';
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  // Without a `redirect`, an admin lands on the back office's dashboard, a customer on the profile.
  const targetFor = (role: string | undefined) => {
    const next = isStaffRole(role) ? adminNext(params.get('next')) : null;
    const home = isDriverRole(role) ? '/admin/round' : isAdminRole(role) ? '/admin/dashboard' : '/profile';
    return next ?? safeRedirect(params.get('redirect'), home);
  };
  const notice = (location.state as { notice?: string } | null)?.notice;
  const { isLoggedIn, user, login, loginWithCode } = useSession();
  /** The address is not confirmed yet: the message offers to send the mail again. */
  const [unverified, setUnverified] = useState(false);
  /** Set once the password is right and a two-factor code is needed. */
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  const [loggingIn, setLoggingIn] = useState(false);
  const resend = useResendConfirmation();

  const form = useShopForm(loginBodySchema, {
    defaultValues: { email: '', password: '' },
    save: async (values) => {
      setUnverified(false);
      resend.reset();
      setLoggingIn(true);
      try {
        const answer = await login(values);
        if ('two_factor_required' in answer) {
          setPendingToken(answer.pending_token);
          return;
        }
        await navigate(targetFor(answer.user.role), { replace: true });
      } finally {
        setLoggingIn(false);
      }
    },
    failed: (error, onForm) => {
      if (!isApiError(error)) return t('login.failed');
      if (error.status === 403) {
        setUnverified(true);
        return null;
      }
      if (error.status === 401) return t('login.invalid');
      if (error.isNetworkError) return t('common.network');
      if (error.status === 422) return onForm.onFields ? null : error.allMessages().join(' ');
      return error.message || t('login.failed');
    },
  });
  const { errors } = form.formState;

  // The reason an earlier session ended has been dealt with once the person is here.
  useEffect(() => session.acknowledgeEnd(), []);

  if (isLoggedIn && !loggingIn) return <Navigate to={targetFor(user?.role)} replace />;

  const missing = errors.email?.message === v('required') || errors.password?.message === v('required');

  if (pendingToken) {
    const signedIn = async (result: LoginResult) => {
      setLoggingIn(true);
      await navigate(targetFor(result.user.role), { replace: true });
    };
    return (
      <AuthCard title={t('twoFactor.pageTitle')}>
        <LoginCodeStep
          pendingToken={pendingToken}
          submit={loginWithCode}
          onSignedIn={signedIn}
          onRestart={(text) => {
            setPendingToken(null);
            if (text) form.setFormError(text);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t(backOffice ? 'adminLogin.title' : 'login.title')}
      intro={backOffice ? t('adminLogin.intro') : t('login.intro')}
      footer={
        backOffice ? undefined : (
          <FooterLink
            text={t('login.noAccount')}
            to={withReturn('/signup', returnPath(params.get('redirect')))}
            label={t('login.signupLink')}
          />
        )
      }
    >
      <ShopForm
        form={form}
        className="flex flex-col gap-5"
        message={
          <>
            {signedOut && !form.formError && <FormMessage tone="info">{t('adminLogin.signedOut')}</FormMessage>}
            {notice && !form.formError && !unverified && <FormMessage tone="success">{notice}</FormMessage>}
            {missing && <FormMessage tone="error">{t('login.bothRequired')}</FormMessage>}
            {form.formError && <FormMessage tone="error">{form.formError}</FormMessage>}
            {unverified && (
              <FormMessage tone="error">
                <p>{t('login.unverified')}</p>
                {resend.isSuccess ? (
                  <p role="status" className="text-success">
                    {t('confirm.resent')}
                  </p>
                ) : (
                  <>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={resend.isPending}
                      onClick={() => resend.mutate(form.getValues('email').trim())}
                    >
                      {resend.isPending ? t('common.sending') : t('login.resend')}
                    </Button>
                    {resend.isError && <p>{t('confirm.resendFailed')}</p>}
                  </>
                )}
              </FormMessage>
            )}
          </>
        }
      >
        <EmailField {...form.field('email')} />
        <PasswordField label={t('fields.password')} autoComplete="current-password" required {...form.field('password')} />
        <div className="-mt-2 text-end text-sm">
          <Link to="/forgot-password" className={linkClasses}>
            {t('login.forgot')}
          </Link>
        </div>
        <SubmitButton form={form} size="lg" busyLabel={t('login.submitting')}>
          {t('login.submit')}
        </SubmitButton>
      </ShopForm>
    </AuthCard>
  );
}
