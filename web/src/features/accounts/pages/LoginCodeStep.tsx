/**
 * The second step of a login with two-factor on (admins): the 6-digit code from the authenticator
 * app, or, through a link, one of the single-use recovery codes. The pending token of the password
 * step lives 5 minutes; when it has expired (401) the person starts again from the password.
 */
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Field } from '@web/components/ui/form-fields';
import { OneTimeCodeField } from '@web/components/ui/OneTimeCodeField';
import { isApiError } from '@web/lib/api';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import type { LoginResult } from '@web/lib/session';
import { linkClasses } from '../components/fields';

/** The code typed, from the app (6 digits) or a recovery code, as the form holds it. */
const codeFormSchema = z.object({ recovery: z.boolean(), value: z.string() }).superRefine(({ recovery, value }, ctx) => {
  if (!value.trim())
    ctx.addIssue({
      code: 'custom',
      path: ['value'],
      message: recovery ? 'accounts:twoFactor.recoveryRequired' : 'accounts:twoFactor.codeRequired',
    });
});

interface Props {
  pendingToken: string;
  submit: (body: { pending_token: string; code?: string; recovery_code?: string }) => Promise<LoginResult>;
  onSignedIn: (result: LoginResult) => Promise<void> | void;
  /** Back to the password (expired pending token, or the person asks). */
  onRestart: (notice?: string) => void;
}

export function LoginCodeStep({ pendingToken, submit, onSignedIn, onRestart }: Props) {
  const { t } = useTranslation('accounts');
  const form = useShopForm(codeFormSchema, {
    defaultValues: { recovery: false, value: '' },
    save: async ({ recovery, value }) => {
      const typed = value.trim();
      try {
        const result = await submit({ pending_token: pendingToken, ...(recovery ? { recovery_code: typed } : { code: typed }) });
        await onSignedIn(result);
      } catch (error) {
        form.setValue('value', '');
        throw error;
      }
    },
    failed: (error) => {
      if (isApiError(error) && error.status === 401) {
        onRestart(error.message || t('twoFactor.expired'));
        return null;
      }
      if (isApiError(error) && error.isNetworkError) return t('common.network');
      if (isApiError(error) && error.status === 422) return error.allMessages().join(' ');
      return isApiError(error) && error.message ? error.message : t('login.failed');
    },
  });
  const useRecovery = form.watch('recovery');
  const value = form.watch('value');
  const setValue = (typed: string) => form.setValue('value', typed, { shouldValidate: form.formState.isSubmitted });
  const error = form.errorText('value');

  const switchMode = () => {
    form.reset({ recovery: !useRecovery, value: '' });
    form.setFormError(null);
  };

  return (
    <ShopForm form={form} className="flex flex-col gap-5" aria-labelledby="login-code-title">
      <div className="flex flex-col gap-1 text-center">
        <h2 id="login-code-title" className="text-lg font-semibold text-ink">
          {useRecovery ? t('twoFactor.recoveryTitle') : t('twoFactor.codeTitle')}
        </h2>
        <p className="text-sm text-muted">{useRecovery ? t('twoFactor.recoveryIntro') : t('twoFactor.codeIntro')}</p>
      </div>
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
          error={error}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:tracking-wider"
        />
      ) : (
        <OneTimeCodeField
          key="code"
          label={t('twoFactor.codeLabel')}
          autoFocus
          value={value}
          onChange={setValue}
          error={error}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.4em]"
        />
      )}
      <SubmitButton form={form} size="lg" busyLabel={t('login.submitting')}>
        {t('twoFactor.submit')}
      </SubmitButton>
      <div className="flex flex-col items-center gap-2 text-sm">
        <button type="button" className={linkClasses} onClick={switchMode}>
          {useRecovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </button>
        <button type="button" className={linkClasses} onClick={() => onRestart()}>
          {t('twoFactor.restart')}
        </button>
      </div>
    </ShopForm>
  );
}
