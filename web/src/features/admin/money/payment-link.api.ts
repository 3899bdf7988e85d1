/** The back office's payment link of an order: one write (a new link, optionally mailed). */
import { useMutation } from '@tanstack/react-query';
import type { PaymentLink } from '@shared/schemas/card-payments';
import { api } from '@web/lib/api';

export const usePaymentLink = (orderId: number) =>
  useMutation({
    mutationFn: (sendMail: boolean) => api.post<PaymentLink>(`/admin/orders/${orderId}/payment-link`, { send_mail: sendMail }),
  });
