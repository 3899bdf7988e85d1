/**
 * The delivery date (optional: tomorrow or later, never a closed date; without one, the expected day
 * is shown) and what to do when a flower is missing.
 */
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SUBSTITUTIONS, toLocale } from '@shared/constants';
import { Field } from '@web/components/ui/form-fields';
import { useClosedDates } from '@web/lib/delivery';
import type { CheckoutDetailsValues } from '@web/lib/order-form/form';
import { dateInText, formatShopDates } from '@web/lib/format';
import { useErrorText } from '@web/lib/forms';

/** `staff`: the hint speaks to the person entering the order, not to the customer. */
export function DeliveryDateField({ staff = false }: { staff?: boolean }) {
  const { t, i18n } = useTranslation('orders');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const closed = useClosedDates();
  const { register, formState, watch } = useFormContext<CheckoutDetailsValues>();
  const err = useErrorText(formState.errors);
  return (
    <Field
      className="sm:col-span-2"
      label={t('checkout.deliveryDate')}
      type="date"
      min={closed.data?.earliest}
      max={closed.data?.latest}
      error={err('delivery_date')}
      hint={
        <>
          {t(staff ? 'checkout.staff.deliveryDateHint' : 'checkout.deliveryDateHint')}
          {closed.data && !watch('delivery_date') && (
            <> {t('checkout.expected', { date: dateInText(locale, closed.data.expected_without_date, 'day') })}</>
          )}
          {closed.data && closed.data.dates.length > 0 && (
            <> {t('checkout.closedDates', { dates: formatShopDates(locale, closed.data.dates.slice(0, 6)) })}</>
          )}
        </>
      }
      {...register('delivery_date')}
    />
  );
}

const SUBSTITUTION_LABELS = { similar: 'checkout.substitutionSimilar', call_first: 'checkout.substitutionCallFirst' } as const;

export function SubstitutionField() {
  const { t } = useTranslation('orders');
  const { register } = useFormContext<CheckoutDetailsValues>();
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-2 text-sm font-medium text-ink">{t('checkout.substitution')}</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        {SUBSTITUTIONS.map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="radio" value={value} className="size-5 accent-primary" {...register('substitution')} />
            {t(SUBSTITUTION_LABELS[value])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
