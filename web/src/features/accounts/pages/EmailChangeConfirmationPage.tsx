/**
 * /confirm-email-change?token=…: opens the link mailed to a new address. Works without a session
 * (the link may be opened on another device); success, expired (410), taken meanwhile (409) and
 * invalid links each say so in the reader's language.
 */
import { CheckCircle2, Clock, MailCheck, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@web/components/ui/Button';
import { FormMessage } from '@web/components/ui/form-fields';
import { Spinner } from '@web/components/ui/Spinner';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/head';
import { useSession } from '@web/lib/session';
import { confirmEmailChange } from '../api';
import { AuthCard, FooterLink } from '../components/fields';

type Outcome = { kind: 'success' | 'expired' | 'taken' | 'invalid' | 'error'; message?: string };

/** One request per token, even when React mounts the page twice: a link works once. */
const outcomes = new Map<string, Promise<Outcome>>();
function confirmOnce(token: string): Promise<Outcome> {
  let pending = outcomes.get(token);
  if (!pending) {
    pending = confirmEmailChange(token).then(
      (answer): Outcome => ({ kind: 'success', message: answer.message }),
      (error: unknown): Outcome => {
        if (!isApiError(error) || error.isNetworkError) return { kind: 'error' };
        if (error.status === 410) return { kind: 'expired', message: error.message };
        if (error.status === 409) return { kind: 'taken', message: error.message };
        if (error.status === 400 || error.status === 404 || error.status === 422) return { kind: 'invalid' };
        return { kind: 'error' };
      },
    );
    outcomes.set(token, pending);
    void pending.then((outcome) => {
      if (outcome.kind === 'error') outcomes.delete(token);
    });
  }
  return pending;
}

export default function EmailChangeConfirmationPage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('emailChangeConfirm.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, refresh } = useSession();
  const [result, setResult] = useState<{ token: string; outcome: Outcome } | null>(null);

  useEffect(() => {
    let active = true;
    if (!token) {
      setResult({ token, outcome: { kind: 'invalid' } });
      return;
    }
    void confirmOnce(token).then((outcome) => {
      if (!active) return;
      setResult({ token, outcome });
    });
    return () => {
      active = false;
    };
  }, [token]);

  const outcome = result?.token === token ? result.outcome : null;
  const loggedIn = user !== null;
  useEffect(() => {
    // The stored user (header, account pages) shows the new address at once.
    if (outcome?.kind === 'success' && loggedIn) void refresh();
  }, [outcome, loggedIn, refresh]);
  const account = user ? (user.role === 'customer' ? '/profile/personal-information' : '/admin/profile') : '/login';
  const accountLabel = user ? t('emailChangeConfirm.goProfile') : t('emailChangeConfirm.goLogin');
  const footer = <FooterLink text={t('confirm.needHelp')} to="/contact" label={t('confirm.contact')} />;

  if (!outcome) {
    return (
      <AuthCard title={t('emailChangeConfirm.title')} icon={<MailCheck aria-hidden="true" className="size-12" />} footer={footer}>
        <div className="flex justify-center py-4">
          <Spinner label={t('emailChangeConfirm.loading')} />
        </div>
      </AuthCard>
    );
  }

  const view = {
    success: { icon: <CheckCircle2 className="size-12 text-success" />, title: t('emailChangeConfirm.successTitle') },
    expired: { icon: <Clock className="size-12" />, title: t('emailChangeConfirm.expiredTitle') },
    taken: { icon: <XCircle className="size-12" />, title: t('emailChangeConfirm.errorTitle') },
    invalid: { icon: <XCircle className="size-12" />, title: t('emailChangeConfirm.errorTitle') },
    error: { icon: <XCircle className="size-12" />, title: t('emailChangeConfirm.errorTitle') },
  }[outcome.kind];
  const text = outcome.message ?? (outcome.kind === 'invalid' ? t('emailChangeConfirm.invalid') : t('emailChangeConfirm.failed'));

  return (
    <AuthCard title={view.title} icon={<span aria-hidden="true">{view.icon}</span>} footer={footer}>
      <div className="flex flex-col gap-5">
        <FormMessage tone={outcome.kind === 'success' ? 'success' : 'error'}>{text}</FormMessage>
        <ButtonLink to={account} size="lg">
          {accountLabel}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
