import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field, PasswordField, type FieldProps, type RegisteredField } from '@web/components/ui/form-fields';

/** The e-mail address field of every account form. */
export function EmailField(props: Omit<FieldProps, 'label' | 'type' | 'inputMode' | 'autoComplete'>) {
  const { t } = useTranslation('accounts');
  return <Field label={t('fields.email')} type="email" inputMode="email" autoComplete="email" required {...props} />;
}

/**
 * Name, e-mail and phone: the customer's details, as signing up asks for them. Editing the profile
 * leaves the e-mail out (it changes through its own confirmed flow, <EmailChange />).
 */
export function PersonFields({
  name,
  email,
  phone,
  phoneRequired,
}: {
  name: RegisteredField;
  email?: RegisteredField;
  phone: RegisteredField;
  phoneRequired?: boolean;
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <Field label={t('fields.name')} autoComplete="name" required {...name} />
      {email && <EmailField {...email} />}
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
export function NewPasswordFields({
  password,
  confirmation,
  disabled,
}: {
  password: RegisteredField;
  confirmation: RegisteredField;
  disabled?: boolean;
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <PasswordField
        label={t('fields.newPassword')}
        autoComplete="new-password"
        required
        disabled={disabled}
        hint={t('change.advice')}
        {...password}
      />
      <PasswordField
        label={t('fields.newPasswordConfirmation')}
        autoComplete="new-password"
        required
        disabled={disabled}
        {...confirmation}
      />
    </>
  );
}

/** The frame of the small account pages: a centred card with a title and an introduction. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
  icon,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  icon?: ReactNode;
}) {
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

export const linkClasses =
  'font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary';

/** A line under an account page's card: a question and the page that answers it ("No account yet? Sign up"). */
export function FooterLink({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <p>
      {text}{' '}
      <Link to={to} className={linkClasses}>
        {label}
      </Link>
    </p>
  );
}
