/**
 * Form fields of the whole app (storefront and back office): a labelled input, a text area, a
 * password input with show/hide, and the message box above a form. Errors arrive translated.
 */
import { AlertCircle, CheckCircle2, Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export const inputClasses =
  'block w-full rounded-xl border bg-surface px-4 py-3 text-base text-ink placeholder:text-muted/70 ' +
  'focus:outline-2 focus:outline-offset-1 focus:outline-primary disabled:bg-sand disabled:text-muted';

/** The ids of a field's error and hint, as `FieldNotes` gives them, for aria-describedby. */
export function describedBy(id: string, error: string | undefined, hint: ReactNode) {
  return [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
}

/** A field's label, with the required mark (for sight; the control itself says aria-required). */
export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-medium text-ink">
      {children}
      {required && (
        <span aria-hidden="true" className="ms-0.5 text-rose">
          *
        </span>
      )}
    </label>
  );
}

/** What stands under a field: its inline error, then its hint (ids `${id}-error`, `${id}-hint`). */
export function FieldNotes({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
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

export type FieldProps = Omit<ComponentProps<'input'>, 'id'> & {
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
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
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
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
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
  const { t } = useTranslation('common');
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

/** A registered form field (react-hook-form's `register(name)`) with its translated error. */
export type RegisteredField = UseFormRegisterReturn & { error?: string };

/** A message above or below a form: errors are alerts, successes and notes are polite statuses. */
export function FormMessage({
  tone,
  children,
  className,
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
}) {
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
