/** The shop's contact details, from `GET /api/shop-info`; every field may be missing. */
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

export type ShopInfo = {
  phone?: string | null;
  whatsapp?: string | null;
  email?: string | null;
  instagram?: string | null;
  facebook?: string | null;
};

export const shopInfoQuery = () =>
  queryOptions({
    queryKey: ['shop-info'] as const,
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

export const DEFAULT_SOCIAL = {
  instagram: 'https://www.instagram.com/',
  facebook: 'https://www.facebook.com/',
} as const;
