import { useQuery } from '@tanstack/react-query';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactRequestBodySchema } from '@shared/schemas/custom-bouquet';
import { buttonClasses } from '@web/components/ui';
import { isApiError } from '@web/lib/api';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { shopInfoQuery, telUrl, whatsappUrl } from '@web/lib/shop-info';
import { Field, FormMessage, TextAreaField } from '@web/components/ui/form-fields';
import { useContactRequest } from '../api';

/** Call, e-mail and WhatsApp buttons, and the "contact us" request form for special bouquets. */
export function ContactSection() {
  const { t } = useTranslation('custom-bouquet');
  const shop = useQuery(shopInfoQuery());
  const send = useContactRequest();
  const [done, setDone] = useState<string | null>(null);
  // The server's confirmation stays under the form (no toast) until the next send.
  const form = useShopForm(contactRequestBodySchema, {
    defaultValues: { full_name: '', email: '', phone: '', message: '', kind: 'custom_bouquet' },
    save: async (values) => {
      setDone(null);
      const answer = await send.mutateAsync({ ...values, kind: 'custom_bouquet' });
      setDone(answer.message);
      form.reset();
    },
    failed: (error, onForm) =>
      onForm.onFields ? null : isApiError(error) && error.status !== 0 && error.message ? error.message : t('contact.failed'),
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
      <ShopForm form={form} message={false} className="mt-6 grid gap-4 sm:grid-cols-2" aria-label={t('contact.formLabel')}>
        <Field label={t('contact.fullName')} autoComplete="name" required {...form.field('full_name')} />
        <Field label={t('contact.emailField')} type="email" autoComplete="email" required {...form.field('email')} />
        <Field label={t('contact.phone')} type="tel" autoComplete="tel" className="sm:col-span-2" {...form.field('phone')} />
        <TextAreaField label={t('contact.message')} rows={4} className="sm:col-span-2" {...form.field('message')} />
        <div className="flex flex-col gap-3 sm:col-span-2">
          {/* Said next to the button that sent it, like the confirmation. */}
          {form.formError && <FormMessage tone="error">{form.formError}</FormMessage>}
          {done && <FormMessage tone="success">{done}</FormMessage>}
          <SubmitButton form={form} busyLabel={t('contact.sending')} className="sm:self-start">
            {t('contact.send')}
          </SubmitButton>
        </div>
      </ShopForm>
    </section>
  );
}
