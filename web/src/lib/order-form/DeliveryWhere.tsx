/**
 * Where the flowers go: delivered (the address, whose city is the zone picker the page gives) or
 * picked up at the shop (no address asked). The same for the three order pages.
 */
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { DeliveryAddressFields } from './AddressFields';
import { DeliveryMethodField } from './DeliverySlotFields';
import type { CheckoutDetailsValues } from './form';

export function DeliveryWhere({ city }: { city: ReactNode }) {
  const { watch } = useFormContext<CheckoutDetailsValues>();
  return (
    <>
      <DeliveryMethodField />
      {watch('delivery_method') !== 'pickup' && <DeliveryAddressFields city={city} />}
    </>
  );
}
