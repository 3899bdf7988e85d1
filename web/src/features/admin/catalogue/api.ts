/**
 * The catalogue screens' queries and writes. Every key starts with CATALOGUE_KEY; every write is a
 * mutation here that refreshes the catalogue lists and marks the storefront's cached answers stale
 * before it resolves, so the screen that awaited it shows the change and the shop shows it the next
 * time it is opened in this tab.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
import { LOW_STOCK_KEY } from '../low-stock/api';

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

/** After a catalogue write: the admin lists (low stock included) reload, the shop's cached answers go stale. */
function refreshCatalogue(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: (q) => q.queryKey[0] !== ADMIN_KEY[0] || q.queryKey[1] === CATALOGUE_KEY[1] || q.queryKey[1] === LOW_STOCK_KEY[1],
  });
}

/** A catalogue write: `send` once, then the lists and the shop's answers refreshed before it resolves. */
export function useCatalogueWrite<V, T>(send: (variables: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => refreshCatalogue(client) });
}

type Message = { message: string };
/** A form's fields as the request sends them (texts as typed, flags as '1'/'0'). */
type Fields = Record<string, unknown>;

/** A product's form (multipart, its pictures included), created (`id` null) or replaced, with upload progress. */
export function useSaveProduct() {
  return useCatalogueWrite(({ id, body, onProgress }: { id: number | null; body: FormData; onProgress?: (fraction: number) => void }) =>
    sendForm<{ id: number } & Message>(
      'POST',
      id === null ? '/admin/products/new' : `/admin/products/edit/${id}?_method=PUT`,
      body,
      onProgress,
    ),
  );
}

/** Deletes a product, or archives it when it is in orders (the answer says which). */
export function useDeleteProduct() {
  return useCatalogueWrite((id: number) => api.delete<Message & { archived: boolean }>(`/admin/products/${id}`));
}

export function useRestoreProduct() {
  return useCatalogueWrite((id: number) => api.post<Message>(`/admin/products/${id}/restore`));
}

/** The shop's product order: every product on sale at its new position (1..n). */
export function useSaveProductOrder() {
  return useCatalogueWrite((ids: number[]) =>
    api.post<Message>('/admin/products/reorder', { products: ids.map((id, i) => ({ id, sort_order: i + 1 })) }),
  );
}

/** A category's form (multipart, with its picture), created (`id` null) or replaced. */
export function useSaveCategory() {
  return useCatalogueWrite(({ id, body }: { id: number | null; body: FormData }) =>
    sendForm<Message>(id === null ? 'POST' : 'PUT', id === null ? '/admin/categories/new' : `/admin/categories/edit/${id}`, body),
  );
}

export function useDeleteCategory() {
  return useCatalogueWrite((id: number) => api.delete<Message>(`/admin/categories/${id}`));
}

/** A subcategory, created (`id` null) or replaced; an edit sends the parent and the flag as numbers. */
export function useSaveSubcategory() {
  return useCatalogueWrite(({ id, fields }: { id: number | null; fields: Fields & { category_id: string; is_active: string } }) =>
    id === null
      ? api.post<Message>('/admin/subcategories/new', fields)
      : api.put<Message>(`/admin/subcategories/edit/${id}`, {
          ...fields,
          category_id: Number(fields.category_id),
          is_active: fields.is_active === '1' ? 1 : 0,
        }),
  );
}

export function useDeleteSubcategory() {
  return useCatalogueWrite((id: number) => api.delete<Message>(`/admin/subcategories/${id}`));
}

/** A colour, created (`id` null) or replaced. */
export function useSaveColor() {
  return useCatalogueWrite(({ id, fields }: { id: number | null; fields: Fields }) =>
    id === null ? api.post<Message>('/admin/colors/new', fields) : api.put<Message>(`/admin/colors/${id}`, fields),
  );
}

/** Switches a colour on or off. */
export function useToggleColor() {
  return useCatalogueWrite((id: number) => api.patch<Message>(`/admin/colors/${id}/toggle`));
}

export function useDeleteColor() {
  return useCatalogueWrite((id: number) => api.delete<Message>(`/admin/colors/${id}`));
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
