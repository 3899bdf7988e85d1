/** The six address fields (name, street, city, postal code, country, phone) of a checkout form. */
import { useFormContext, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@web/components/ui/form-fields';
import type { AddressValues, CheckoutDetailsValues } from '@web/lib/order-form/form';
import { useErrorText } from '@web/lib/forms';

type WithAddresses = CheckoutDetailsValues & { shipping_address?: AddressValues };

export function AddressFields({ prefix = 'address' }: { prefix?: 'address' | 'shipping_address' }) {
  const { t } = useTranslation('orders');
  const { register, formState } = useFormContext<WithAddresses>();
  const err = useErrorText(formState.errors);
  // The browser's autofill tells a billing address from a shipping one.
  const ac = prefix === 'address' ? 'billing' : 'shipping';
  const field = (name: keyof AddressValues) => {
    const path = `${prefix}.${name}` as Path<WithAddresses>;
    return { required: true, error: err(path), ...register(path) };
  };
  return (
    <>
      <Field className="sm:col-span-2" label={t('checkout.fullName')} autoComplete={`${ac} name`} {...field('full_name')} />
      <Field className="sm:col-span-2" label={t('checkout.street')} autoComplete={`${ac} street-address`} {...field('street')} />
      <Field label={t('checkout.city')} autoComplete={`${ac} address-level2`} {...field('city')} />
      <Field label={t('checkout.postalCode')} autoComplete={`${ac} postal-code`} {...field('postal_code')} />
      <Field label={t('checkout.country')} autoComplete={`${ac} country-name`} {...field('country')} />
      <Field label={t('checkout.phone')} type="tel" autoComplete={`${ac} tel`} {...field('phone')} />
    </>
  );
}
