/** The cart's checkout: POST /checkout with the attempt's idempotency key, and the fresh totals of a 409. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@shared/schemas/cart';
import type { CheckoutAnswer, CheckoutBody } from '@shared/schemas/checkout';
import { ApiError, api } from '@web/lib/api';
import { resetCartAfterOrder } from '@web/lib/cart/api';

export type CheckoutInput = Omit<CheckoutBody, 'substitution'> & { substitution: CheckoutBody['substitution'] };
export type { CheckoutAnswer };

/** POST /checkout with the attempt's idempotency key (reuse the same key when retrying). */
export function useCheckout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CheckoutInput; idempotencyKey: string }) =>
      api.post<CheckoutAnswer>('/checkout', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => {
      resetCartAfterOrder(qc);
      void qc.invalidateQueries({ queryKey: ['profile', 'orders'] }); // the customer's order list
    },
  });
}

/** The fresh totals of a 409 answer, if any. */
export function conflictTotals(error: unknown): Cart['summary'] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { totals?: Cart['summary']; cart?: Cart } | undefined;
  return body?.totals ?? body?.cart?.summary ?? null;
}
