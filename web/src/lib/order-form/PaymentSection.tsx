/**
 * How the customer pays: cash on delivery, or the card when the shop takes it (else shown, disabled,
 * "coming soon"). Who pays is said plainly: a gift paid in cash is paid by the recipient at the door,
 * and the card is offered so that the recipient pays nothing.
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@shared/constants';
import { formatMAD } from '@shared/money';
import type { CheckoutDetailsValues } from '@web/lib/order-form/form';
import { useErrorText } from '@web/lib/forms';
import { FormSection } from '@web/lib/order-form/FormSection';
import { useCardOffer } from '@web/lib/card-payment/api';

const choice = 'flex items-start gap-3 rounded-xl border p-4';

export function PaymentSection({ total = null }: { total?: number | null }) {
  const { t, i18n } = useTranslation(['orders', 'payments']);
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const { register, formState, control } = useFormContext<CheckoutDetailsValues>();
  const [method, gift] = useWatch({ control, name: ['payment_method', 'recipient_enabled'] });
  const card = useCardOffer().data?.card_payment === true;
  const err = useErrorText(formState.errors);
  const selected = (value: string) => (method === value ? 'border-primary bg-primary-soft/50' : 'border-line');
  return (
    <FormSection title={t('checkout.payment')}>
      <div className="space-y-3 sm:col-span-2" role="radiogroup" aria-label={t('checkout.payment')}>
        <label className={`${choice} cursor-pointer ${selected('cash_on_delivery')}`}>
          <input type="radio" value="cash_on_delivery" className="mt-0.5 size-5 accent-primary" {...register('payment_method')} />
          <span>
            <span className="block font-medium text-ink">{t('checkout.cod')}</span>
            <span className="block text-sm text-muted">{t('checkout.codHint')}</span>
          </span>
        </label>
        {card ? (
          <label className={`${choice} cursor-pointer ${selected('card_payment')}`}>
            <input type="radio" value="card_payment" className="mt-0.5 size-5 accent-primary" {...register('payment_method')} />
            <span>
              <span className="block font-medium text-ink">{t('checkout.card')}</span>
              <span className="block text-sm text-muted">{t('payments:card.available')}</span>
            </span>
          </label>
        ) : (
          <label className={`${choice} cursor-not-allowed border-line opacity-70`}>
            <input type="radio" value="card_payment" disabled className="mt-0.5 size-5" {...register('payment_method')} />
            <span>
              <span className="block font-medium text-ink">{t('checkout.card')}</span>
              <span className="mt-1 inline-block rounded-full bg-sand px-2 py-0.5 text-xs text-muted">{t('checkout.cardSoon')}</span>
            </span>
          </label>
        )}
        {gift && method === 'cash_on_delivery' && (
          <p className="rounded-xl bg-sand/60 p-3 text-sm text-ink" data-testid="recipient-pays">
            {t('payments:card.recipientPaysCash', { amount: total != null ? formatMAD(total, locale) : '' })}
            {card && <> {t('payments:card.recipientPaysCashOffer')}</>}
          </p>
        )}
        {err('payment_method') && <p className="text-sm text-danger">{err('payment_method')}</p>}
      </div>
    </FormSection>
  );
}
