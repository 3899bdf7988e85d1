/**
 * /admin/profile: the admin's own details (view, then edit with Cancel restoring them), Logout, and
 * for super admins the Add Admin button and the Current Admins table (Delete absent on one's own row;
 * Reset two-step sign-in on another admin's row when it is on), and the admin's own two-step sign-in.
 */
import { LogOut, Pencil, UserPlus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import { updateAdminProfileBodySchema, type AdminProfile } from '@shared/schemas/accounts';
import type { AdminAccount } from '@shared/schemas/people';
import { Button, ButtonLink } from '@web/components/ui/Button';
import { EmailChange } from '@web/components/ui/EmailChange';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Field, FormMessage } from '@web/components/ui/form-fields';
import { Skeleton } from '@web/components/ui/Skeleton';
import { ApiError, isApiError } from '@web/lib/api';
import { formatShopDate } from '@web/lib/format';
import { adminMeKey, useAdminMe } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DataTable, type Column } from '../components/DataTable';
import { FactList } from '../components/FactList';
import { PageHeader } from '../components/PageHeader';
import { RoleBadge } from '../people/customers/RoleBadge';
import { useAdminLogout } from '../shell/use-admin-logout';
import { useAdmins, useDeleteAdmin, useResetTwoFactor, useUpdateAdminProfile } from './api';
import { TwoFactorSection } from './TwoFactorSection';

/** How long "Profile updated successfully!" stays. */
const SAVED_BANNER_MS = 3000;

/** The e-mail is not edited here: it changes through <EmailChange /> (password + confirmation link). */
type FormValues = { name: string; phone: string };
const toForm = (p: AdminProfile): FormValues => ({ name: p.name, phone: p.phone ?? '' });

function ProfileView({ me }: { me: AdminProfile }) {
  const { t } = useTranslation('admin-people');
  const rows: [string, ReactNode][] = [
    [t('profile.fields.name'), me.name],
    [
      t('profile.fields.email'),
      <bdi key="e" dir="ltr">
        {me.email}
      </bdi>,
    ],
    [
      t('profile.fields.phone'),
      me.phone ? <bdi dir="ltr">{me.phone}</bdi> : <span className="text-muted italic">{t('profile.notProvided')}</span>,
    ],
    [t('profile.fields.role'), <RoleBadge key="r" role={me.role} />],
  ];
  return <FactList facts={rows} className="grid gap-4 sm:grid-cols-2" />;
}

function ProfileForm({ me, onDone }: { me: AdminProfile; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation('admin-people');
  const update = useUpdateAdminProfile();
  const form = useShopForm(updateAdminProfileBodySchema, {
    defaultValues: toForm(me),
    save: async (values) => {
      await update.mutateAsync({ ...values, phone: values.phone || null });
      onDone(true);
    },
    failed: t('profile.updateFailed'),
  });

  return (
    <ShopForm form={form} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('profile.fields.name')} required autoComplete="name" {...form.field('name')} />
        <Field label={t('profile.fields.phone')} type="tel" dir="ltr" autoComplete="tel" {...form.field('phone')} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {/* Cancel drops the form: the view shows the saved values again. */}
        <Button variant="ghost" onClick={() => onDone(false)} disabled={form.saving}>
          {t('profile.cancel')}
        </Button>
        <SubmitButton form={form} busyLabel={t('profile.saving')}>
          {t('profile.save')}
        </SubmitButton>
      </div>
    </ShopForm>
  );
}

function CurrentAdmins({ me }: { me: AdminProfile }) {
  const { t, i18n } = useTranslation('admin-people');
  const locale = toLocale(i18n.resolvedLanguage);
  const admins = useAdmins(true);
  const remove = useDeleteAdmin();
  const [target, setTarget] = useState<AdminAccount | null>(null);
  const [resetTarget, setResetTarget] = useState<AdminAccount | null>(null);
  const resetTwoFactor = useResetTwoFactor();
  const [notice, setNotice] = useState<string | null>(null);

  const columns: Column<AdminAccount>[] = [
    { key: 'name', header: t('profile.admins.columns.name'), cell: (a) => <span className="font-medium">{a.name}</span> },
    {
      key: 'email',
      header: t('profile.admins.columns.email'),
      cell: (a) => (
        <bdi dir="ltr" className="break-all">
          {a.email}
        </bdi>
      ),
    },
    { key: 'role', header: t('profile.admins.columns.role'), cell: (a) => <RoleBadge role={a.role} /> },
    { key: 'phone', header: t('profile.admins.columns.phone'), cell: (a) => (a.phone ? <bdi dir="ltr">{a.phone}</bdi> : '—') },
    { key: 'since', header: t('profile.admins.columns.since'), cell: (a) => formatShopDate(locale, a.created_at) },
    {
      key: 'two_factor',
      header: t('twoFactor.column'),
      cell: (a) =>
        a.two_factor ? (
          <span className="text-success">{t('twoFactor.statusOn')}</span>
        ) : (
          <span className="text-muted">{t('twoFactor.statusOff')}</span>
        ),
    },
  ];

  return (
    <section aria-labelledby="current-admins" className="mt-10">
      <h2 id="current-admins" className="mb-3 font-display text-xl text-ink">
        {t('profile.admins.title')}
      </h2>
      {notice && (
        <FormMessage tone="success" className="mb-3">
          {notice}
        </FormMessage>
      )}
      <DataTable
        caption={t('profile.admins.title')}
        columns={columns}
        rows={admins.data?.data}
        rowKey={(a) => a.id}
        loading={admins.isPending}
        error={admins.isError ? t('profile.admins.loadFailed') : null}
        onRetry={() => void admins.refetch()}
        empty={t('profile.admins.empty')}
        rowActions={(a) =>
          a.id === me.id ? (
            <span className="text-xs text-muted" title={t('profile.admins.selfNote')}>
              {t('profile.admins.you')}
            </span>
          ) : (
            <span className="inline-flex flex-wrap justify-end gap-1">
              {a.two_factor && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setResetTarget(a)}
                  aria-label={t('twoFactor.resetTitle', { name: a.name })}
                >
                  {t('twoFactor.reset')}
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => setTarget(a)} aria-label={t('profile.admins.deleteTitle', { name: a.name })}>
                {t('profile.admins.delete')}
              </Button>
            </span>
          )
        }
      />
      <ConfirmDialog
        open={resetTarget !== null}
        tone="primary"
        title={resetTarget ? t('twoFactor.resetTitle', { name: resetTarget.name }) : undefined}
        message={t('twoFactor.resetConfirm')}
        confirmLabel={t('twoFactor.reset')}
        onConfirm={async () => {
          setNotice(null);
          const answer = await resetTwoFactor.mutateAsync(resetTarget!.id);
          setNotice(answer.message);
        }}
        onClose={() => setResetTarget(null)}
      />
      <ConfirmDialog
        open={target !== null}
        title={target ? t('profile.admins.deleteTitle', { name: target.name }) : undefined}
        message={t('profile.admins.deleteConfirm')}
        confirmLabel={t('profile.admins.delete')}
        onConfirm={async () => {
          setNotice(null);
          try {
            const answer = await remove.mutateAsync(target!.id);
            setNotice(answer.message || t('profile.admins.deleted'));
          } catch (error) {
            // The server's message when it gave one (e.g. "You cannot delete your own account"), else the generic one.
            throw isApiError(error) && !error.isNetworkError && error.message ? error : new ApiError(500, t('profile.admins.deleteFailed'));
          }
        }}
        onClose={() => setTarget(null)}
      />
    </section>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation('admin-people');
  const me = useAdminMe();
  const client = useQueryClient();
  const { logout, loggingOut } = useAdminLogout();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_BANNER_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const isSuper = me.data?.role === 'super_admin';
  return (
    <>
      <PageHeader
        title={t('profile.title')}
        description={t('profile.description')}
        actions={
          <>
            {isSuper && (
              <ButtonLink to="/admin/profile/new-admin" variant="secondary">
                <UserPlus aria-hidden="true" className="size-4" />
                {t('profile.addAdmin')}
              </ButtonLink>
            )}
            <Button variant="ghost" onClick={() => void logout()} disabled={loggingOut}>
              <LogOut aria-hidden="true" className="size-4 rtl:rotate-180" />
              {loggingOut ? t('profile.loggingOut') : t('profile.logout')}
            </Button>
          </>
        }
      />
      {me.isError ? (
        <ErrorState message={t('profile.loadFailed')} onRetry={() => void me.refetch()} />
      ) : (
        <section className="rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
          {saved && (
            <FormMessage tone="success" className="mb-4">
              {t('profile.updated')}
            </FormMessage>
          )}
          {!me.data ? (
            <Skeleton className="h-24 w-full" />
          ) : editing ? (
            <ProfileForm
              me={me.data}
              onDone={(ok) => {
                setEditing(false);
                setSaved(ok);
              }}
            />
          ) : (
            <>
              <ProfileView me={me.data} />
              <div className="mt-4 flex justify-end">
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" className="size-4" />
                  {t('profile.edit')}
                </Button>
              </div>
            </>
          )}
        </section>
      )}
      {me.data && (
        <div className="mt-6 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
          <EmailChange
            email={me.data.email}
            pendingEmail={me.data.pending_email}
            endpoint="/admin/profile/email"
            onChanged={() => void client.invalidateQueries({ queryKey: adminMeKey })}
          />
        </div>
      )}
      {me.data && <TwoFactorSection me={me.data} />}
      {me.data && isSuper && <CurrentAdmins me={me.data} />}
    </>
  );
}
