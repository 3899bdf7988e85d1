/** Data hooks of the custom bouquet builder. */
import type { CardPaymentFormBody } from '@shared/schemas/card-payments';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlacedOrder } from '@shared/schemas/checkout';
import type { ContactRequestBody, CustomBouquetBody, CustomQuote, CustomQuoteBody, SingleStemPage } from '@shared/schemas/custom-bouquet';
import { PAGE_SIZES } from '@shared/constants';
import { api } from '@web/lib/api';
import { currentLanguage } from '@web/lib/i18n';
import { clearSelection } from './selection';

export const customKeys = {
  stems: (page: number, language: string) => ['custom-bouquet', 'single-stems', page, language] as const,
  quote: (body: CustomQuoteBody, language: string) => ['custom-bouquet', 'quote', language, body] as const,
};

export const singleStemsQueryOptions = (page: number, language: string = currentLanguage()) =>
  queryOptions({
    queryKey: customKeys.stems(page, language),
    queryFn: ({ signal }) =>
      api.get<SingleStemPage>('/custom-bouquet/single-stems', { signal, query: { page, per_page: PAGE_SIZES.singleStems } }),
    staleTime: 30_000,
  });

export const useSingleStems = (page: number, language: string) =>
  useQuery({ ...singleStemsQueryOptions(page, language), placeholderData: keepPreviousData });

/**
 * The server's price for the selection and zone (POST /custom-bouquet/quote, no login): the same pricing
 * as the order, so the checkout summary shows what will be charged. Refetched whenever the lines or the
 * zone change (they are in the key); the previous quote stays on screen while the next one loads.
 */
export const customQuoteQueryOptions = (body: CustomQuoteBody, language: string = currentLanguage()) =>
  queryOptions({
    queryKey: customKeys.quote(body, language),
    queryFn: ({ signal }) => api.post<CustomQuote>('/custom-bouquet/quote', body, { signal }),
    staleTime: 0,
  });

export const useCustomQuote = (body: CustomQuoteBody, language: string) =>
  useQuery({ ...customQuoteQueryOptions(body, language), enabled: body.flowers.length > 0, placeholderData: keepPreviousData });

export const useContactRequest = () =>
  useMutation({ mutationFn: (body: ContactRequestBody) => api.post<{ message: string }>('/custom-bouquet/contact', body) });

export type CustomOrderAnswer = { message: string; order: PlacedOrder; payment?: CardPaymentFormBody };

/** POST /custom-bouquet/create with the attempt's idempotency key (the same key when retrying). */
export function useCreateCustomOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CustomBouquetBody; idempotencyKey: string }) =>
      api.post<CustomOrderAnswer>('/custom-bouquet/create', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => {
      clearSelection();
      void qc.invalidateQueries({ queryKey: ['custom-bouquet'] });
      void qc.invalidateQueries({ queryKey: ['profile', 'orders'] });
    },
  });
}
