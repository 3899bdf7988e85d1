/** /admin/settings: contact details and social links shown to customers; an empty field is hidden there. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactSettings } from '@shared/schemas/shop';
import { Button } from '@web/components/ui/Button';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Field, FormMessage, TextAreaField } from '@web/components/ui/form-fields';
import { Skeleton } from '@web/components/ui/Skeleton';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../api';
import { PageHeader } from '../components/PageHeader';
import { serverFieldErrors } from '../components/server-errors';

const settingsKey = [...ADMIN_KEY, 'settings'] as const;
const LANGS = ['fr', 'en', 'ar'] as const;

function SettingsForm({ saved }: { saved: ContactSettings }) {
  const { t } = useTranslation(['admin-settings', 'admin']);
  const client = useQueryClient();
  const [form, setForm] = useState<ContactSettings>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (body: ContactSettings) => api.put<{ message: string; settings: ContactSettings }>('/admin/settings', body),
    onSuccess: (answer) => {
      client.setQueryData(settingsKey, answer.settings);
      // The storefront's own copy, in every language.
      void client.invalidateQueries({ queryKey: ['shop-info'] });
    },
  });
  useEffect(() => setForm(saved), [saved]);

  const set = (field: 'phone' | 'whatsapp' | 'email' | 'instagram' | 'facebook') => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const setText = (field: 'address' | 'opening_hours', lang: (typeof LANGS)[number]) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: { ...f[field], [lang]: e.target.value } }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    try {
      const answer = await save.mutateAsync(form);
      setErrors({});
      setMessage({ tone: 'success', text: answer.message });
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setMessage({ tone: 'error', text: t('form.failed') });
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-6">
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <fieldset className="grid gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:grid-cols-3 sm:p-6">
        <legend className="px-1 font-display text-lg text-ink">{t('settings.contact')}</legend>
        <Field label={t('settings.phone')} type="tel" dir="ltr" value={form.phone} onChange={set('phone')} error={errors.phone} />
        <Field label={t('settings.whatsapp')} type="tel" dir="ltr" value={form.whatsapp} onChange={set('whatsapp')} error={errors.whatsapp} />
        <Field label={t('settings.email')} type="email" dir="ltr" value={form.email} onChange={set('email')} error={errors.email} />
      </fieldset>
      {(['address', 'opening_hours'] as const).map((field) => (
        <fieldset key={field} className="grid gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:grid-cols-3 sm:p-6">
          <legend className="px-1 font-display text-lg text-ink">{t(`settings.${field}`)}</legend>
          {LANGS.map((lang) => (
            <TextAreaField
              key={lang}
              label={t(`settings.in.${lang}`)}
              lang={lang}
              dir={lang === 'ar' ? 'rtl' : 'ltr'}
              rows={2}
              value={form[field][lang]}
              onChange={setText(field, lang)}
              error={errors[field]}
            />
          ))}
        </fieldset>
      ))}
      <fieldset className="grid gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:grid-cols-2 sm:p-6">
        <legend className="px-1 font-display text-lg text-ink">{t('settings.social')}</legend>
        <Field label="Instagram" type="url" dir="ltr" placeholder="https://www.instagram.com/…" value={form.instagram} onChange={set('instagram')} error={errors.instagram} />
        <Field label="Facebook" type="url" dir="ltr" placeholder="https://www.facebook.com/…" value={form.facebook} onChange={set('facebook')} error={errors.facebook} />
      </fieldset>
      <p className="text-sm text-muted">{t('settings.emptyHidden')}</p>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('admin:actions.saving') : t('admin:actions.save')}
        </Button>
      </div>
    </form>
  );
}

export default function ShopSettingsPage() {
  const { t } = useTranslation(['admin-settings', 'admin']);
  const query = useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => api.get<ContactSettings>('/admin/settings', { signal }) });
  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      {query.isError ? <ErrorState message={t('admin:state.loadFailed')} onRetry={() => void query.refetch()} /> : query.data ? <SettingsForm saved={query.data} /> : <Skeleton className="h-96 w-full" />}
    </>
  );
}
