/**
 * The idempotency key of an order attempt. A request that timed out may still have placed the order:
 * retrying with the SAME key makes the server answer with that order instead of placing a second one.
 * So the key lives as long as the basket it was made for: the same key for every retry of this basket,
 * a new one once the basket changes (another order) or the order was placed (`placed()`).
 */
import { useRef } from 'react';

export function useIdempotencyKey(basket: unknown) {
  const attempt = useRef<{ basket: string; key: string } | null>(null);
  const signature = JSON.stringify(basket);
  return {
    /** The key to send now. */
    current(): string {
      if (attempt.current?.basket !== signature) attempt.current = { basket: signature, key: crypto.randomUUID() };
      return attempt.current.key;
    },
    /** The order is placed: the next order gets a new key. */
    placed(): void {
      attempt.current = null;
    },
  };
}
