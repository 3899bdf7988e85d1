/** Create or edit a delivery zone, in a dialog: the shared zone rules checked as typed, the server's messages under the fields. */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { zoneInputSchema, type AdminZone } from '@shared/schemas/delivery-admin';
import { Field } from '@web/components/ui/form-fields';
import { Modal } from '@web/components/ui/Modal';
import { checkedBy, numberOrNull, ShopForm, useShopForm } from '@web/lib/forms';
import { ModalFormActions } from '../../components/ModalFormActions';
import { useSaveZone } from './api';

/** The dialog's values as typed (numbers as text), turned into the request body and checked by the server's schema. */
const zoneFormSchema = z
  .object({
    name: z.string(),
    name_en: z.string(),
    name_ar: z.string(),
    fee: z.string(),
    fee_max: z.string(),
    free_threshold: z.string(),
    sort_order: z.string(),
    is_active: z.boolean(),
  })
  .transform((f) => ({
    name: f.name,
    name_en: f.name_en || null,
    name_ar: f.name_ar,
    fee: numberOrNull(f.fee) ?? Number.NaN,
    fee_max: numberOrNull(f.fee_max),
    free_threshold: numberOrNull(f.free_threshold),
    sort_order: numberOrNull(f.sort_order) ?? 0,
    is_active: f.is_active,
  }))
  .transform(checkedBy(zoneInputSchema));

const toForm = (z: AdminZone | null): z.input<typeof zoneFormSchema> => ({
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
  const form = useShopForm(zoneFormSchema, {
    defaultValues: toForm(zone),
    save: async (body) => {
      await save.mutateAsync({ id: zone?.id ?? null, body });
      onClose();
    },
    saved: t('common:form.saved'),
    failed: t('form.failed'),
  });
  const { field } = form;

  return (
    <Modal
      open
      onClose={onClose}
      title={zone ? t('zones.edit', { name: zone.name }) : t('zones.new')}
      closeLabel={t('admin:actions.close')}
    >
      <ShopForm form={form} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('zones.fields.name')} required lang="fr" {...field('name')} />
          <Field label={t('zones.fields.nameEn')} lang="en" hint={t('zones.fields.nameEnHint')} {...field('name_en')} />
          <Field label={t('zones.fields.nameAr')} required lang="ar" dir="rtl" {...field('name_ar')} />
          <Field label={t('zones.fields.sortOrder')} inputMode="numeric" dir="ltr" {...field('sort_order')} />
          <Field label={t('zones.fields.fee')} required inputMode="decimal" dir="ltr" {...field('fee')} />
          <Field label={t('zones.fields.feeMax')} inputMode="decimal" dir="ltr" hint={t('zones.fields.feeMaxHint')} {...field('fee_max')} />
          <Field
            label={t('zones.fields.freeThreshold')}
            className="sm:col-span-2"
            inputMode="decimal"
            dir="ltr"
            {...field('free_threshold')}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" {...form.register('is_active')} className="size-5 accent-primary" />
          {t('zones.fields.active')}
        </label>
        <ModalFormActions onCancel={onClose} pending={form.saving} />
      </ShopForm>
    </Modal>
  );
}
