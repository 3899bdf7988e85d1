/**
 * How the flowers reach the buyer (delivered, or collected at the shop: no address, no fee) and the
 * time slot of the day (GET /api/delivery/slots for the chosen date, or the expected one, and the
 * zone; a pick-up sees every slot). The first available slot is chosen for the buyer when none is (or
 * the chosen one is no longer available); slots not available show why and cannot be chosen.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DELIVERY_METHODS } from '@shared/delivery-slots';
import type { DeliverySlot } from '@shared/schemas/delivery-slots';
import { describedBy, FieldLabel, FieldNotes, inputClasses } from '@web/components/ui/form-fields';
import { api } from '@web/lib/api';
import { useClosedDates } from '@web/lib/delivery';
import type { CheckoutDetailsValues } from '@web/lib/order-form/form';
import { useErrorText } from '@web/lib/forms';

export function DeliveryMethodField() {
  const { t } = useTranslation('delivery-slots');
  const { register } = useFormContext<CheckoutDetailsValues>();
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-2 text-sm font-medium text-ink">{t('method')}</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        {DELIVERY_METHODS.map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="radio" value={value} className="size-5 accent-primary" {...register('delivery_method')} />
            {t(`method_${value}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function DeliverySlotField({ zoneId }: { zoneId: number | null }) {
  const { t, i18n } = useTranslation('delivery-slots');
  const id = useId();
  const closed = useClosedDates();
  const { register, formState, watch, setValue, getValues } = useFormContext<CheckoutDetailsValues>();
  const err = useErrorText(formState.errors);
  const method = watch('delivery_method');
  const day = watch('delivery_date') || closed.data?.expected_without_date || '';
  const city = method === 'pickup' ? null : zoneId;
  const slots = useQuery({
    queryKey: ['delivery', 'slots', day, city, i18n.language],
    queryFn: ({ signal }) => api.get<DeliverySlot[]>(`/delivery/slots?date=${day}${city ? `&city=${city}` : ''}`, { signal }),
    enabled: Boolean(day),
  });
  const list = slots.data ?? [];
  useEffect(() => {
    if (!slots.data) return;
    const current = getValues('delivery_slot');
    if (slots.data.some((s) => s.key === current && s.available)) return;
    setValue('delivery_slot', slots.data.find((s) => s.available)?.key ?? '');
  }, [slots.data, getValues, setValue]);
  // Not read yet, or the shop defines no slot (or none in this zone): nothing to choose.
  if (list.length === 0) return null;
  const error = err('delivery_slot');
  const hint = method === 'pickup' ? t('pickupHint') : undefined;
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <FieldLabel htmlFor={id} required>
        {t('slot')}
      </FieldLabel>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        aria-required
        className={`${inputClasses} ${error ? 'border-danger' : 'border-line'}`}
        {...register('delivery_slot')}
      >
        {list.map((s) => (
          <option key={s.key} value={s.key} disabled={!s.available}>
            {s.available ? s.label : t('unavailable', { label: s.label, reason: t(`reason_${s.reason ?? 'full'}`) })}
          </option>
        ))}
      </select>
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}
