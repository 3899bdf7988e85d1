/**
 * The shop's legal identity on /admin/settings: legal name, registered address, ICE (15 digits), RC,
 * IF and patente, printed on every receipt and invoice (an empty one is left off). Checked with the
 * server's schema as it is typed; the server's refusals land under their fields.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { legalIdentitySchema, type LegalIdentity } from '@shared/schemas/shop';
import { ErrorState } from '@web/components/ui/ErrorState';
import { Field } from '@web/components/ui/form-fields';
import { Skeleton } from '@web/components/ui/Skeleton';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { useLegalIdentity, useSaveLegalIdentity } from './api';

function LegalForm({ saved }: { saved: LegalIdentity }) {
  const { t } = useTranslation(['admin-money', 'admin']);
  const save = useSaveLegalIdentity();
  const confirmation = useRef<string | null>(null);
  const form = useShopForm(legalIdentitySchema, {
    defaultValues: saved,
    save: async (body) => {
      confirmation.current = (await save.mutateAsync(body)).message;
    },
    saved: () => confirmation.current,
  });
  const { field, reset } = form;
  useEffect(() => reset(saved), [saved, reset]);
  return (
    <ShopForm form={form}>
      <fieldset
        className="grid gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:grid-cols-2 sm:p-6"
        data-testid="legal-identity"
      >
        <legend className="px-1 font-display text-lg text-ink">{t('legal.title')}</legend>
        <p className="text-sm text-muted sm:col-span-2">{t('legal.description')}</p>
        <Field label={t('legal.legal_name')} dir="auto" {...field('legal_name')} />
        <Field label={t('legal.address')} dir="auto" {...field('address')} />
        <Field label={t('legal.ice')} hint={t('legal.iceHint')} inputMode="numeric" dir="ltr" maxLength={15} {...field('ice')} />
        <Field label={t('legal.rc')} dir="auto" {...field('rc')} />
        <Field label={t('legal.if')} inputMode="numeric" dir="ltr" {...field('if')} />
        <Field label={t('legal.patente')} inputMode="numeric" dir="ltr" {...field('patente')} />
        <div className="flex justify-end sm:col-span-2">
          <SubmitButton form={form} busyLabel={t('admin:actions.saving')}>
            {t('legal.save')}
          </SubmitButton>
        </div>
      </fieldset>
    </ShopForm>
  );
}

export function LegalIdentityForm() {
  const { t } = useTranslation(['admin-money', 'admin']);
  const query = useLegalIdentity();
  if (query.isError) return <ErrorState message={t('admin:state.loadFailed')} onRetry={() => void query.refetch()} />;
  return query.data ? <LegalForm saved={query.data} /> : <Skeleton className="h-64 w-full" />;
}
