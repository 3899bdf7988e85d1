/** Back office money: an order's payments and refunds, its invoice, and the day's cash. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@shared/schemas/invoices';
import type { CashDay, OrderPayments, RecordPayment, RecordRefund } from '@shared/schemas/payments';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../api';
import { statsKey } from '../dashboard/api';

const moneyKey = [...ADMIN_KEY, 'money'] as const;
const paymentsKey = (orderId: number) => [...moneyKey, 'order', orderId] as const;

export function useOrderPayments(orderId: number) {
  return useQuery({
    queryKey: paymentsKey(orderId),
    queryFn: ({ signal }) => api.get<OrderPayments>(`/admin/orders/${orderId}/payments`, { signal }),
  });
}

/**
 * A payment or a refund changes the order's payment status and version: the order's own screens and
 * the lists showing it are refreshed with it, and the day's cash.
 */
function useMoneyWrite<Body>(orderId: number, path: 'payments' | 'refunds' | 'cash-collected') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api.post<OrderPayments>(`/admin/orders/${orderId}/${path}`, body),
    onSuccess: (answer) => client.setQueryData(paymentsKey(orderId), answer),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: moneyKey }),
        client.invalidateQueries({ queryKey: [...ADMIN_KEY, 'orders'] }),
        client.invalidateQueries({ queryKey: statsKey }),
      ]),
  });
}

export const useRecordPayment = (orderId: number) => useMoneyWrite<RecordPayment>(orderId, 'payments');
export const useRecordRefund = (orderId: number) => useMoneyWrite<RecordRefund>(orderId, 'refunds');
/** "Cash collected": the server records what is still due as cash, by whoever tapped. */
export const useCollectCash = (orderId: number) => useMoneyWrite<Record<string, never>>(orderId, 'cash-collected');

export function useIssueInvoice(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Invoice>(`/admin/orders/${orderId}/invoice`, {}),
    onSuccess: (invoice) => client.setQueryData([...moneyKey, 'invoice', orderId], invoice),
  });
}

export function useCashDay(day: string) {
  return useQuery({
    queryKey: [...moneyKey, 'cash', day],
    queryFn: ({ signal }) => api.get<CashDay>('/admin/cash', { signal, query: { day } }),
  });
}
