/**
 * The addresses of an order form. `DeliveryAddressFields`: where the flowers go, the city being the
 * delivery zone the page's own select chose (passed as `city`, asked once). `BillingAddressFields`:
 * the six fields of a billing address, shown only when the buyer asks for a different one.
 */
import type { ReactNode } from 'react';
import { useFormContext, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@web/components/ui/form-fields';
import { useErrorText } from '@web/lib/forms';
import type { AddressValues, CheckoutDetailsValues } from './form';

type WithBilling = CheckoutDetailsValues & { billing_address?: AddressValues };

function useAddressField() {
  const { register, formState } = useFormContext<WithBilling>();
  const err = useErrorText(formState.errors);
  return (path: Path<WithBilling>) => ({ required: true, error: err(path), ...register(path) });
}

export function DeliveryAddressFields({ city }: { city: ReactNode }) {
  const { t } = useTranslation('orders');
  const field = useAddressField();
  return (
    <>
      <div className="sm:col-span-2">{city}</div>
      <Field className="sm:col-span-2" label={t('checkout.street')} autoComplete="shipping street-address" {...field('address.street')} />
      <Field label={t('checkout.postalCode')} autoComplete="shipping postal-code" {...field('address.postal_code')} />
      <Field label={t('checkout.country')} autoComplete="shipping country-name" {...field('address.country')} />
    </>
  );
}

export function BillingAddressFields() {
  const { t } = useTranslation('orders');
  const field = useAddressField();
  return (
    <>
      <Field className="sm:col-span-2" label={t('checkout.fullName')} autoComplete="billing name" {...field('billing_address.full_name')} />
      <Field
        className="sm:col-span-2"
        label={t('checkout.street')}
        autoComplete="billing street-address"
        {...field('billing_address.street')}
      />
      <Field label={t('checkout.city')} autoComplete="billing address-level2" {...field('billing_address.city')} />
      <Field label={t('checkout.postalCode')} autoComplete="billing postal-code" {...field('billing_address.postal_code')} />
      <Field label={t('checkout.country')} autoComplete="billing country-name" {...field('billing_address.country')} />
      <Field label={t('checkout.phone')} type="tel" autoComplete="billing tel" {...field('billing_address.phone')} />
    </>
  );
}

/** Who orders: name and phone (asked once: the delivery address takes them unless someone else receives), and the e-mail when asked. */
export function ContactFields({
  email,
  labels,
}: {
  email?: 'required' | 'optional';
  labels?: { name: string; phone: string; email: string; emailHint?: string };
}) {
  const { t } = useTranslation('orders');
  const { register, formState } = useFormContext<CheckoutDetailsValues>();
  const err = useErrorText(formState.errors);
  return (
    <>
      <Field
        label={labels?.name ?? t('checkout.name')}
        required
        autoComplete="name"
        error={err('customer.name')}
        {...register('customer.name')}
      />
      <Field
        label={labels?.phone ?? t('checkout.phone')}
        required
        type="tel"
        dir="ltr"
        autoComplete="tel"
        error={err('customer.phone')}
        {...register('customer.phone')}
      />
      {email && (
        <Field
          className="sm:col-span-2"
          label={labels?.email ?? t('checkout.email')}
          required={email === 'required'}
          type="email"
          dir="ltr"
          autoComplete="email"
          hint={labels?.emailHint}
          error={err('customer.email')}
          {...register('customer.email')}
        />
      )}
    </>
  );
}
