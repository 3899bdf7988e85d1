/** What the server will charge for a custom bouquet: the subtotal and the zone's fee (free from its threshold). */
import type { DeliveryZone } from '@shared/schemas/delivery';
import { subtotalOf, type CustomLine } from './selection';

export type CustomTotals = { subtotal: number; shipping: number; total: number; free: boolean };

export function customTotals(lines: CustomLine[], zone: DeliveryZone | null | undefined): CustomTotals {
  const subtotalCents = Math.round(subtotalOf(lines) * 100);
  let shippingCents = 0;
  let free = false;
  if (zone) {
    free = zone.free_threshold != null && subtotalCents >= Math.round(zone.free_threshold * 100);
    shippingCents = free ? 0 : Math.round(zone.fee * 100);
  }
  return { subtotal: subtotalCents / 100, shipping: shippingCents / 100, total: (subtotalCents + shippingCents) / 100, free };
}
