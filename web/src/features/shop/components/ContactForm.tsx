/**
 * The short contact form: sends `{ full_name, email, phone, message }` to `POST /api/custom-bouquet/contact`.
 * Field errors show under their fields (ours and the server's 422); when the form cannot be sent (404
 * while the endpoint does not exist, network, server error), the shop's direct contacts are offered.
 */
import { CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/Button';
import { cn } from '@web/components/ui/cn';
import { isApiError } from '@web/lib/api';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { CONTACT_MESSAGE_MAX, contactFormSchema, useContactRequest, type ContactFormInput } from '../api';
import { ContactButtons } from './ContactDetails';

type FieldName = keyof ContactFormInput;
const EMPTY: ContactFormInput = { full_name: '', email: '', phone: '', message: '' };

const inputClass =
  'block w-full rounded-xl border border-line bg-surface px-4 py-3 text-ink shadow-sm transition-colors ' +
  'placeholder:text-muted/70 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary aria-[invalid=true]:border-danger';

export function ContactForm() {
  const { t } = useTranslation('shop');
  const id = useId();
  const mutation = useContactRequest();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // A success shows its own panel (no toast); a failure the fields do not explain offers the shop's direct contacts.
  const form = useShopForm(contactFormSchema, {
    defaultValues: EMPTY,
    save: async (values) => {
      await mutation.mutateAsync(values);
      setSentTo(values.full_name);
      form.reset(EMPTY);
    },
    failed: (error, onForm) =>
      onForm.onFields ? null : isApiError(error) && error.status === 404 ? t('contact.form.unavailable') : t('contact.form.failed'),
  });

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

  const field = (name: FieldName, options: { type?: string; autoComplete?: string; optional?: boolean; textarea?: boolean }) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const error = form.errorText(name);
    const common = {
      id: inputId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      className: cn(inputClass, options.textarea && 'min-h-36 resize-y'),
      ...form.register(name),
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
    <div className="space-y-5">
      <h2 id={`${id}-title`} className="text-2xl text-ink">
        {t('contact.form.title')}
      </h2>
      <p className="text-sm text-muted">{t('contact.form.intro')}</p>
      <ShopForm
        form={form}
        aria-labelledby={`${id}-title`}
        className="space-y-5"
        message={
          form.formError && (
            <div role="alert" className="rounded-card border border-danger/25 bg-danger-soft p-5">
              <p className="mb-4 text-danger">{form.formError}</p>
              <ContactButtons />
            </div>
          )
        }
      >
        {field('full_name', { autoComplete: 'name' })}
        <div className="grid gap-5 sm:grid-cols-2">
          {field('email', { type: 'email', autoComplete: 'email' })}
          {field('phone', { type: 'tel', autoComplete: 'tel', optional: true })}
        </div>
        {field('message', { textarea: true })}
        <SubmitButton form={form} busyLabel={t('contact.form.sending')} className="w-full sm:w-auto">
          {t('contact.form.submit')}
        </SubmitButton>
      </ShopForm>
    </div>
  );
}
