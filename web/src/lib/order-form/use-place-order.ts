/**
 * The one way an order form places its order (the cart's checkout, the custom bouquet's, the back
 * office's phone order): the idempotency key of the basket, and the submit ladder every entry point
 * answers the same way. It gives `useShopForm` its `save` and `failed`:
 *  - placed: the key is spent (the next order gets a new one) and `placed` holds the answer;
 *  - 409: the server's fresh totals, handed to `onConflict` to show; nothing was written;
 *  - 422: the kit puts each field's message under its field, the rest above the form;
 *  - 401: `onUnauthorized` (sign in again);
 *  - unreachable, timed out or failing server: a message, and the SAME key for the retry, since the
 *    request may have placed the order (the server then answers with that order, not a second one).
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type ApiError } from '@web/lib/api';
import type { ServerErrors } from '@web/lib/forms';
import { useIdempotencyKey } from './idempotency';

export type PlacedAnswer = { message?: string; order: { id: number } };

type Options<V, A extends PlacedAnswer> = {
  /** What the order is made of: the key lasts as long as it does not change. */
  basket: unknown;
  send: (values: V, idempotencyKey: string) => Promise<A>;
  /** A 409: show the fresh totals (the values are those just sent, for a confirmed resend). */
  onConflict?: (error: ApiError, values: V) => void;
  onUnauthorized?: () => void;
  onPlaced?: (answer: A) => void;
};

export function usePlaceOrder<V, A extends PlacedAnswer = PlacedAnswer>({
  basket,
  send,
  onConflict,
  onUnauthorized,
  onPlaced,
}: Options<V, A>) {
  const { t } = useTranslation('orders');
  const key = useIdempotencyKey(basket);
  const [placed, setPlaced] = useState<A | null>(null);
  const sent = useRef<V | null>(null);

  const save = async (values: V) => {
    sent.current = values;
    const answer = await send(values, key.current());
    key.placed();
    setPlaced(answer);
    onPlaced?.(answer);
  };

  /** The message above the form for a refusal, or undefined for the kit's own (422, network, 4xx). */
  const failed = (error: unknown, onForm: ServerErrors): string | null | undefined => {
    if (!isApiError(error)) return error instanceof Error && error.message ? error.message : undefined;
    if (error.status === 409 && onConflict && sent.current) {
      onConflict(error, sent.current);
      return t('placed.conflict');
    }
    if (error.status === 401 && onUnauthorized) {
      onUnauthorized();
      return t('placed.signIn');
    }
    if (error.status === 422 && onForm.onFields && onForm.elsewhere.length === 0) return t('checkout.fixErrors');
    if (error.isNetworkError || error.isTimeout || error.status >= 500) return t('placed.retry');
    return undefined;
  };

  return { placed, save, failed, idempotencyKey: key };
}
