/** Card payment as the storefront sees it: whether the card is offered, an order's card state, a new attempt. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CardPaymentFormBody, CardPaymentState, PayLink } from '@shared/schemas/card-payments';
import { api } from '@web/lib/api';

export const cardKeys = {
  offer: ['payments', 'card'] as const,
  state: (orderId: number, token: string) => ['payments', 'order', orderId, token] as const,
  link: (token: string) => ['payments', 'link', token] as const,
};

/** Whether the shop takes cards now (its gateway's settings are set). */
export const useCardOffer = () =>
  useQuery({
    queryKey: cardKeys.offer,
    queryFn: ({ signal }) => api.get<{ card_payment: boolean }>('/payments/card', { signal }),
    staleTime: 60_000,
  });

/** An order's card payment as the server knows it; asked again every few seconds while the bank has not answered. */
export const useCardState = (orderId: number, token: string, enabled = true) =>
  useQuery({
    queryKey: cardKeys.state(orderId, token),
    queryFn: ({ signal }) => api.get<CardPaymentState>(`/payments/orders/${orderId}`, { signal, query: token ? { token } : {} }),
    enabled,
    refetchInterval: (query) => (query.state.data?.state === 'waiting' ? 3_000 : false),
  });

/** A new attempt of an order (a new gateway reference), its form to post. */
export const useRetryCard = (orderId: number, token: string) =>
  useMutation({
    mutationFn: () => api.post<{ payment: CardPaymentFormBody }>(`/payments/orders/${orderId}/attempt`, token ? { token } : {}),
  });

/** "Pay on delivery instead". */
export const usePayOnDelivery = (orderId: number, token: string) =>
  useMutation({
    mutationFn: () => api.post<CardPaymentState>(`/payments/orders/${orderId}/cash`, token ? { token } : {}),
  });

export const usePayLink = (token: string) =>
  useQuery({
    queryKey: cardKeys.link(token),
    queryFn: ({ signal }) => api.get<PayLink>(`/pay/${token}`, { signal }),
    retry: false,
  });

export const usePayThroughLink = (token: string) =>
  useMutation({ mutationFn: () => api.post<{ payment: CardPaymentFormBody }>(`/pay/${token}`, {}) });
