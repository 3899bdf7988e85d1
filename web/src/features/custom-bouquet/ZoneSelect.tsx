import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/components/ui';
import { describedBy, FieldLabel, FieldNotes } from '@web/components/ui/form-fields';
import { useZoneFee } from '@web/components/cart/DeliveryCity';
import { useDeliveryZones } from '@web/lib/delivery';
import { useErrorText } from '@web/lib/forms';
import type { CustomCheckoutValues } from './custom-checkout-form';

const selectClasses =
  'block w-full rounded-xl border bg-surface px-4 py-3 text-base text-ink focus:outline-2 focus:outline-offset-1 focus:outline-primary';

/** The delivery city of the custom bouquet (its fee beside each; the free-delivery threshold under the chosen one). */
export function ZoneSelect() {
  const { t } = useTranslation('custom-bouquet');
  const zones = useDeliveryZones();
  const zoneFee = useZoneFee();
  const { register, formState, watch } = useFormContext<CustomCheckoutValues>();
  const err = useErrorText(formState.errors);
  const id = useId();
  const zone = zones.data?.find((z) => String(z.id) === watch('delivery_zone_id')) ?? null;
  const error = err('delivery_zone_id');
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel htmlFor={id} required>
        {t('checkout.deliveryCity')}
      </FieldLabel>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, undefined)}
        aria-required
        className={cn(selectClasses, error ? 'border-danger' : 'border-line')}
        {...register('delivery_zone_id')}
      >
        <option value="">{t('checkout.selectCity')}</option>
        {(zones.data ?? []).map((z) => (
          <option key={z.id} value={z.id}>
            {`${z.name} — ${zoneFee(z)}`}
          </option>
        ))}
      </select>
      <FieldNotes id={id} error={error} />
      {zone?.free_threshold != null && (
        <p className="text-xs text-muted">{t('checkout.freeFrom', { amount: zone.free_threshold.toFixed(2) })}</p>
      )}
    </div>
  );
}
