import { CheckCircle2, Eye, EyeOff, AlertCircle } from 'lucide-react';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import { translateValidation } from '@shared/validation';
import { cn } from '@web/components/ui/cn';

/**
 * Turns a form error message into text: `v('key')` messages of the shared schemas in the reader's
 * language, `account:` keys of this feature through i18n, anything else (server texts, already in
 * the reader's language) as it is.
 */
export function useMessageText() {
  const { t, i18n } = useTranslation('account');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    if (message.startsWith('account:')) return t(message.slice('account:'.length));
    return translateValidation(message, locale);
  };
}

const inputClasses =
  'block w-full rounded-xl border bg-surface px-4 py-3 text-base text-ink placeholder:text-muted/70 ' +
  'focus:outline-2 focus:outline-offset-1 focus:outline-primary disabled:bg-sand disabled:text-muted';

/** The ids of a field's error and hint, as `FieldNotes` gives them, for aria-describedby. */
function describedBy(id: string, error: string | undefined, hint: ReactNode) {
  return [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
}

/** What stands under a field: its inline error, then its hint. */
function FieldNotes({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {error && (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm text-danger">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
    </>
  );
}

type FieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** Already translated. */
  error?: string;
  hint?: ReactNode;
  /** Extra content inside the input's box, at the end (the show/hide button). */
  end?: ReactNode;
  multiline?: false;
};

/** A labelled input with its hint and inline error underneath (aria-invalid, aria-describedby). */
export function Field({ label, error, hint, end, className, required, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="ms-0.5 text-rose">
            *
          </span>
        )}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={cn(inputClasses, error ? 'border-danger' : 'border-line', end ? 'pe-12' : undefined)}
          {...input}
        />
        {end && <div className="absolute inset-y-0 end-1 flex items-center">{end}</div>}
      </div>
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & { label: string; error?: string; hint?: ReactNode };

export function TextAreaField({ label, error, hint, className, ...input }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cn(inputClasses, 'resize-y', error ? 'border-danger' : 'border-line')}
        {...input}
      />
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'end'>) {
  const { t } = useTranslation('account');
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="none"
      end={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={t(visible ? 'password.hide' : 'password.show', { field: props.label })}
          className="inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-sand hover:text-ink focus-visible:outline-2 focus-visible:outline-primary"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      }
    />
  );
}

/** The e-mail address field of every account form. */
export function EmailField(props: Omit<FieldProps, 'label' | 'type' | 'inputMode' | 'autoComplete'>) {
  const { t } = useTranslation('account');
  return <Field label={t('fields.email')} type="email" inputMode="email" autoComplete="email" required {...props} />;
}

/** A registered form field (react-hook-form's `register(name)`) with its translated error. */
export type RegisteredField = UseFormRegisterReturn & { error?: string };

/** Name, e-mail and phone: the customer's details, as signing up and editing the profile ask for them. */
export function PersonFields({ name, email, phone, phoneRequired }: { name: RegisteredField; email: RegisteredField; phone: RegisteredField; phoneRequired?: boolean }) {
  const { t } = useTranslation('account');
  return (
    <>
      <Field label={t('fields.name')} autoComplete="name" required {...name} />
      <EmailField {...email} />
      <Field
        label={t('fields.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        required={phoneRequired}
        hint={t('signup.phoneHint')}
        {...phone}
      />
    </>
  );
}

/** A new password and its confirmation, with the advice on choosing one (reset and change password). */
export function NewPasswordFields({ password, confirmation, disabled }: { password: RegisteredField; confirmation: RegisteredField; disabled?: boolean }) {
  const { t } = useTranslation('account');
  return (
    <>
      <PasswordField label={t('fields.newPassword')} autoComplete="new-password" required disabled={disabled} hint={t('change.advice')} {...password} />
      <PasswordField label={t('fields.newPasswordConfirmation')} autoComplete="new-password" required disabled={disabled} {...confirmation} />
    </>
  );
}

/** A message above or below a form: errors are alerts, successes and notes are polite statuses. */
export function FormMessage({ tone, children, className }: { tone: 'error' | 'success' | 'info'; children: ReactNode; className?: string }) {
  const Icon = tone === 'error' ? AlertCircle : CheckCircle2;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-3 rounded-xl border px-4 py-3 text-sm',
        tone === 'error' && 'border-danger/25 bg-danger-soft text-danger',
        tone === 'success' && 'border-success/25 bg-primary-soft text-success',
        tone === 'info' && 'border-line bg-sand text-ink',
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex-1 space-y-2">{children}</div>
    </div>
  );
}

/** The frame of the small account pages: a centred card with a title and an introduction. */
export function AuthCard({ title, intro, children, footer, icon }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode; icon?: ReactNode }) {
  return (
    <section className="container-shop flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="rounded-card border border-line bg-surface p-6 shadow-card sm:p-8">
          {icon && <div className="mb-4 flex justify-center text-rose">{icon}</div>}
          <h1 className="text-center font-display text-3xl text-ink">{title}</h1>
          {intro && <p className="mt-3 text-center text-muted">{intro}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 flex flex-col items-center gap-2 text-center text-sm text-muted">{footer}</div>}
      </div>
    </section>
  );
}

export const linkClasses = 'font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary';
