import { ArrowLeft, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toLocale } from '@shared/constants';
import { updateProfileBodySchema, type Profile } from '@shared/schemas/accounts';
import { Button } from '@web/components/ui/Button';
import { EmailChange } from '@web/components/ui/EmailChange';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Skeleton } from '@web/components/ui/Skeleton';
import { useDocumentTitle } from '@web/lib/head';
import { useProfile, useUpdateProfile } from '../api';
import { PersonFields, linkClasses } from '../components/fields';
import { TextAreaField } from '@web/components/ui/form-fields';
import { RequireAuth } from '@web/lib/session';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';

const toForm = (p: Profile) => ({ name: p.name, phone: p.phone ?? '', address: p.address ?? '' });

function ReadOnly({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('accounts');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const since = new Date(profile.created_at);
  const rows: [string, string | null, boolean?][] = [
    [t('fields.name'), profile.name],
    [t('fields.email'), profile.email, true],
    [t('fields.phone'), profile.phone, true],
    [t('fields.address'), profile.address],
    [
      t('info.memberSince'),
      Number.isNaN(since.getTime()) ? null : since.toLocaleDateString(locale === 'ar' ? 'ar-MA' : `${locale}-MA`, { dateStyle: 'long' }),
    ],
  ];
  return (
    <dl className="divide-y divide-line">
      {rows.map(([label, value, ltr]) => (
        <div key={label} className="grid gap-1 py-4 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-medium text-muted">{label}</dt>
          <dd className="break-words text-ink sm:col-span-2">
            {value ? ltr ? <bdi dir="ltr">{value}</bdi> : value : <span className="text-muted italic">{t('info.notProvided')}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function EditForm({ profile, onCancel, onSaved }: { profile: Profile; onCancel: () => void; onSaved: () => void }) {
  const { t } = useTranslation('accounts');
  const update = useUpdateProfile();
  const form = useShopForm(updateProfileBodySchema, {
    defaultValues: toForm(profile),
    save: async (values) => {
      await update.mutateAsync({ ...values, phone: values.phone || undefined, address: values.address || null });
      onSaved();
    },
    saved: t('info.updated'),
    failed: t('info.updateFailed'),
  });

  return (
    <ShopForm form={form} className="flex flex-col gap-5">
      <PersonFields name={form.field('name')} phone={form.field('phone')} />
      <TextAreaField label={t('fields.address')} autoComplete="street-address" hint={t('info.addressHint')} {...form.field('address')} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={form.saving}>
          {t('common.cancel')}
        </Button>
        <SubmitButton form={form} busyLabel={t('common.saving')}>
          {t('info.save')}
        </SubmitButton>
      </div>
    </ShopForm>
  );
}

function PersonalInformation() {
  const { t } = useTranslation('accounts');
  const profile = useProfile();
  const [editing, setEditing] = useState(false);

  return (
    <section className="container-shop py-10 sm:py-14">
      <div className="mx-auto max-w-2xl">
        <Link to="/profile" className={`${linkClasses} inline-flex items-center gap-2 text-sm`}>
          <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          {t('info.back')}
        </Link>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
          <h1 className="font-display text-3xl text-ink sm:text-4xl">{t('info.title')}</h1>
          {profile.data && !editing && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" />
              {t('info.edit')}
            </Button>
          )}
        </div>
        <div className="mt-6 rounded-card border border-line bg-surface p-5 shadow-card sm:p-8">
          {profile.isPending ? (
            <div className="flex flex-col gap-5" aria-busy="true">
              <span className="sr-only">{t('common.loading')}</span>
              {[0, 1, 2, 3].map((i) => (
                <div key={i} className="flex flex-col gap-2">
                  <Skeleton className="h-4 w-24" />
                  <Skeleton className="h-6 w-2/3" />
                </div>
              ))}
            </div>
          ) : profile.isError || !profile.data ? (
            <ErrorState message={t('info.loadFailed')} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
          ) : editing ? (
            <EditForm
              key={profile.dataUpdatedAt}
              profile={profile.data}
              onCancel={() => {
                // Cancel reloads the profile.
                setEditing(false);
                void profile.refetch();
              }}
              onSaved={() => setEditing(false)}
            />
          ) : (
            <ReadOnly profile={profile.data} />
          )}
        </div>
        {profile.data && (
          <div className="mt-6 rounded-card border border-line bg-surface p-5 shadow-card sm:p-8">
            <EmailChange
              email={profile.data.email}
              pendingEmail={profile.data.pending_email}
              endpoint="/profile/email"
              onChanged={() => void profile.refetch()}
            />
          </div>
        )}
      </div>
    </section>
  );
}

export default function PersonalInformationPage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('info.title'));
  return (
    <RequireAuth>
      <PersonalInformation />
    </RequireAuth>
  );
}
