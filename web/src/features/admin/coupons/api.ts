/** Back office coupons: list, detail with orders, create, edit, switch on/off. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageMeta } from '@shared/schemas/common';
import type { AdminCoupon, AdminCouponDetail, CouponInput } from '@shared/schemas/coupons';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../api';

const couponsKey = [...ADMIN_KEY, 'coupons'] as const;

export function useCoupons(params: { page: number; search: string }) {
  return useQuery({
    queryKey: [...couponsKey, params],
    queryFn: ({ signal }) =>
      api.get<{ data: AdminCoupon[]; meta: PageMeta }>('/admin/coupons', {
        signal,
        query: { page: params.page, search: params.search || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCouponDetail(id: number | null) {
  return useQuery({
    queryKey: [...couponsKey, 'detail', id],
    queryFn: ({ signal }) => api.get<AdminCouponDetail>(`/admin/coupons/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CouponInput }) =>
      id === null
        ? api.post<{ coupon: AdminCoupon }>('/admin/coupons', body)
        : api.put<{ coupon: AdminCoupon }>(`/admin/coupons/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: couponsKey }),
  });
}

export function useSwitchCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.patch<{ coupon: AdminCoupon }>(`/admin/coupons/${id}/active`, { is_active: active }),
    onSettled: () => client.invalidateQueries({ queryKey: couponsKey }),
  });
}
