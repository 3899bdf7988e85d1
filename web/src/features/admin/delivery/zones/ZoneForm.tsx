/** Create or edit a delivery zone, in a dialog; the server's messages go under the fields. */
import { useTranslation } from 'react-i18next';
import type { AdminZone } from '@shared/schemas/delivery-admin';
import { Field, FormMessage } from '@web/components/ui/form-fields';
import { Modal } from '@web/components/ui/Modal';
import { numberOrNull, serverFieldErrors } from '../../components/server-errors';
import { ModalFormActions } from '../../components/ModalFormActions';
import { useModalForm } from '../../components/use-modal-form';
import { useSaveZone } from './api';

type Form = { name: string; name_en: string; name_ar: string; fee: string; fee_max: string; free_threshold: string; sort_order: string; is_active: boolean };

const toForm = (z: AdminZone | null): Form => ({
  name: z?.name ?? '',
  name_en: z?.name_en ?? '',
  name_ar: z?.name_ar ?? '',
  fee: z ? String(z.fee) : '',
  fee_max: z?.fee_max?.toString() ?? '',
  free_threshold: z?.free_threshold?.toString() ?? '',
  sort_order: String(z?.sort_order ?? 0),
  is_active: z?.is_active ?? true,
});

export function ZoneForm({ zone, onClose }: { zone: AdminZone | null; onClose: () => void }) {
  const { t } = useTranslation(['admin-settings', 'admin']);
  const save = useSaveZone();
  const { form, set, toggle, errors, setErrors, message, setMessage, submit } = useModalForm<Form>(() => toForm(zone));

  const onSubmit = submit(async () => {
    try {
      await save.mutateAsync({
        id: zone?.id ?? null,
        body: {
          name: form.name,
          name_en: form.name_en || null,
          name_ar: form.name_ar,
          fee: numberOrNull(form.fee) ?? Number.NaN,
          fee_max: numberOrNull(form.fee_max),
          free_threshold: numberOrNull(form.free_threshold),
          sort_order: numberOrNull(form.sort_order) ?? 0,
          is_active: form.is_active,
        },
      });
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setMessage({ tone: 'error', text: t('form.failed') });
    }
  });

  return (
    <Modal open onClose={onClose} title={zone ? t('zones.edit', { name: zone.name }) : t('zones.new')} closeLabel={t('admin:actions.close')}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('zones.fields.name')} required lang="fr" value={form.name} onChange={set('name')} error={errors.name} />
          <Field label={t('zones.fields.nameEn')} lang="en" hint={t('zones.fields.nameEnHint')} value={form.name_en} onChange={set('name_en')} error={errors.name_en} />
          <Field label={t('zones.fields.nameAr')} required lang="ar" dir="rtl" value={form.name_ar} onChange={set('name_ar')} error={errors.name_ar} />
          <Field label={t('zones.fields.sortOrder')} inputMode="numeric" dir="ltr" value={form.sort_order} onChange={set('sort_order')} error={errors.sort_order} />
          <Field label={t('zones.fields.fee')} required inputMode="decimal" dir="ltr" value={form.fee} onChange={set('fee')} error={errors.fee} />
          <Field label={t('zones.fields.feeMax')} inputMode="decimal" dir="ltr" hint={t('zones.fields.feeMaxHint')} value={form.fee_max} onChange={set('fee_max')} error={errors.fee_max} />
          <Field
            label={t('zones.fields.freeThreshold')}
            className="sm:col-span-2"
            inputMode="decimal"
            dir="ltr"
            value={form.free_threshold}
            onChange={set('free_threshold')}
            error={errors.free_threshold}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" checked={form.is_active} onChange={toggle('is_active')} className="size-5 accent-primary" />
          {t('zones.fields.active')}
        </label>
        <ModalFormActions onCancel={onClose} pending={save.isPending} />
      </form>
    </Modal>
  );
}
