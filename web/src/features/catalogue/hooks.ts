/** Catalogue hooks used by the (lazy) pages: the testimonial mutation and the catalogue-changed refresh. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TestimonialInput } from '@shared/schemas/testimonials';
import { api } from '@web/lib/api';
import { CATALOGUE_CHANGED_EVENT, catalogueKeys, testimonialKeys } from './api';

export function useSubmitTestimonial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TestimonialInput) => api.post<{ message: string }>('/testimonials', input),
    onSuccess: () => client.invalidateQueries({ queryKey: testimonialKeys.all }),
  });
}

/**
 * Refreshes every catalogue list when the back office says the catalogue changed. (Tab visibility
 * is handled by TanStack's refetchOnWindowFocus, which only refetches stale data.)
 */
export function useCatalogueChangedRefresh(): void {
  const client = useQueryClient();
  useEffect(() => {
    const onChange = () => void client.invalidateQueries({ queryKey: catalogueKeys.all });
    window.addEventListener(CATALOGUE_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(CATALOGUE_CHANGED_EVENT, onChange);
  }, [client]);
}
