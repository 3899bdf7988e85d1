/** Back office customers: the list (search, page) and one customer's page with their orders. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerDetail, CustomerList } from '@shared/schemas/people';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../../api';

const customersKey = [...ADMIN_KEY, 'customers'] as const;

export function useCustomers(params: { page: number; search: string }) {
  return useQuery({
    queryKey: [...customersKey, params],
    queryFn: ({ signal }) =>
      api.get<CustomerList>('/admin/customers', { signal, query: { page: params.page, search: params.search || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** An account's page, or a guest buyer's (`guest`: the id is the guest's). */
export function useCustomer(id: number, page: number, guest = false) {
  return useQuery({
    queryKey: [...customersKey, guest ? 'guest' : 'account', id, page],
    queryFn: ({ signal }) =>
      api.get<CustomerDetail>(guest ? `/admin/customers/guests/${id}` : `/admin/customers/${id}`, { signal, query: { page } }),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });
}
