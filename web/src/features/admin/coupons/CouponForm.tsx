/** Create or edit a coupon, in a dialog: the shared coupon rules checked as typed, the server's messages under the fields. */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { couponInputSchema, type AdminCoupon } from '@shared/schemas/coupons';
import { Field } from '@web/components/ui/form-fields';
import { Modal } from '@web/components/ui/Modal';
import { checkedBy, numberOrNull, ShopForm, useShopForm } from '@web/lib/forms';
import { ModalFormActions } from '../components/ModalFormActions';
import { SelectField } from '../components/SelectField';
import { useSaveCoupon } from './api';

/** The dialog's values as typed (numbers and days as text), turned into the request body and checked by the server's schema. */
const couponFormSchema = z
  .object({
    code: z.string(),
    type: z.enum(['percent', 'fixed']),
    value: z.string(),
    min_subtotal: z.string(),
    starts_on: z.string(),
    ends_on: z.string(),
    max_uses: z.string(),
    max_uses_per_customer: z.string(),
    is_active: z.boolean(),
  })
  .transform((f) => ({
    code: f.code,
    type: f.type,
    value: numberOrNull(f.value) ?? Number.NaN,
    min_subtotal: numberOrNull(f.min_subtotal) ?? 0,
    starts_on: f.starts_on || null,
    ends_on: f.ends_on || null,
    max_uses: numberOrNull(f.max_uses),
    max_uses_per_customer: numberOrNull(f.max_uses_per_customer),
    is_active: f.is_active,
  }))
  .transform(checkedBy(couponInputSchema));

const toForm = (c: AdminCoupon | null): z.input<typeof couponFormSchema> => ({
  code: c?.code ?? '',
  type: c?.type ?? 'percent',
  value: c ? String(c.value) : '',
  min_subtotal: c ? String(c.min_subtotal) : '0',
  starts_on: c?.starts_on ?? '',
  ends_on: c?.ends_on ?? '',
  max_uses: c?.max_uses?.toString() ?? '',
  max_uses_per_customer: c?.max_uses_per_customer?.toString() ?? '',
  is_active: c?.is_active ?? true,
});

export function CouponForm({ coupon, onClose }: { coupon: AdminCoupon | null; onClose: () => void }) {
  const { t } = useTranslation(['admin-settings', 'admin']);
  const save = useSaveCoupon();
  const form = useShopForm(couponFormSchema, {
    defaultValues: toForm(coupon),
    save: async (body) => {
      await save.mutateAsync({ id: coupon?.id ?? null, body });
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
      title={coupon ? t('coupons.edit', { code: coupon.code }) : t('coupons.new')}
      closeLabel={t('admin:actions.close')}
    >
      <ShopForm form={form} className="space-y-4">
        <Field label={t('coupons.fields.code')} required dir="ltr" hint={t('coupons.fields.codeHint')} {...field('code')} />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{t('coupons.fields.type')}</legend>
          <SelectField
            label={t('coupons.fields.type')}
            value={form.watch('type')}
            onChange={(type) => form.setValue('type', type as 'percent' | 'fixed')}
            options={[
              { value: 'percent', label: t('coupons.fields.percent') },
              { value: 'fixed', label: t('coupons.fields.fixed') },
            ]}
          />
          <Field label={t('coupons.fields.value')} required inputMode="decimal" dir="ltr" {...field('value')} />
          <Field label={t('coupons.fields.minSubtotal')} inputMode="decimal" dir="ltr" {...field('min_subtotal')} />
          <div />
          <Field label={t('coupons.fields.startsOn')} type="date" {...field('starts_on')} />
          <Field label={t('coupons.fields.endsOn')} type="date" {...field('ends_on')} />
          <Field
            label={t('coupons.fields.maxUses')}
            inputMode="numeric"
            dir="ltr"
            hint={t('coupons.fields.limitHint')}
            {...field('max_uses')}
          />
          <Field
            label={t('coupons.fields.maxUsesPerCustomer')}
            inputMode="numeric"
            dir="ltr"
            hint={t('coupons.fields.limitHint')}
            {...field('max_uses_per_customer')}
          />
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" {...form.register('is_active')} className="size-5 accent-primary" />
          {t('coupons.fields.active')}
        </label>
        <ModalFormActions onCancel={onClose} pending={form.saving} />
      </ShopForm>
    </Modal>
  );
}
