/** The delivery zones and the closed days, as the storefront's pages read them (cart, checkouts, shop pages). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClosedDates, DeliveryZone } from '@shared/schemas/delivery';
import { api } from '@web/lib/api';

export const deliveryKeys = {
  zones: ['delivery-zones'] as const,
  closedDates: ['delivery', 'closed-dates'] as const,
};

export const deliveryZonesQueryOptions = () =>
  queryOptions({
    queryKey: deliveryKeys.zones,
    queryFn: async ({ signal }) => {
      const answer = await api.get<DeliveryZone[] | { data: DeliveryZone[] }>('/delivery-zones', { signal });
      return Array.isArray(answer) ? answer : answer.data;
    },
  });

export const useDeliveryZones = () => useQuery(deliveryZonesQueryOptions());

export const closedDatesQueryOptions = () =>
  queryOptions({
    queryKey: deliveryKeys.closedDates,
    queryFn: ({ signal }) => api.get<ClosedDates>('/delivery/closed-dates', { signal }),
  });

export const useClosedDates = () => useQuery(closedDatesQueryOptions());
