/**
 * How a staff order is paid: cash on delivery, cash at the counter, the card terminal, a bank transfer
 * (these three are received as the order is saved: it is born paid, with the slip's or the transfer's
 * reference when given), or a payment link (the order waits for the customer's payment).
 */
import { useTranslation } from 'react-i18next';
import { STAFF_ORDER_PAYMENT_METHODS } from '@shared/constants';
import { Field } from '@web/components/ui/form-fields';
import type { useShopForm } from '@web/lib/forms';
import { FormSection } from '@web/lib/order-form/FormSection';
import { REFERENCED, type NewOrderValues } from './new-order-form';

type NewOrderForm = ReturnType<typeof useShopForm<import('zod').ZodType<NewOrderValues, NewOrderValues>>>;

export function StaffPaymentSection({ form }: { form: NewOrderForm }) {
  const { t } = useTranslation(['admin-money', 'admin-sales']);
  const method = form.watch('staff_payment_method');
  return (
    <FormSection title={t('staffOrder.title')}>
      <fieldset className="min-w-0 sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-ink">{t('staffOrder.method')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {STAFF_ORDER_PAYMENT_METHODS.map((m) => (
            <label
              key={m}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
            >
              <input type="radio" value={m} className="size-5 accent-primary" {...form.register('staff_payment_method')} />
              {t(`admin-sales:paymentMethods.${m}`)}
            </label>
          ))}
        </div>
        <p className="mt-2 text-xs text-muted" data-testid="staff-payment-hint">
          {t(`staffOrder.hint.${method}`)}
        </p>
      </fieldset>
      {REFERENCED.has(method) && (
        <Field
          className="sm:col-span-2"
          label={t('staffOrder.reference')}
          dir="auto"
          maxLength={200}
          {...form.field('payment_reference')}
        />
      )}
    </FormSection>
  );
}
