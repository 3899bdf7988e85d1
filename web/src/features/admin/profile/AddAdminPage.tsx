/**
 * /admin/add-admin and /admin/profile/new-admin: super admins only; others see
 * "You don't have permission to access this page." with Back to Profile. The server checks again.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@web/components/ui/Button';
import { Field, FormMessage, PasswordField, TextAreaField } from '@web/components/ui/form-fields';
import { isApiError } from '@web/lib/api';
import { useAdminMe } from '../api';
import { PageHeader } from '../components/PageHeader';
import { useModalForm } from '../components/use-modal-form';
import { firstFailingCheck, toPayload, type NewAdminForm } from './add-admin-checks';
import { useCreateAdmin } from './api';
import { useValidationText } from './use-validation-text';

/** Delay before going back to the profile after a success. */
const REDIRECT_MS = 2000;
const EMPTY: NewAdminForm = { name: '', email: '', role: 'admin', phone: '', address: '', password: '', password_confirmation: '' };

export default function AddAdminPage() {
  const { t } = useTranslation('admin-people');
  const me = useAdminMe();
  const navigate = useNavigate();
  const text = useValidationText();
  const create = useCreateAdmin();
  const { form, set, errors: fieldErrors, setErrors: setFieldErrors, message, setMessage, submit } = useModalForm<NewAdminForm>(EMPTY);

  const created = message?.tone === 'success';
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

  const onSubmit = submit(async () => {
    const failing = firstFailingCheck(form);
    if (failing) {
      const error = t(`addAdmin.errors.${failing.key}`);
      setFieldErrors({ [failing.field]: error });
      setMessage({ tone: 'error', text: error });
      return;
    }
    setFieldErrors({});
    try {
      const answer = await create.mutateAsync(toPayload(form));
      setMessage({ tone: 'success', text: answer.message || t('addAdmin.created') });
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const errors: Partial<Record<keyof NewAdminForm, string>> = {};
        for (const [field, messages] of Object.entries(error.errors)) errors[field as keyof NewAdminForm] = text(messages[0]);
        setFieldErrors(errors);
      }
      const server = isApiError(error) && !error.isNetworkError ? error.allMessages()[0] : undefined;
      setMessage({ tone: 'error', text: server || t('addAdmin.failed') });
    }
  });

  const busy = create.isPending;
  return (
    <>
      <PageHeader title={t('addAdmin.title')} description={t('addAdmin.description')} />
      <form noValidate onSubmit={onSubmit} className="max-w-3xl rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
        {message && (
          <FormMessage tone={message.tone} className="mb-4">
            {message.text}
          </FormMessage>
        )}
        <fieldset disabled={busy || created} className="grid gap-4 sm:grid-cols-2">
          <Field label={t('addAdmin.fields.name')} required autoComplete="off" value={form.name} onChange={set('name')} error={fieldErrors.name} />
          <Field label={t('addAdmin.fields.email')} required type="email" dir="ltr" autoComplete="off" value={form.email} onChange={set('email')} error={fieldErrors.email} />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="new-admin-role" className="text-sm font-medium text-ink">
              {t('addAdmin.fields.role')}
            </label>
            <select
              id="new-admin-role"
              value={form.role}
              onChange={set('role')}
              className="block w-full rounded-xl border border-line bg-surface px-4 py-3 text-base text-ink focus:outline-2 focus:outline-offset-1 focus:outline-primary"
            >
              <option value="admin">{t('roles.admin')}</option>
              <option value="super_admin">{t('roles.super_admin')}</option>
            </select>
          </div>
          <Field label={t('addAdmin.fields.phone')} type="tel" dir="ltr" autoComplete="off" value={form.phone} onChange={set('phone')} error={fieldErrors.phone} />
          <TextAreaField label={t('addAdmin.fields.address')} className="sm:col-span-2" value={form.address} onChange={set('address')} error={fieldErrors.address} />
          <PasswordField
            label={t('addAdmin.fields.password')}
            required
            autoComplete="new-password"
            hint={t('addAdmin.passwordHint')}
            value={form.password}
            onChange={set('password')}
            error={fieldErrors.password}
          />
          <PasswordField
            label={t('addAdmin.fields.confirm')}
            required
            autoComplete="new-password"
            value={form.password_confirmation}
            onChange={set('password_confirmation')}
            error={fieldErrors.password_confirmation}
          />
        </fieldset>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <ButtonLink to="/admin/profile" variant="ghost">
            {t('addAdmin.back')}
          </ButtonLink>
          <Button type="submit" disabled={busy || created}>
            {busy ? t('addAdmin.creating') : t('addAdmin.create')}
          </Button>
        </div>
      </form>
    </>
  );
}
