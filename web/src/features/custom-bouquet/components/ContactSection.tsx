import { useQuery } from '@tanstack/react-query';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import { useState } from 'react';
import { applyServerErrors, useShopForm } from '@web/lib/forms';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import { contactRequestBodySchema } from '@shared/schemas/custom-bouquet';
import { translateValidation } from '@shared/validation';
import { Button, buttonClasses } from '@web/components/ui';
import { isApiError } from '@web/lib/api';
import { shopInfoQuery, telUrl, whatsappUrl } from '@web/lib/shop-info';
import { Field, FormMessage, TextAreaField } from '@web/components/ui/form-fields';
import { useContactRequest } from '../api';

type FieldName = 'full_name' | 'email' | 'phone' | 'message';

/** Call, e-mail and WhatsApp buttons, and the "contact us" request form for special bouquets. */
export function ContactSection() {
  const { t, i18n } = useTranslation('custom-bouquet');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const shop = useQuery(shopInfoQuery());
  const send = useContactRequest();
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useShopForm(contactRequestBodySchema, { defaultValues: { full_name: '', email: '', phone: '', message: '', kind: 'custom_bouquet' },
  });
  const err = (name: FieldName) => {
    const m = errors[name]?.message;
    return m ? translateValidation(m, locale) : undefined;
  };

  const onSubmit = handleSubmit(async (values) => {
    setDone(null);
    try {
      const answer = await send.mutateAsync({ ...values, kind: 'custom_bouquet' });
      setDone(answer.message);
      reset();
    } catch (error) {
      applyServerErrors(error, { setError, getValues });
    }
  });

  const info = shop.data;
  const buttonCls = buttonClasses({ variant: 'secondary', size: 'sm' });
  return (
    <section aria-labelledby="custom-contact-title" className="rounded-card border border-line bg-surface p-4 sm:p-6">
      <h2 id="custom-contact-title" className="font-display text-2xl text-ink">
        {t('contact.title')}
      </h2>
      <p className="mt-2 text-sm text-muted">{t('contact.intro')}</p>
      {info && (
        <div className="mt-4 flex flex-wrap gap-2">
          {info.phone && (
            <a href={telUrl(info.phone)} className={buttonCls}>
              <Phone aria-hidden="true" className="size-4" />
              {t('contact.call')}
            </a>
          )}
          {info.email && (
            <a href={`mailto:${info.email}`} className={buttonCls}>
              <Mail aria-hidden="true" className="size-4" />
              {t('contact.email')}
            </a>
          )}
          {info.whatsapp && (
            <a href={whatsappUrl(info.whatsapp)} target="_blank" rel="noopener noreferrer" className={buttonCls}>
              <MessageCircle aria-hidden="true" className="size-4" />
              {t('contact.whatsapp')}
            </a>
          )}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-4 sm:grid-cols-2" aria-label={t('contact.formLabel')}>
        <Field label={t('contact.fullName')} autoComplete="name" required error={err('full_name')} {...register('full_name')} />
        <Field label={t('contact.emailField')} type="email" autoComplete="email" required error={err('email')} {...register('email')} />
        <Field label={t('contact.phone')} type="tel" autoComplete="tel" error={err('phone')} className="sm:col-span-2" {...register('phone')} />
        <TextAreaField label={t('contact.message')} rows={4} error={err('message')} className="sm:col-span-2" {...register('message')} />
        <div className="flex flex-col gap-3 sm:col-span-2">
          {send.isError && !(isApiError(send.error) && send.error.status === 422) && (
            <FormMessage tone="error">{isApiError(send.error) && send.error.status !== 0 ? send.error.message : t('contact.failed')}</FormMessage>
          )}
          {done && <FormMessage tone="success">{done}</FormMessage>}
          <Button type="submit" disabled={isSubmitting} className="sm:self-start">
            {t('contact.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}
