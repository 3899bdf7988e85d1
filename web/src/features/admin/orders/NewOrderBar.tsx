/**
 * The staff order's bottom bar, stuck under the thumb on a phone: the server's quote (subtotal,
 * delivery, total) and the save button, enabled once the quote matches the lines typed.
 */
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Price } from '@web/components/ui/Price';
import { SubmitButton, type useShopForm } from '@web/lib/forms';
import type { useStaffOrderQuote } from './api';
import type { NewOrderValues } from './new-order-form';

type Form = ReturnType<typeof useShopForm<z.ZodType<NewOrderValues, NewOrderValues>>>;

export function NewOrderBar(props: {
  form: Form;
  quote: ReturnType<typeof useStaffOrderQuote>;
  zoneId: number | null;
  /** Collected at the shop: the quote is priced without a zone, no delivery fee. */
  pickup?: boolean;
  canSave: boolean;
}) {
  const { form, quote, zoneId, pickup = false, canSave } = props;
  const { t } = useTranslation(['admin-sales', 'admin-money', 'delivery-slots']);
  const hasLines = form.watch('items').length > 0;
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-surface/95 p-3 backdrop-blur lg:sticky lg:rounded-2xl lg:border">
      <div className="mx-auto flex max-w-2xl flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-40 flex-1 text-sm" aria-live="polite">
          <dl>
            <div className="flex justify-between gap-2">
              <dt className="text-muted">{t('newOrder.subtotal')}</dt>
              <dd>{quote.data ? <Price amount={quote.data.subtotal} /> : '–'}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-muted">{t('newOrder.delivery')}</dt>
              <dd data-testid="new-order-delivery">
                {pickup ? (
                  <span className="text-success">{t('delivery-slots:pickupFree')}</span>
                ) : quote.data && zoneId ? (
                  <Price amount={quote.data.shipping_cost} />
                ) : (
                  '–'
                )}
              </dd>
            </div>
            <div className="flex justify-between gap-2 font-semibold text-ink">
              <dt>{t('newOrder.total')}</dt>
              <dd data-testid="new-order-total">{quote.data && hasLines ? <Price amount={quote.data.total_amount} /> : '–'}</dd>
            </div>
          </dl>
          <p className="text-xs text-muted">{t(`admin-money:staffOrder.hint.${form.watch('staff_payment_method')}`)}</p>
        </div>
        <SubmitButton form={form} disabled={!canSave} busyLabel={t('newOrder.saving')} className="grow sm:grow-0">
          {t('newOrder.save')}
        </SubmitButton>
      </div>
    </div>
  );
}
