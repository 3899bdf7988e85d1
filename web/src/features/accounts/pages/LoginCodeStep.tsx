/**
 * The second step of a login with two-factor on (admins): the 6-digit code from the authenticator
 * app, or, through a link, one of the single-use recovery codes. The pending token of the password
 * step lives 5 minutes; when it has expired (401) the person starts again from the password.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/Button';
import { Field, FormMessage } from '@web/components/ui/form-fields';
import { OneTimeCodeField } from '@web/components/ui/OneTimeCodeField';
import { isApiError } from '@web/lib/api';
import type { LoginResult } from '@web/lib/session';
import { linkClasses } from '../components/fields';

interface Props {
  pendingToken: string;
  submit: (body: { pending_token: string; code?: string; recovery_code?: string }) => Promise<LoginResult>;
  onSignedIn: (result: LoginResult) => Promise<void> | void;
  /** Back to the password (expired pending token, or the person asks). */
  onRestart: (notice?: string) => void;
}

export function LoginCodeStep({ pendingToken, submit, onSignedIn, onRestart }: Props) {
  const { t } = useTranslation('account');
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (!typed) {
      setError(useRecovery ? t('twoFactor.recoveryRequired') : t('twoFactor.codeRequired'));
      return;
    }
    setError(null);
    setSending(true);
    try {
      const result = await submit({ pending_token: pendingToken, ...(useRecovery ? { recovery_code: typed } : { code: typed }) });
      await onSignedIn(result);
    } catch (e) {
      if (isApiError(e) && e.status === 401) onRestart(e.message || t('twoFactor.expired'));
      else if (isApiError(e) && e.isNetworkError) setError(t('common.network'));
      else if (isApiError(e) && e.status === 422) setError(e.allMessages().join(' '));
      else setError(isApiError(e) && e.message ? e.message : t('login.failed'));
      setValue('');
    } finally {
      setSending(false);
    }
  };

  const switchMode = () => {
    setUseRecovery((r) => !r);
    setValue('');
    setError(null);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-labelledby="login-code-title">
      <div className="flex flex-col gap-1 text-center">
        <h2 id="login-code-title" className="text-lg font-semibold text-ink">
          {useRecovery ? t('twoFactor.recoveryTitle') : t('twoFactor.codeTitle')}
        </h2>
        <p className="text-sm text-muted">{useRecovery ? t('twoFactor.recoveryIntro') : t('twoFactor.codeIntro')}</p>
      </div>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {useRecovery ? (
        <Field
          key="recovery"
          label={t('twoFactor.recoveryLabel')}
          name="recovery_code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:tracking-wider"
        />
      ) : (
        <OneTimeCodeField
          key="code"
          label={t('twoFactor.codeLabel')}
          autoFocus
          value={value}
          onChange={setValue}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.4em]"
        />
      )}
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? t('login.submitting') : t('twoFactor.submit')}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm">
        <button type="button" className={linkClasses} onClick={switchMode}>
          {useRecovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </button>
        <button type="button" className={linkClasses} onClick={() => onRestart()}>
          {t('twoFactor.restart')}
        </button>
      </div>
    </form>
  );
}
