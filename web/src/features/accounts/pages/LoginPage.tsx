import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginBodySchema, type LoginBody } from '@shared/schemas/accounts';
import { v } from '@shared/validation';
import { Button } from '@web/components/ui/Button';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { useResendConfirmation } from '../api';
import { AuthCard, EmailField, linkClasses, useMessageText } from '../components/fields';
import { FormMessage, PasswordField } from '@web/components/ui/form-fields';
import { isAdminRole } from '@shared/constants';
import { safeRedirect, session, useSession, type LoginResult } from '@web/lib/session';
import { adminNext } from '../admin-next';
import { LoginCodeStep } from './LoginCodeStep';

type Failure = { kind: 'unverified' } | { kind: 'text'; text: string };

export default function LoginPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('login.title'));
  const text = useMessageText();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  // Without a `redirect`, an admin lands on the back office's dashboard, a customer on the profile.
  const targetFor = (role: string | undefined) => {
    const next = isAdminRole(role) ? adminNext(params.get('next')) : null;
    return next ?? safeRedirect(params.get('redirect'), isAdminRole(role) ? '/admin/dashboard' : '/profile');
  };
  const notice = (location.state as { notice?: string } | null)?.notice;
  const { isLoggedIn, user, login, loginWithCode } = useSession();
  const [failure, setFailure] = useState<Failure | null>(null);
  /** Set once the password is right and a two-factor code is needed. */
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  const [loggingIn, setLoggingIn] = useState(false);
  const resend = useResendConfirmation();

  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });

  // The reason an earlier session ended has been dealt with once the person is here.
  useEffect(() => session.acknowledgeEnd(), []);

  if (isLoggedIn && !loggingIn) return <Navigate to={targetFor(user?.role)} replace />;

  const missing = errors.email?.message === v('required') || errors.password?.message === v('required');

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    resend.reset();
    setLoggingIn(true);
    try {
      const answer = await login(values);
      if ('two_factor_required' in answer) {
        setPendingToken(answer.pending_token);
        return;
      }
      await navigate(targetFor(answer.user.role), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 403) setFailure({ kind: 'unverified' });
      else if (isApiError(error) && error.status === 401) setFailure({ kind: 'text', text: t('login.invalid') });
      else if (isApiError(error) && error.isNetworkError) setFailure({ kind: 'text', text: t('common.network') });
      else if (isApiError(error) && error.status === 422) setFailure({ kind: 'text', text: error.allMessages().join(' ') });
      else setFailure({ kind: 'text', text: isApiError(error) && error.message ? error.message : t('login.failed') });
    } finally {
      setLoggingIn(false);
    }
  });

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
            if (text) setFailure({ kind: 'text', text });
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('login.title')}
      intro={t('login.intro')}
      footer={
        <p>
          {t('login.noAccount')}{' '}
          <Link to="/signup" className={linkClasses}>
            {t('login.signupLink')}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {notice && !failure && <FormMessage tone="success">{notice}</FormMessage>}
        {missing && <FormMessage tone="error">{t('login.bothRequired')}</FormMessage>}
        {failure?.kind === 'text' && <FormMessage tone="error">{failure.text}</FormMessage>}
        {failure?.kind === 'unverified' && (
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
                  onClick={() => resend.mutate(getValues('email').trim())}
                >
                  {resend.isPending ? t('common.sending') : t('login.resend')}
                </Button>
                {resend.isError && <p>{t('confirm.resendFailed')}</p>}
              </>
            )}
          </FormMessage>
        )}
        <EmailField error={text(errors.email?.message)} {...register('email')} />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          required
          error={text(errors.password?.message)}
          {...register('password')}
        />
        <div className="-mt-2 text-end text-sm">
          <Link to="/forgot-password" className={linkClasses}>
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
