/** Who receives the flowers (when not the buyer), and the message for the card. `staff`: worded for the person entering the order. */
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, TextAreaField } from '@web/components/ui/form-fields';
import type { CheckoutDetailsValues } from '@web/lib/order-form/form';
import { useErrorText } from '@web/lib/forms';
import { CheckBox } from '@web/lib/order-form/FormSection';

export function RecipientFields({ staff = false }: { staff?: boolean }) {
  const { t } = useTranslation('orders');
  const { register, formState, watch } = useFormContext<CheckoutDetailsValues>();
  const err = useErrorText(formState.errors);
  return (
    <>
      <CheckBox label={t(staff ? 'checkout.staff.recipientToggle' : 'checkout.recipientToggle')} {...register('recipient_enabled')} />
      {watch('recipient_enabled') && (
        <>
          <Field label={t('checkout.recipientName')} required error={err('recipient.name')} {...register('recipient.name')} />
          <Field label={t('checkout.recipientPhone')} type="tel" error={err('recipient.phone')} {...register('recipient.phone')} />
          <CheckBox label={t(staff ? 'checkout.staff.anonymous' : 'checkout.anonymous')} {...register('recipient.anonymous')} />
        </>
      )}
      <TextAreaField
        className="sm:col-span-2"
        label={t('checkout.giftMessage')}
        hint={t('checkout.giftHint')}
        maxLength={500}
        error={err('gift_message')}
        {...register('gift_message')}
      />
    </>
  );
}
