/**
 * /admin/settings: contact details and social links shown to customers (an empty field is hidden
 * there), and the rates of approximate prices abroad.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { contactSettingsSchema, type ContactSettings } from '@shared/schemas/shop';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Field, TextAreaField } from '@web/components/ui/form-fields';
import { Skeleton } from '@web/components/ui/Skeleton';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { PageHeader } from '../components/PageHeader';
import { useSaveShopSettings, useShopSettings } from './api';
import { LegalIdentityForm } from './LegalIdentityForm';
import { CurrencyRatesSection } from './CurrencyRatesForm';

const LANGS = ['fr', 'en', 'ar'] as const;

function SettingsForm({ saved }: { saved: ContactSettings }) {
  const { t } = useTranslation(['admin-settings', 'admin']);
  const save = useSaveShopSettings();
  // The server's own confirmation ("Settings saved."), shown by the kit's toast.
  const confirmation = useRef<string | null>(null);
  // A PUT is a full replacement: the form holds every field it was loaded with and sends them all.
  const form = useShopForm(contactSettingsSchema, {
    defaultValues: saved,
    save: async (body) => {
      confirmation.current = (await save.mutateAsync(body)).message;
    },
    saved: () => confirmation.current,
    failed: t('form.failed'),
  });
  const { field, reset } = form;
  useEffect(() => reset(saved), [saved, reset]);

  return (
    <ShopForm form={form} className="space-y-6">
      <fieldset className="grid gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:grid-cols-3 sm:p-6">
        <legend className="px-1 font-display text-lg text-ink">{t('settings.contact')}</legend>
        <Field label={t('settings.phone')} type="tel" dir="ltr" {...field('phone')} />
        <Field label={t('settings.whatsapp')} type="tel" dir="ltr" {...field('whatsapp')} />
        <Field label={t('settings.email')} type="email" dir="ltr" {...field('email')} />
      </fieldset>
      {(['address', 'opening_hours'] as const).map((name) => (
        <fieldset key={name} className="grid gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:grid-cols-3 sm:p-6">
          <legend className="px-1 font-display text-lg text-ink">{t(`settings.${name}`)}</legend>
          {LANGS.map((lang) => (
            <TextAreaField
              key={lang}
              label={t(`settings.in.${lang}`)}
              lang={lang}
              dir={lang === 'ar' ? 'rtl' : 'ltr'}
              rows={2}
              {...field(`${name}.${lang}`)}
            />
          ))}
        </fieldset>
      ))}
      <fieldset className="grid gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:grid-cols-2 sm:p-6">
        <legend className="px-1 font-display text-lg text-ink">{t('settings.social')}</legend>
        <Field label="Instagram" type="url" dir="ltr" placeholder="https://www.instagram.com/…" {...field('instagram')} />
        <Field label="Facebook" type="url" dir="ltr" placeholder="https://www.facebook.com/…" {...field('facebook')} />
      </fieldset>
      <p className="text-sm text-muted">{t('settings.emptyHidden')}</p>
      <div className="flex justify-end">
        <SubmitButton form={form} busyLabel={t('admin:actions.saving')}>
          {t('admin:actions.save')}
        </SubmitButton>
      </div>
    </ShopForm>
  );
}

export default function ShopSettingsPage() {
  const { t } = useTranslation(['admin-settings', 'admin']);
  const query = useShopSettings();
  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      {query.isError ? (
        <ErrorState message={t('admin:state.loadFailed')} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <SettingsForm saved={query.data} />
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
      <div className="mt-6">
        <LegalIdentityForm />
      </div>
      <CurrencyRatesSection />
    </>
  );
}
