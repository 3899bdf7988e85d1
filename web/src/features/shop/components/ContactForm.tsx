/**
 * The short contact form: sends `{ full_name, email, phone, message }` to `POST /api/custom-bouquet/contact`.
 * Field errors show under their fields (ours and the server's 422); when the form cannot be sent (404
 * while the endpoint does not exist, network, server error), the shop's direct contacts are offered.
 */
import { CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { type FieldPath } from 'react-hook-form';
import { useShopForm } from '@web/lib/forms';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import { translateValidation } from '@shared/validation';
import { Button } from '@web/components/ui/Button';
import { cn } from '@web/components/ui/cn';
import { isApiError } from '@web/lib/api';
import { CONTACT_MESSAGE_MAX, contactFormSchema, useContactRequest, type ContactFormInput } from '../api';
import { ContactButtons } from './ContactDetails';

const FIELDS = ['full_name', 'email', 'phone', 'message'] as const;
const EMPTY: ContactFormInput = { full_name: '', email: '', phone: '', message: '' };

const inputClass =
  'block w-full rounded-xl border border-line bg-surface px-4 py-3 text-ink shadow-sm transition-colors ' +
  'placeholder:text-muted/70 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary aria-[invalid=true]:border-danger';

export function ContactForm() {
  const { t, i18n } = useTranslation('shop');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const id = useId();
  const mutation = useContactRequest();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useShopForm(contactFormSchema, { defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        setSentTo(values.full_name);
        reset(EMPTY);
      },
      onError: (error) => {
        if (!isApiError(error) || error.status !== 422) return;
        let first: FieldPath<ContactFormInput> | null = null;
        for (const field of FIELDS) {
          const message = error.fieldError(field);
          if (!message) continue;
          setError(field, { type: 'server', message }, { shouldFocus: first === null });
          first ??= field;
        }
      },
    }),
  );

  if (sentTo !== null) {
    return (
      <div role="status" className="flex flex-col items-start gap-4 rounded-card border border-success/30 bg-primary-soft p-6">
        <CheckCircle2 aria-hidden="true" className="size-7 text-success" />
        <p className="text-ink">{t('contact.form.success', { name: sentTo })}</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            mutation.reset();
            setSentTo(null);
          }}
        >
          {t('contact.form.another')}
        </Button>
      </div>
    );
  }

  const failure = mutation.error;
  const showFallback = failure && !(isApiError(failure) && failure.status === 422);
  const fieldError = (field: (typeof FIELDS)[number]) => {
    const message = errors[field]?.message;
    return message ? translateValidation(message, locale) : undefined;
  };

  const field = (name: (typeof FIELDS)[number], options: { type?: string; autoComplete?: string; optional?: boolean; textarea?: boolean }) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const error = fieldError(name);
    const common = {
      id: inputId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      className: cn(inputClass, options.textarea && 'min-h-36 resize-y'),
      ...register(name),
    };
    return (
      <div>
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
          {t(`contact.form.${name}`)}
          {options.optional && <span className="ms-1 font-normal text-muted">{t('contact.form.optional')}</span>}
        </label>
        {options.textarea ? (
          <textarea {...common} rows={5} maxLength={CONTACT_MESSAGE_MAX} />
        ) : (
          <input
            {...common}
            type={options.type ?? 'text'}
            autoComplete={options.autoComplete}
            dir={options.type === 'email' || options.type === 'tel' ? 'ltr' : undefined}
            className={cn(common.className, (options.type === 'email' || options.type === 'tel') && 'rtl:text-end')}
          />
        )}
        {error && (
          <p id={errorId} className="mt-1.5 text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${id}-title`} className="space-y-5">
      <h2 id={`${id}-title`} className="text-2xl text-ink">
        {t('contact.form.title')}
      </h2>
      <p className="text-sm text-muted">{t('contact.form.intro')}</p>
      {field('full_name', { autoComplete: 'name' })}
      <div className="grid gap-5 sm:grid-cols-2">
        {field('email', { type: 'email', autoComplete: 'email' })}
        {field('phone', { type: 'tel', autoComplete: 'tel', optional: true })}
      </div>
      {field('message', { textarea: true })}
      {showFallback && (
        <div role="alert" className="rounded-card border border-danger/25 bg-danger-soft p-5">
          <p className="mb-4 text-danger">
            {isApiError(failure) && failure.status === 404 ? t('contact.form.unavailable') : t('contact.form.failed')}
          </p>
          <ContactButtons />
        </div>
      )}
      <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto">
        {mutation.isPending ? t('contact.form.sending') : t('contact.form.submit')}
      </Button>
    </form>
  );
}
