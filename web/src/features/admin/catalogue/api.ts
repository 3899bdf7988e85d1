/**
 * The catalogue screens' queries and writes. Every key starts with CATALOGUE_KEY; a write refreshes
 * the catalogue lists and marks the storefront's cached answers stale, so the shop shows the change
 * the next time it is opened in this tab.
 */
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AdminCategory,
  AdminCategoryRow,
  AdminColor,
  AdminProduct,
  AdminProductPage,
  AdminSubcategory,
  AdminSubcategoryRow,
  ReorderItem,
} from '@shared/schemas/catalogue-admin';
import type { PageMeta } from '@shared/schemas/common';
import { api, buildUrl, toApiError, ApiError } from '@web/lib/api';
import { currentLanguage } from '@web/lib/i18n';
import { ADMIN_KEY } from '../api';

export const CATALOGUE_KEY = [...ADMIN_KEY, 'catalogue'] as const;
type Page<T> = { data: T[]; meta: PageMeta };

export function useAdminProducts(query: Record<string, string | number>) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'products', query],
    queryFn: ({ signal }) => api.get<AdminProductPage>('/admin/products', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminProduct(id: number | null) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'product', id],
    queryFn: ({ signal }) => api.get<AdminProduct>(`/admin/products/edit/${id}`, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function useReorderList() {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'reorder'],
    queryFn: ({ signal }) => api.get<{ data: ReorderItem[] }>('/admin/products/reorder', { signal }),
  });
}

/**
 * Every category with its subcategories (active or not), for the forms' selects: read from the
 * admin list (never cached by the browser) rather than the shop's list, which browsers keep 60 s.
 */
export function useCategoryOptions() {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'category-options'],
    queryFn: async ({ signal }) => (await api.get<Page<AdminCategoryRow>>('/admin/categories', { query: { per_page: 100 }, signal })).data,
  });
}

export function useAdminCategories(query: Record<string, string | number>) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'categories', query],
    queryFn: ({ signal }) => api.get<Page<AdminCategoryRow>>('/admin/categories', { query, signal }),
    placeholderData: keepPreviousData,
    // The list is refreshed when the page becomes visible again.
    refetchOnWindowFocus: true,
  });
}

export function useAdminCategory(id: number | null) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'category', id],
    queryFn: ({ signal }) => api.get<AdminCategory>(`/admin/categories/edit/${id}`, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function useAdminSubcategories(query: Record<string, string | number>) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'subcategories', query],
    queryFn: ({ signal }) => api.get<Page<AdminSubcategoryRow>>('/admin/subcategories', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminSubcategory(id: number | null) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'subcategory', id],
    queryFn: ({ signal }) => api.get<AdminSubcategory>(`/admin/subcategories/edit/${id}`, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function useAdminColors() {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'colors'],
    queryFn: ({ signal }) => api.get<{ data: AdminColor[] }>('/admin/colors', { signal }),
  });
}

/** After a catalogue write: the admin lists reload, the shop's cached answers go stale. */
export function refreshCatalogue(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== ADMIN_KEY[0] || q.queryKey[1] === CATALOGUE_KEY[1] });
}

export function useRefreshCatalogue() {
  const client = useQueryClient();
  return () => refreshCatalogue(client);
}

/**
 * Sends a multipart form with upload progress (fetch cannot report it): same origin, the session
 * cookie, the admin's language; failures become the ApiError every other call throws.
 */
export function sendForm<T>(method: 'POST' | 'PUT', path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // not JSON: keep the text
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(toApiError(xhr.status, body, xhr.statusText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    xhr.ontimeout = () => reject(new ApiError(408, 'Request timed out'));
    xhr.send(form);
  });
}
