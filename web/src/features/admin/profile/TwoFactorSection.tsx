/**
 * The admin's two-step sign-in (TOTP) on the profile page: off → set up (QR code and the key to type,
 * then a code from the app to confirm) → the 10 recovery codes, shown once, to copy or download →
 * on. An admin can turn it off with the password; a super admin cannot (another super admin resets it).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { AdminProfile, TwoFactorSetup } from '@shared/schemas/accounts';
import { Button } from '@web/components/ui/Button';
import { FormMessage, PasswordField } from '@web/components/ui/form-fields';
import { OneTimeCodeField } from '@web/components/ui/OneTimeCodeField';
import { isApiError } from '@web/lib/api';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { adminMeKey } from '../api';
import { useTwoFactorDisable, useTwoFactorEnable, useTwoFactorSetup } from './api';

type Step = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] } | { kind: 'disable' };

/** The error text of a failed request: the server's (translated) words, else a generic one. */
function failureText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 422) return error.allMessages().join(' ');
  return isApiError(error) && !error.isNetworkError && error.message ? error.message : fallback;
}

/** The code from the app; a failed try empties it for the next one. */
const confirmSchema = z.object({ code: z.string().trim().min(1, 'admin-people:twoFactor.codeRequired') });
const turnOffSchema = z.object({ password: z.string().min(1, 'admin-people:twoFactor.passwordRequired') });

/**
 * The step's message above its form: a check's message or the refusal's words (the server's, else a
 * generic one); the fields themselves show none.
 */
function StepMessage({ text }: { text: string | undefined | null }) {
  return text ? <FormMessage tone="error">{text}</FormMessage> : null;
}

/** The confirm step: the first code from the app turns two-step sign-in on and gives the recovery codes. */
function ConfirmForm({ onEnabled, cancel, children }: { onEnabled: (codes: string[]) => void; cancel: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('admin-people');
  const enable = useTwoFactorEnable();
  const form = useShopForm(confirmSchema, {
    defaultValues: { code: '' },
    save: async ({ code }): Promise<void> => {
      try {
        onEnabled((await enable.mutateAsync(code)).recovery_codes);
      } catch (error) {
        form.setValue('code', '');
        throw error;
      }
    },
    failed: (error) => failureText(error, t('twoFactor.failed')),
  });
  return (
    <ShopForm form={form} message={<StepMessage text={form.formError ?? form.errorText('code')} />} className="flex flex-col gap-4">
      {children}
      <OneTimeCodeField
        label={t('twoFactor.codeLabel')}
        value={form.watch('code')}
        onChange={(code) => form.setValue('code', code)}
        className="max-w-xs [&_input]:text-center [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.3em]"
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton form={form} busyLabel={t('twoFactor.confirming')}>
          {t('twoFactor.confirm')}
        </SubmitButton>
        {cancel}
      </div>
    </ShopForm>
  );
}

/** Turning it off, with the admin's password. */
function TurnOffForm({ onDone, cancel }: { onDone: () => void; cancel: ReactNode }) {
  const { t } = useTranslation('admin-people');
  const disable = useTwoFactorDisable();
  // The server's own confirmation, shown by the kit's toast.
  const confirmation = useRef<string | null>(null);
  const form = useShopForm(turnOffSchema, {
    defaultValues: { password: '' },
    save: async ({ password }) => {
      confirmation.current = (await disable.mutateAsync(password)).message;
      onDone();
    },
    saved: () => confirmation.current,
    failed: (error) => failureText(error, t('twoFactor.failed')),
  });
  return (
    <ShopForm
      form={form}
      message={<StepMessage text={form.formError ?? form.errorText('password')} />}
      className="flex max-w-sm flex-col gap-3"
    >
      <p className="text-sm text-ink">{t('twoFactor.disableIntro')}</p>
      <PasswordField label={t('twoFactor.password')} autoComplete="current-password" {...form.register('password')} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton form={form} busyLabel={t('twoFactor.turnOff')}>
          {t('twoFactor.turnOff')}
        </SubmitButton>
        {cancel}
      </div>
    </ShopForm>
  );
}

/** "JBSW Y3DP …": easier to type from the screen. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export function TwoFactorSection({ me }: { me: AdminProfile }) {
  const { t } = useTranslation('admin-people');
  const client = useQueryClient();
  const setup = useTwoFactorSetup();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  // What went wrong outside the two forms (starting the setup, copying the codes): the forms' own
  // refusals are the kit's and show inside each form.
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const start = async () => {
    setProblem(null);
    setNotice(null);
    try {
      setStep({ kind: 'setup', setup: await setup.mutateAsync() });
    } catch (e) {
      setProblem(failureText(e, t('twoFactor.failed')));
    }
  };

  const enabled = (codes: string[]) => {
    setStep({ kind: 'codes', codes });
    setCopied(false);
    // The status shows "on" from now; the codes stay on screen until the admin says they are saved.
    void client.invalidateQueries({ queryKey: adminMeKey });
  };

  const codesText = (codes: string[]) => `${t('twoFactor.fileHeading', { email: me.email })}\n\n${codes.join('\n')}\n`;
  const copyCodes = async (codes: string[]) => {
    try {
      await navigator.clipboard.writeText(codesText(codes));
      setCopied(true);
    } catch {
      setProblem(t('twoFactor.copyFailed'));
    }
  };
  const downloadCodes = (codes: string[]) => {
    const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'flora-maroc-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  const cancelButton = (
    <Button variant="ghost" onClick={() => (setStep({ kind: 'idle' }), setProblem(null))}>
      {t('twoFactor.cancel')}
    </Button>
  );
  const finish = () => {
    setStep({ kind: 'idle' });
    setNotice(t('twoFactor.enabled'));
  };

  const isSuper = me.role === 'super_admin';
  return (
    <section aria-labelledby="two-factor-title" className="mt-6 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <h2 id="two-factor-title" className="flex min-w-0 items-center gap-2 font-display text-xl text-ink">
          {me.two_factor ? (
            <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
          ) : (
            <ShieldOff aria-hidden="true" className="size-5 shrink-0 text-muted" />
          )}
          {t('twoFactor.title')}
        </h2>
        <span
          data-testid="two-factor-status"
          className={`shrink-0 rounded-full px-3 py-1 text-xs font-medium ${me.two_factor ? 'bg-success/10 text-success' : 'bg-line/60 text-muted'}`}
        >
          {me.two_factor ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}
        </span>
      </div>
      <p className="mt-2 text-sm text-muted">{t('twoFactor.intro')}</p>

      <div className="mt-4 flex flex-col gap-4">
        {notice && <FormMessage tone="success">{notice}</FormMessage>}
        {problem && <FormMessage tone="error">{problem}</FormMessage>}

        {step.kind === 'idle' && !me.two_factor && (
          <div>
            <Button onClick={() => void start()} disabled={setup.isPending}>
              {setup.isPending ? t('twoFactor.starting') : t('twoFactor.setUp')}
            </Button>
          </div>
        )}

        {step.kind === 'idle' && me.two_factor && (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-ink">{t('twoFactor.codesLeft', { count: me.recovery_codes_left })}</p>
            {isSuper ? (
              <p className="text-sm text-muted">{t('twoFactor.superRequired')}</p>
            ) : (
              <div>
                <Button variant="secondary" onClick={() => (setStep({ kind: 'disable' }), setProblem(null), setNotice(null))}>
                  {t('twoFactor.turnOff')}
                </Button>
              </div>
            )}
          </div>
        )}

        {step.kind === 'setup' && (
          <ConfirmForm onEnabled={enabled} cancel={cancelButton}>
            <ol className="list-decimal space-y-1 ps-5 text-sm text-ink">
              <li>{t('twoFactor.stepInstall')}</li>
              <li>{t('twoFactor.stepScan')}</li>
              <li>{t('twoFactor.stepConfirm')}</li>
            </ol>
            <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
              <img
                src={step.setup.qr_code}
                alt={t('twoFactor.qrAlt')}
                width={192}
                height={192}
                className="size-48 shrink-0 rounded-lg border border-line bg-white p-1"
              />
              <div className="flex w-full min-w-0 flex-col gap-1">
                <span className="text-xs font-medium text-muted">{t('twoFactor.manualKey')}</span>
                <code
                  data-testid="two-factor-secret"
                  dir="ltr"
                  className="break-all rounded-lg bg-line/40 px-3 py-2 text-start font-mono text-sm text-ink select-all"
                >
                  {grouped(step.setup.secret)}
                </code>
                <span className="text-xs text-muted">{t('twoFactor.manualHint')}</span>
              </div>
            </div>
          </ConfirmForm>
        )}

        {step.kind === 'codes' && (
          <div className="flex flex-col gap-3">
            <FormMessage tone="info">{t('twoFactor.codesOnce')}</FormMessage>
            <ul
              data-testid="recovery-codes"
              dir="ltr"
              className="grid max-w-md grid-cols-2 gap-2 rounded-lg bg-line/30 p-3 font-mono text-sm text-ink"
            >
              {step.codes.map((c) => (
                <li key={c} className="text-center">
                  {c}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => void copyCodes(step.codes)}>
                <Copy aria-hidden="true" className="size-4" />
                {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
              </Button>
              <Button variant="secondary" onClick={() => downloadCodes(step.codes)}>
                <Download aria-hidden="true" className="size-4" />
                {t('twoFactor.download')}
              </Button>
              <Button onClick={finish}>{t('twoFactor.saved')}</Button>
            </div>
          </div>
        )}

        {step.kind === 'disable' && (
          <TurnOffForm
            onDone={() => {
              setStep({ kind: 'idle' });
              setNotice(null);
            }}
            cancel={cancelButton}
          />
        )}
      </div>
    </section>
  );
}
