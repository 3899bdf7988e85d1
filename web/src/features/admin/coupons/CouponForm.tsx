/** Create or edit a coupon, in a dialog: the server checks every rule and its messages go under the fields. */
import { useTranslation } from 'react-i18next';
import type { AdminCoupon } from '@shared/schemas/coupons';
import { Field, FormMessage } from '@web/components/ui/form-fields';
import { Modal } from '@web/components/ui/Modal';
import { numberOrNull, serverFieldErrors } from '../components/server-errors';
import { ModalFormActions } from '../components/ModalFormActions';
import { useModalForm } from '../components/use-modal-form';
import { useSaveCoupon } from './api';

type Form = { code: string; type: 'percent' | 'fixed'; value: string; min_subtotal: string; starts_on: string; ends_on: string; max_uses: string; max_uses_per_customer: string; is_active: boolean };

const toForm = (c: AdminCoupon | null): Form => ({
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
  const { form, set, toggle, errors, setErrors, message, setMessage, submit } = useModalForm<Form>(() => toForm(coupon));

  const onSubmit = submit(async () => {
    try {
      await save.mutateAsync({
        id: coupon?.id ?? null,
        body: {
          code: form.code,
          type: form.type,
          value: numberOrNull(form.value) ?? Number.NaN,
          min_subtotal: numberOrNull(form.min_subtotal) ?? 0,
          starts_on: form.starts_on || null,
          ends_on: form.ends_on || null,
          max_uses: numberOrNull(form.max_uses),
          max_uses_per_customer: numberOrNull(form.max_uses_per_customer),
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
    <Modal open onClose={onClose} title={coupon ? t('coupons.edit', { code: coupon.code }) : t('coupons.new')} closeLabel={t('admin:actions.close')}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <Field label={t('coupons.fields.code')} required dir="ltr" hint={t('coupons.fields.codeHint')} value={form.code} onChange={set('code')} error={errors.code} />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{t('coupons.fields.type')}</legend>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="coupon-type" className="text-sm font-medium text-ink">
              {t('coupons.fields.type')}
            </label>
            <select
              id="coupon-type"
              value={form.type}
              onChange={set('type')}
              className="block w-full rounded-xl border border-line bg-surface px-4 py-3 text-base text-ink focus:outline-2 focus:outline-offset-1 focus:outline-primary"
            >
              <option value="percent">{t('coupons.fields.percent')}</option>
              <option value="fixed">{t('coupons.fields.fixed')}</option>
            </select>
          </div>
          <Field label={t('coupons.fields.value')} required inputMode="decimal" dir="ltr" value={form.value} onChange={set('value')} error={errors.value} />
          <Field label={t('coupons.fields.minSubtotal')} inputMode="decimal" dir="ltr" value={form.min_subtotal} onChange={set('min_subtotal')} error={errors.min_subtotal} />
          <div />
          <Field label={t('coupons.fields.startsOn')} type="date" value={form.starts_on} onChange={set('starts_on')} error={errors.starts_on} />
          <Field label={t('coupons.fields.endsOn')} type="date" value={form.ends_on} onChange={set('ends_on')} error={errors.ends_on} />
          <Field label={t('coupons.fields.maxUses')} inputMode="numeric" dir="ltr" hint={t('coupons.fields.limitHint')} value={form.max_uses} onChange={set('max_uses')} error={errors.max_uses} />
          <Field
            label={t('coupons.fields.maxUsesPerCustomer')}
            inputMode="numeric"
            dir="ltr"
            hint={t('coupons.fields.limitHint')}
            value={form.max_uses_per_customer}
            onChange={set('max_uses_per_customer')}
            error={errors.max_uses_per_customer}
          />
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" checked={form.is_active} onChange={toggle('is_active')} className="size-5 accent-primary" />
          {t('coupons.fields.active')}
        </label>
        <ModalFormActions onCancel={onClose} pending={save.isPending} />
      </form>
    </Modal>
  );
}
