/**
 * The front desk's reads: an order's ready-made customer messages, what a repeated order starts from,
 * and a returning customer found by phone. Reads only: nothing here writes.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerMessages } from '@shared/schemas/customer-messages';
import type { PhoneLookup } from '@shared/schemas/people';
import type { RepeatOrder } from '@shared/schemas/staff-orders';
import { api } from '@web/lib/api';
import { ordersKey } from './api';

/** An order's messages move with the order (its date, its status): under the orders key, so every order write refreshes them. */
export function useCustomerMessages(orderId: number, opts: { enabled?: boolean; paymentUrl?: string } = {}) {
  return useQuery({
    queryKey: [...ordersKey, 'messages', orderId, opts.paymentUrl ?? null],
    queryFn: ({ signal }) =>
      api.get<CustomerMessages>(`/admin/orders/${orderId}/messages`, {
        signal,
        query: opts.paymentUrl ? { payment_url: opts.paymentUrl } : {},
      }),
    enabled: (opts.enabled ?? true) && orderId > 0,
  });
}

export function useRepeatOrder(orderId: number | null) {
  return useQuery({
    queryKey: [...ordersKey, 'repeat', orderId],
    queryFn: ({ signal }) => api.get<RepeatOrder>(`/admin/orders/${orderId}/repeat`, { signal }),
    enabled: orderId !== null && orderId > 0,
    retry: false,
    // A prefill is read once: a refetch would not change a form already being edited.
    staleTime: Infinity,
  });
}

/** Under 8 digits a number is still being typed: no lookup (the server would find no one either). */
export const LOOKUP_MIN_DIGITS = 8;

export function usePhoneLookup(phone: string) {
  const digits = phone.replace(/\D/g, '').length;
  return useQuery({
    queryKey: [...ordersKey, 'by-phone', phone],
    queryFn: ({ signal }) => api.get<PhoneLookup>('/admin/people/by-phone', { signal, query: { phone } }),
    enabled: digits >= LOOKUP_MIN_DIGITS,
    placeholderData: keepPreviousData,
  });
}
