import { CheckCircle2, Clock, MailCheck, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '@web/components/ui/Button';
import { Spinner } from '@web/components/ui/Spinner';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { loginAfterConfirmation } from '@web/lib/return-after-signup';
import { confirmEmail, useResendConfirmation } from '../api';
import { ResendDialog } from '../components/ResendDialog';
import { AuthCard, FooterLink, linkClasses } from '../components/fields';
import { FormMessage } from '@web/components/ui/form-fields';

type Outcome = 'success' | 'expired' | 'invalid' | 'error';

/**
 * One request per token, even when React mounts the page twice (StrictMode) or the person comes
 * back to it: a confirmation token works once, a second POST would report it as invalid.
 */
const outcomes = new Map<string, Promise<Outcome>>();
function confirmOnce(token: string): Promise<Outcome> {
  let pending = outcomes.get(token);
  if (!pending) {
    pending = confirmEmail(token).then(
      (): Outcome => 'success',
      (error: unknown): Outcome => {
        if (!isApiError(error)) return 'error';
        if (error.status === 410) return 'expired';
        if (error.status === 400 || error.status === 404 || error.status === 422) return 'invalid';
        return 'error';
      },
    );
    outcomes.set(token, pending);
    // A failure for a passing reason (network, 5xx) may be tried again later.
    void pending.then((outcome) => {
      if (outcome === 'error') outcomes.delete(token);
    });
  }
  return pending;
}

export default function EmailConfirmationPage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('confirm.title'));
  const { token = '' } = useParams();
  const [result, setResult] = useState<{ token: string; outcome: Outcome } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // The page the shopper signed up on the way to (kept by the sign-up page in this browser).
  const [login] = useState(loginAfterConfirmation);
  const resend = useResendConfirmation();

  useEffect(() => {
    let active = true;
    void confirmOnce(token).then((outcome) => {
      if (active) setResult({ token, outcome });
    });
    return () => {
      active = false;
    };
  }, [token]);

  const outcome = result?.token === token ? result.outcome : null;

  const view = {
    success: { icon: <CheckCircle2 className="size-12 text-success" />, title: t('confirm.successTitle'), text: t('confirm.success') },
    expired: { icon: <Clock className="size-12" />, title: t('confirm.expiredTitle'), text: t('confirm.expired') },
    invalid: { icon: <XCircle className="size-12" />, title: t('confirm.errorTitle'), text: t('confirm.invalid') },
    error: { icon: <XCircle className="size-12" />, title: t('confirm.errorTitle'), text: t('confirm.failed') },
  };

  const footer = (
    <>
      {outcome !== 'success' && (
        <Link to={login} className={linkClasses}>
          {t('confirm.goLogin')}
        </Link>
      )}
      <Link to="/signup" className={linkClasses}>
        {t('confirm.goSignup')}
      </Link>
      <FooterLink text={t('confirm.needHelp')} to="/contact" label={t('confirm.contact')} />
    </>
  );

  if (!outcome) {
    return (
      <AuthCard title={t('confirm.title')} icon={<MailCheck aria-hidden="true" className="size-12" />} footer={footer}>
        <div className="flex justify-center py-4">
          <Spinner label={t('confirm.loading')} />
        </div>
        <p aria-hidden="true" className="text-center text-muted">
          {t('confirm.loading')}
        </p>
      </AuthCard>
    );
  }

  const { icon, title, text } = view[outcome];
  return (
    <AuthCard title={title} icon={<span aria-hidden="true">{icon}</span>} footer={footer}>
      <div className="flex flex-col gap-5">
        <FormMessage tone={outcome === 'success' ? 'success' : 'error'}>{text}</FormMessage>
        {outcome === 'success' ? (
          <ButtonLink to={login} size="lg">
            {t('confirm.goLogin')}
          </ButtonLink>
        ) : (
          <>
            {resend.isSuccess && <FormMessage tone="success">{t('confirm.resent')}</FormMessage>}
            {resend.isError && <FormMessage tone="error">{t('confirm.resendFailed')}</FormMessage>}
            <Button variant="secondary" size="lg" onClick={() => setDialogOpen(true)}>
              {t('confirm.resend')}
            </Button>
          </>
        )}
      </div>
      <ResendDialog
        open={dialogOpen}
        pending={resend.isPending}
        onCancel={() => setDialogOpen(false)}
        onSubmit={(email) => {
          setDialogOpen(false);
          resend.mutate(email);
        }}
      />
    </AuthCard>
  );
}
