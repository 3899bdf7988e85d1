/**
 * The cart's data hooks, shared by the pages that show or change the cart (cart, checkout, the add
 * buttons of the catalogue and the wishlist). The server cart is the truth for prices
 * (every write answers with the whole cart); when the server cannot be reached the local fallback cart
 * (`local-cart.ts`) takes over and the cart is flagged `offline`.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Cart } from '@shared/schemas/cart';
import { api } from '@web/lib/api';
import { CART_WRITE_RETRY_DELAY_MS, isRetryable } from '@web/lib/query-client';
import { setCartCount } from '@web/lib/cart/cart-count';
import {
  EMPTY_CART,
  clearCustomizedFlags,
  isServerUnreachable,
  localAdd,
  type LocalSize,
  localClear,
  localRemove,
  localUpdate,
  readLocalCart,
  saveLocalCart,
  type LocalColor,
  type LocalProduct,
} from '@web/lib/cart/local-cart';

export type { Cart, CartItem, CartSummary } from '@shared/schemas/cart';

/** The cart as the pages see it: the server's, or the local copy when `offline`. */
export type CartState = Cart & { offline: boolean };

export const cartKeys = {
  cart: ['cart'] as const,
};

function online(cart: Cart): CartState {
  saveLocalCart(cart);
  setCartCount(cart.summary.count);
  return { ...cart, offline: false };
}

function offline(cart: Cart): CartState {
  setCartCount(cart.summary.count);
  return { ...cart, offline: true };
}

export const cartQueryOptions = () =>
  queryOptions({
    queryKey: cartKeys.cart,
    queryFn: async ({ signal }): Promise<CartState> => {
      try {
        return online(await api.get<Cart>('/cart', { signal }));
      } catch (error) {
        // A cart server failure only logs; the local cart is used.
        if (isServerUnreachable(error)) {
          console.warn('Cart temporarily unavailable; using the local cart.');
          return offline(readLocalCart());
        }
        throw error;
      }
    },
    // Fresh prices matter here: refetch on every visit, and retry the server every 30 s while offline.
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.offline ? 30_000 : false),
  });

export function useCart() {
  return useQuery(cartQueryOptions());
}

/** Runs a cart write; a retryable failure is tried once more after 200 ms. */
async function cartWrite<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (!isRetryable(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, CART_WRITE_RETRY_DELAY_MS));
    return fn();
  }
}

/** A server write with the local fallback when the server cannot be reached. */
async function writeOrLocal(server: () => Promise<Cart>, local: () => Cart): Promise<CartState> {
  try {
    return online(await cartWrite(server));
  } catch (error) {
    if (isServerUnreachable(error)) return offline(local());
    throw error;
  }
}

function setCart(qc: QueryClient, cart: CartState) {
  qc.setQueryData(cartKeys.cart, cart);
}

export type AddToCartInput = {
  product: LocalProduct;
  color: LocalColor;
  quantity: number;
  /** The size chosen, for a product with sizes. */
  size?: LocalSize;
};

export function useAddToCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ product, color, quantity, size = null }: AddToCartInput) =>
      writeOrLocal(
        () => api.post<Cart>('/cart/add', { product_id: product.id, quantity, color_id: color?.id ?? null, size_id: size?.id ?? null }),
        () => localAdd(product, color, quantity, size),
      ),
    onSuccess: (cart) => setCart(qc, cart),
  });
}

export function useUpdateCartItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, quantity }: { itemId: number; quantity: number }) =>
      writeOrLocal(
        () => api.post<Cart>('/cart/update', { item_id: itemId, quantity }),
        () => localUpdate(itemId, quantity),
      ),
    onSuccess: (cart) => setCart(qc, cart),
  });
}

export function useRemoveCartItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) =>
      writeOrLocal(
        () => api.post<Cart>('/cart/remove', { item_id: itemId }),
        () => localRemove(itemId),
      ),
    onSuccess: (cart) => setCart(qc, cart),
  });
}

export function useClearCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      writeOrLocal(
        () => api.delete<Cart>('/cart/clear'),
        () => localClear(),
      ),
    onSuccess: (cart) => {
      clearCustomizedFlags();
      setCart(qc, cart);
    },
  });
}

/** Coupon and city need the server (no offline variant). */
function useServerCartWrite<V>(fn: (vars: V) => Promise<Cart>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => online(await cartWrite(() => fn(vars))),
    onSuccess: (cart) => setCart(qc, cart),
  });
}

export const useApplyCoupon = () => useServerCartWrite((code: string) => api.post<Cart>('/cart/coupon', { code }));
export const useRemoveCoupon = () => useServerCartWrite((_: void) => api.delete<Cart>('/cart/coupon'));
export const useSetDeliveryCity = () => useServerCartWrite((zoneId: number) => api.post<Cart>('/cart/delivery-city', { zone_id: zoneId }));

/** After an order: the server has emptied the cart; mirror it locally and clear the custom flags. */
export function resetCartAfterOrder(qc: QueryClient) {
  saveLocalCart(EMPTY_CART);
  clearCustomizedFlags();
  setCartCount(0);
  qc.setQueryData(cartKeys.cart, { ...EMPTY_CART, offline: false });
  void qc.invalidateQueries({ queryKey: cartKeys.cart });
}
