/** Information pages: the delivery zones table, the closed dates and the contact form. */
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ClosedDates, DeliveryZone } from '@shared/schemas/delivery';
import { contactRequestBodySchema, type ContactRequestBody } from '@shared/schemas/custom-bouquet';
import { api } from '@web/lib/api';

export const infoKeys = {
  deliveryZones: () => ['delivery', 'zones'] as const,
  closedDates: () => ['delivery', 'closed-dates'] as const,
};

export const deliveryZonesQuery = () =>
  queryOptions({
    queryKey: infoKeys.deliveryZones(),
    queryFn: async ({ signal }) => {
      const zones = await api.get<unknown>('/delivery-zones', { signal });
      if (!Array.isArray(zones)) throw new Error('Invalid delivery zones data format');
      return zones as DeliveryZone[];
    },
  });

export const closedDatesQuery = () =>
  queryOptions({
    queryKey: infoKeys.closedDates(),
    queryFn: ({ signal }) => api.get<ClosedDates>('/delivery/closed-dates', { signal }),
  });

export const CONTACT_MESSAGE_MAX = 2000;

/** The contact form: the server's own schema for `POST /api/custom-bouquet/contact` (the kind is ours to set). */
export const contactFormSchema = contactRequestBodySchema.omit({ kind: true });
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;

/** A general enquiry from /contact (the custom bouquet builder sends `kind: 'custom_bouquet'`). */
export function sendContactRequest(values: ContactFormValues) {
  const body: ContactRequestBody = { ...values, kind: 'contact' };
  return api.post<{ message?: string }>('/custom-bouquet/contact', body);
}

export function useContactRequest() {
  return useMutation({ mutationFn: sendContactRequest });
}
