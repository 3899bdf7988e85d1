/**
 * /admin/add-admin and /admin/profile/new-admin: super admins only; others see
 * "You don't have permission to access this page." with Back to Profile. The server checks again.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { STAFF_ROLES } from '@shared/schemas/people';
import { ButtonLink } from '@web/components/ui/Button';
import { Field, FormMessage, PasswordField, TextAreaField } from '@web/components/ui/form-fields';
import { isApiError } from '@web/lib/api';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { useAdminMe } from '../api';
import { PageHeader } from '../components/PageHeader';
import { firstFailingCheck, toPayload, type NewAdminForm } from './add-admin-checks';
import { useCreateAdmin } from './api';

/** Delay before going back to the profile after a success. */
const REDIRECT_MS = 2000;
const EMPTY: NewAdminForm = { name: '', email: '', role: 'admin', phone: '', address: '', password: '', password_confirmation: '' };

/** The page's values; only the first failing check is reported (under its field and above the form), then the body is built. */
const newAdminFormSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    phone: z.string(),
    address: z.string(),
    password: z.string(),
    password_confirmation: z.string(),
  })
  .superRefine((form, ctx) => {
    const failing = firstFailingCheck(form);
    if (failing) ctx.addIssue({ code: 'custom', path: [failing.field], message: `admin-people:addAdmin.errors.${failing.key}` });
  })
  .transform(toPayload);

/** The fields in the page's order: the message above the form repeats the first one's error. */
const CHECKED = ['name', 'email', 'password', 'password_confirmation'] as const;

export default function AddAdminPage() {
  const { t } = useTranslation('admin-people');
  const me = useAdminMe();
  const navigate = useNavigate();
  const create = useCreateAdmin();
  const [created, setCreated] = useState(false);
  // The server's own confirmation, shown by the kit's toast.
  const confirmation = useRef<string | null>(null);
  const form = useShopForm(newAdminFormSchema, {
    defaultValues: EMPTY,
    save: async (body) => {
      const answer = await create.mutateAsync(body);
      confirmation.current = answer.message || t('addAdmin.created');
      setCreated(true);
    },
    saved: () => confirmation.current,
    // A refusal keeps its first message above the form, even when its fields show theirs.
    failed: (error) => (isApiError(error) && !error.isNetworkError ? error.allMessages()[0] : undefined) || t('addAdmin.failed'),
  });
  const { field } = form;

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => void navigate('/admin/profile'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  if (me.data && me.data.role !== 'super_admin') {
    return (
      <>
        <PageHeader title={t('addAdmin.title')} />
        <FormMessage tone="error" className="mb-4">
          {t('addAdmin.noPermission')}
        </FormMessage>
        <ButtonLink to="/admin/profile" variant="secondary">
          {t('addAdmin.backToProfile')}
        </ButtonLink>
      </>
    );
  }

  const errors = form.formState.errors;
  const checkFailed = CHECKED.filter((name) => errors[name] && errors[name].type !== 'server').map((name) => form.errorText(name))[0];
  const message = form.formError ?? checkFailed;
  return (
    <>
      <PageHeader title={t('addAdmin.title')} description={t('addAdmin.description')} />
      <ShopForm
        form={form}
        message={
          message && (
            <FormMessage tone="error" className="mb-4">
              {message}
            </FormMessage>
          )
        }
        className="max-w-3xl rounded-card border border-line bg-surface p-4 shadow-card sm:p-6"
      >
        <fieldset disabled={form.saving || created} className="grid gap-4 sm:grid-cols-2">
          <Field label={t('addAdmin.fields.name')} required autoComplete="off" {...field('name')} />
          <Field label={t('addAdmin.fields.email')} required type="email" dir="ltr" autoComplete="off" {...field('email')} />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="new-admin-role" className="text-sm font-medium text-ink">
              {t('addAdmin.fields.role')}
            </label>
            <select
              id="new-admin-role"
              {...form.register('role')}
              className="block w-full rounded-xl border border-line bg-surface px-4 py-3 text-base text-ink focus:outline-2 focus:outline-offset-1 focus:outline-primary"
            >
              <option value="admin">{t('roles.admin')}</option>
              <option value="super_admin">{t('roles.super_admin')}</option>
              <option value="driver">{t('roles.driver')}</option>
            </select>
          </div>
          <Field label={t('addAdmin.fields.phone')} type="tel" dir="ltr" autoComplete="off" {...field('phone')} />
          <TextAreaField label={t('addAdmin.fields.address')} className="sm:col-span-2" {...field('address')} />
          <PasswordField
            label={t('addAdmin.fields.password')}
            required
            autoComplete="new-password"
            hint={t('addAdmin.passwordHint')}
            {...field('password')}
          />
          <PasswordField label={t('addAdmin.fields.confirm')} required autoComplete="new-password" {...field('password_confirmation')} />
        </fieldset>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <ButtonLink to="/admin/profile" variant="ghost">
            {t('addAdmin.back')}
          </ButtonLink>
          <SubmitButton form={form} busyLabel={t('addAdmin.creating')} disabled={created}>
            {t('addAdmin.create')}
          </SubmitButton>
        </div>
      </ShopForm>
    </>
  );
}
