/** Back office shop settings: the contact details and social links customers see, read and replaced. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrencyRates } from '@shared/currency';
import type { ContactSettings, CurrencyRatesForm, LegalIdentity } from '@shared/schemas/shop';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../api';

const settingsKey = [...ADMIN_KEY, 'settings'] as const;

export function useShopSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => api.get<ContactSettings>('/admin/settings', { signal }) });
}

/** A PUT replaces every setting; the answer's settings become the form's, the storefront's copy (every language) goes stale. */
export function useSaveShopSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactSettings) => api.put<{ message: string; settings: ContactSettings }>('/admin/settings', body),
    onSuccess: (answer) => {
      client.setQueryData(settingsKey, answer.settings);
      return client.invalidateQueries({ queryKey: ['shop-info'] });
    },
  });
}

const legalKey = [...settingsKey, 'legal'] as const;

export function useLegalIdentity() {
  return useQuery({ queryKey: legalKey, queryFn: ({ signal }) => api.get<LegalIdentity>('/admin/settings/legal', { signal }) });
}

/** The legal identity printed on receipts and invoices, replaced whole. */
export function useSaveLegalIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalIdentity) => api.put<{ message: string; legal: LegalIdentity }>('/admin/settings/legal', body),
    onSuccess: (answer) => client.setQueryData(legalKey, answer.legal),
  });
}

const ratesKey = [...ADMIN_KEY, 'settings', 'currency-rates'] as const;

export function useCurrencyRates() {
  return useQuery({ queryKey: ratesKey, queryFn: ({ signal }) => api.get<CurrencyRates>('/admin/settings/currency-rates', { signal }) });
}

/** Sets the rates of approximate prices abroad; the storefront's copy (in the shop's details) goes stale. */
export function useSaveCurrencyRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CurrencyRatesForm) => api.put<{ message: string; rates: CurrencyRates }>('/admin/settings/currency-rates', body),
    onSuccess: (answer) => {
      client.setQueryData(ratesKey, answer.rates);
      return client.invalidateQueries({ queryKey: ['shop-info'] });
    },
  });
}
