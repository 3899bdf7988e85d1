/** Drivers' rounds: staff's board of a day and its writes, the driver's own round and what happened at each stop. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderPayments } from '@shared/schemas/payments';
import type { ReorderStops, Round, RoundsBoard, RoundStop } from '@shared/schemas/rounds';
import { api } from '@web/lib/api';
import { ordersKey } from '../orders/api';

const roundsKey = ['admin', 'rounds'] as const;
const roundKey = ['admin', 'round'] as const;

/** Staff: the drivers and every order due on `day` (undefined: today) with its driver and stop. */
export function useRoundsBoard(day: string | undefined) {
  return useQuery({
    queryKey: [...roundsKey, day ?? 'today'],
    queryFn: ({ signal }) => api.get<RoundsBoard>('/admin/rounds', { signal, query: day ? { day } : {} }),
    placeholderData: keepPreviousData,
  });
}

/** Staff: gives orders to a driver (null: to nobody), one or several at once. */
export function useAssignDriver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderIds, driverId }: { orderIds: number[]; driverId: number | null }) =>
      orderIds.length === 1
        ? api.put<{ message: string }>(`/admin/orders/${orderIds[0]}/driver`, { driver_id: driverId })
        : api.put<{ message: string }>('/admin/orders/driver', { order_ids: orderIds, driver_id: driverId }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: roundsKey });
      void client.invalidateQueries({ queryKey: ordersKey });
    },
  });
}

/** Staff: the order of one driver's stops of a day. */
export function useReorderStops() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReorderStops) => api.put<{ message: string }>('/admin/rounds/stops', body),
    onSettled: () => void client.invalidateQueries({ queryKey: roundsKey }),
  });
}

/** The driver: its own stops of `day` (undefined: today). */
export function useMyRound(day: string | undefined) {
  return useQuery({
    queryKey: [...roundKey, day ?? 'today'],
    queryFn: ({ signal }) => api.get<Round>('/admin/round', { signal, query: day ? { day } : {} }),
    placeholderData: keepPreviousData,
  });
}

function useStopWrite<V, T>(write: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: roundKey });
      void client.invalidateQueries({ queryKey: roundsKey });
    },
  });
}

/** The driver: delivered, with an optional photo (multipart). */
export function useMarkDelivered() {
  return useStopWrite(({ orderId, photo }: { orderId: number; photo: File | null }) => {
    const form = new FormData();
    if (photo) form.append('photo', photo);
    return api.post<{ message: string; stop: RoundStop }>(`/admin/round/stops/${orderId}/delivered`, form);
  });
}

/** The driver: cash collected at the door. */
export function useCollectCash() {
  return useStopWrite(({ orderId, amount }: { orderId: number; amount: number }) =>
    api.post<OrderPayments>(`/admin/round/stops/${orderId}/cash`, { amount }),
  );
}

/** The driver: could not deliver, with the reason. */
export function useMarkNotDelivered() {
  return useStopWrite(({ orderId, reason }: { orderId: number; reason: string }) =>
    api.post<{ message: string; stop: RoundStop }>(`/admin/round/stops/${orderId}/not-delivered`, { reason }),
  );
}
