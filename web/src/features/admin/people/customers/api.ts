/** Back office customers: the list (search, page) and one customer's page with their orders. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerDetail, CustomerList } from '@shared/schemas/people';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../../api';

const customersKey = [...ADMIN_KEY, 'customers'] as const;

export function useCustomers(params: { page: number; search: string }) {
  return useQuery({
    queryKey: [...customersKey, params],
    queryFn: ({ signal }) => api.get<CustomerList>('/admin/customers', { signal, query: { page: params.page, search: params.search || undefined } }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: number, page: number) {
  return useQuery({
    queryKey: [...customersKey, id, page],
    queryFn: ({ signal }) => api.get<CustomerDetail>(`/admin/customers/${id}`, { signal, query: { page } }),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });
}
