/**
 * The shop's contact details, from `GET /api/shop-info` (edited in the back office, /admin/settings).
 * A null or missing field is hidden.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ShopInfo as ShopInfoAnswer } from '@shared/schemas/shop';
import { api } from './api';
import { currentLanguage } from './i18n';

export type ShopInfo = Partial<ShopInfoAnswer>;

export const shopInfoQuery = () =>
  queryOptions({
    // Per language: the address and opening hours come in the reader's language.
    queryKey: ['shop-info', currentLanguage()] as const,
    queryFn: ({ signal }) => api.get<ShopInfo>('/shop-info', { signal }),
    staleTime: 60 * 60 * 1000,
  });

/** `https://wa.me/212600000000` from any way of writing the number. */
export function whatsappUrl(number: string): string {
  return `https://wa.me/${number.replace(/[^\d]/g, '')}`;
}

export function telUrl(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}
