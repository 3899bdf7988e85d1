/**
 * Add or edit a delivery slot, in a dialog: the times (shop time), a name per language or none (the
 * label is then written from the times), a capacity per day or none, the zones that offer it (none
 * ticked: every zone), active or not. The shared slot rules are checked as typed; the server's
 * messages show under the fields.
 */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { slotInputSchema, type AdminSlot } from '@shared/schemas/delivery-slots';
import { Field } from '@web/components/ui/form-fields';
import { Modal } from '@web/components/ui/Modal';
import { checkedBy, numberOrNull, ShopForm, useShopForm } from '@web/lib/forms';
import { ModalFormActions } from '../../components/ModalFormActions';
import { useZones } from '../zones/api';
import { useSaveSlot } from './api';

/** The dialog's values as typed (numbers as text, zones as the ticked ids' text), checked by the server's schema. */
const slotFormSchema = z
  .object({
    starts: z.string(),
    ends: z.string(),
    name_fr: z.string(),
    name_en: z.string(),
    name_ar: z.string(),
    capacity: z.string(),
    sort_order: z.string(),
    is_active: z.boolean(),
    zone_ids: z.array(z.string()),
  })
  .transform((f) => ({
    starts: f.starts,
    ends: f.ends,
    name_fr: f.name_fr,
    name_en: f.name_en,
    name_ar: f.name_ar,
    capacity: numberOrNull(f.capacity),
    sort_order: numberOrNull(f.sort_order) ?? 0,
    is_active: f.is_active,
    zone_ids: f.zone_ids.map(Number),
  }))
  .transform(checkedBy(slotInputSchema));

const toForm = (s: AdminSlot | null): z.input<typeof slotFormSchema> => ({
  starts: s?.starts ?? '',
  ends: s?.ends ?? '',
  name_fr: s?.name_fr ?? '',
  name_en: s?.name_en ?? '',
  name_ar: s?.name_ar ?? '',
  capacity: s?.capacity?.toString() ?? '',
  sort_order: String(s?.sort_order ?? 0),
  is_active: s?.is_active ?? true,
  zone_ids: (s?.zone_ids ?? []).map(String),
});

export function SlotForm({ slot, onClose }: { slot: AdminSlot | null; onClose: () => void }) {
  const { t } = useTranslation(['admin-delivery-slots', 'admin']);
  const save = useSaveSlot();
  const zones = useZones();
  const form = useShopForm(slotFormSchema, {
    defaultValues: toForm(slot),
    save: async (body) => {
      await save.mutateAsync({ id: slot?.id ?? null, body });
      onClose();
    },
    saved: t('common:form.saved'),
    failed: t('failed'),
  });
  const { field } = form;

  return (
    <Modal open onClose={onClose} title={slot ? t('edit', { name: slot.label }) : t('new')} closeLabel={t('admin:actions.close')}>
      <ShopForm form={form} className="space-y-4">
        <div className="grid grid-cols-2 gap-4">
          <Field label={t('fields.starts')} required type="time" dir="ltr" {...field('starts')} />
          <Field label={t('fields.ends')} required type="time" dir="ltr" {...field('ends')} />
        </div>
        <p className="text-sm text-muted">{t('fields.namesHint')}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t('fields.nameFr')} lang="fr" {...field('name_fr')} />
          <Field label={t('fields.nameEn')} lang="en" {...field('name_en')} />
          <Field label={t('fields.nameAr')} lang="ar" dir="rtl" {...field('name_ar')} />
        </div>
        <div className="grid grid-cols-2 gap-4">
          <Field label={t('fields.capacity')} inputMode="numeric" dir="ltr" hint={t('fields.capacityHint')} {...field('capacity')} />
          <Field label={t('fields.sortOrder')} inputMode="numeric" dir="ltr" {...field('sort_order')} />
        </div>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-ink">{t('fields.zones')}</legend>
          <p className="mb-2 text-sm text-muted">{t('fields.zonesHint')}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {zones.data?.data.map((z) => (
              <label key={z.id} className="flex items-center gap-2 text-sm text-ink">
                <input type="checkbox" value={String(z.id)} {...form.register('zone_ids')} className="size-5 accent-primary" />
                {z.name}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" {...form.register('is_active')} className="size-5 accent-primary" />
          {t('fields.active')}
        </label>
        <ModalFormActions onCancel={onClose} pending={form.saving} />
      </ShopForm>
    </Modal>
  );
}
