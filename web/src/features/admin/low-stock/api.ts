/** Back office low stock: the products at or under the threshold, fewest first, named in the reader's language. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LowStock } from '@shared/schemas/low-stock';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../api';

/** Every low-stock list (one per language); a catalogue write that can change a stock refreshes them. */
export const LOW_STOCK_KEY = [...ADMIN_KEY, 'low-stock'] as const;

export function useLowStock() {
  const { i18n } = useTranslation();
  // Names come in the reader's language: another language is another list.
  return useQuery({
    queryKey: [...LOW_STOCK_KEY, i18n.language],
    queryFn: ({ signal }) => api.get<LowStock>('/admin/low-stock', { signal }),
  });
}
