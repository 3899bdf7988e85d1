/**
 * A pick-up pays no delivery fee: the totals a summary shows for it are the priced ones less the fee,
 * the same sum `toOrderDetails` sends and the server charges (one formula, so screen and body agree).
 */
import { fromCents, toCents } from '@shared/money';

export function withoutDeliveryFee<T extends { shipping: number; total: number }>(totals: T): T {
  return { ...totals, shipping: 0, total: fromCents(toCents(totals.total) - toCents(totals.shipping)) };
}

/** The totals to show for the method chosen: unchanged for a delivery, without the fee for a pick-up. */
export function totalsFor<T extends { shipping: number; total: number }>(method: string | undefined, totals: T): T {
  return method === 'pickup' ? withoutDeliveryFee(totals) : totals;
}
