/** The workshop's day beyond the sheet: what to make, the bench's mark on an order, the cards to print. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkshopProduction, WorkshopState, WorkshopStateAnswer } from '@shared/schemas/workshop';
import { api, buildUrl } from '@web/lib/api';
import { ordersKey } from './api';

/** The day's production totals (`day` as the sheet's: YYYY-MM-DD or tomorrow; undefined: today). */
export function useWorkshopProduction(day: string | undefined) {
  return useQuery({
    queryKey: [...ordersKey, 'workshop-production', day ?? 'today'],
    queryFn: ({ signal }) => api.get<WorkshopProduction>('/admin/orders/workshop/production', { signal, query: day ? { day } : {} }),
    placeholderData: keepPreviousData,
  });
}

/** Sets the bench's mark on an order (null takes it off); the sheet and the totals' counts follow. */
export function useWorkshopMark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, state }: { id: number; state: WorkshopState | null }) =>
      api.put<WorkshopStateAnswer>(`/admin/orders/${id}/workshop-state`, { state }),
    onSettled: () => void client.invalidateQueries({ queryKey: ordersKey }),
  });
}

/**
 * The cards' PDF addresses: plain links, the session cookie rides along; `lang` names the screen's
 * language (a link's Accept-Language is the browser's) for the words that are not the card's own.
 */
export const dayCardsUrl = (day: string, lang: string) => buildUrl('/admin/orders/cards.pdf', { day, lang });
export const orderCardUrl = (id: number, lang: string) => buildUrl(`/admin/orders/${id}/card.pdf`, { lang });
