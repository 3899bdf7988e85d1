/** How the customer pays: cash on delivery; card payment shown, disabled, "coming soon". */
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CheckoutDetailsValues } from '@web/lib/order-form/form';
import { useErrorText } from '@web/lib/forms';
import { FormSection } from '@web/lib/order-form/FormSection';

export function PaymentSection() {
  const { t } = useTranslation('orders');
  const { register, formState } = useFormContext<CheckoutDetailsValues>();
  const err = useErrorText(formState.errors);
  return (
    <FormSection title={t('checkout.payment')}>
      <div className="space-y-3 sm:col-span-2" role="radiogroup" aria-label={t('checkout.payment')}>
        <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-primary bg-primary-soft/50 p-4">
          <input type="radio" value="cash_on_delivery" className="mt-0.5 size-5 accent-primary" {...register('payment_method')} />
          <span>
            <span className="block font-medium text-ink">{t('checkout.cod')}</span>
            <span className="block text-sm text-muted">{t('checkout.codHint')}</span>
          </span>
        </label>
        <label className="flex cursor-not-allowed items-start gap-3 rounded-xl border border-line p-4 opacity-70">
          <input type="radio" value="card_payment" disabled className="mt-0.5 size-5" {...register('payment_method')} />
          <span>
            <span className="block font-medium text-ink">{t('checkout.card')}</span>
            <span className="mt-1 inline-block rounded-full bg-sand px-2 py-0.5 text-xs text-muted">{t('checkout.cardSoon')}</span>
          </span>
        </label>
        {err('payment_method') && <p className="text-sm text-danger">{err('payment_method')}</p>}
      </div>
    </FormSection>
  );
}
