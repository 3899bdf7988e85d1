/**
 * The local fallback cart: a copy of the last server cart under localStorage
 * `cart`, used only when the server cannot be reached (network error, timeout or status >= 500).
 * While offline, add / update / remove / clear work on this copy; its summary is computed here
 * (products only: no coupon, no delivery), and checkout is not possible.
 */
import type { Cart, CartItem } from '@shared/schemas/cart';
import { ApiError } from '@web/lib/api';
import { STORAGE_KEYS, readJson, removeKey, writeJson } from '@web/lib/storage';

export const EMPTY_CART: Cart = {
  items: [],
  summary: {
    subtotal: 0,
    discount: 0,
    coupon: null,
    delivery_city: null,
    shipping: 0,
    tax: 'included',
    total: 0,
    count: 0,
  },
};

/** True when the server could not answer: the local cart takes over. */
export function isServerUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 408 || error.status >= 500);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function isCart(value: unknown): value is Cart {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<Cart>;
  return (
    Array.isArray(v.items) &&
    v.items.every(
      (i) => i && typeof i === 'object' && typeof i.id === 'number' && typeof i.product_id === 'number' && typeof i.quantity === 'number',
    )
  );
}

/** The summary of a cart worked out locally (offline): lines only, no coupon, no delivery fee. */
export function localSummary(items: CartItem[], previous?: Cart['summary']): Cart['summary'] {
  const subtotal = round2(items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0));
  return {
    subtotal,
    discount: 0,
    coupon: null,
    delivery_city: previous?.delivery_city ?? null,
    shipping: 0,
    tax: 'included',
    total: subtotal,
    count: items.reduce((sum, i) => sum + i.quantity, 0),
  };
}

export function readLocalCart(): Cart {
  const stored = readJson<unknown>(STORAGE_KEYS.cart, null);
  if (!isCart(stored)) return EMPTY_CART;
  const items = stored.items.filter((i) => i.quantity > 0).map((i) => ({ ...i, line_total: round2(i.unit_price * i.quantity) }));
  return {
    items,
    summary: stored.summary && typeof stored.summary === 'object' ? { ...localSummary(items, stored.summary) } : localSummary(items),
  };
}

/** Keeps the local copy in step with the server's cart. */
export function saveLocalCart(cart: Cart): void {
  writeJson(STORAGE_KEYS.cart, cart);
}

function commit(items: CartItem[]): Cart {
  const previous = readJson<Cart | null>(STORAGE_KEYS.cart, null);
  const cart: Cart = { items, summary: localSummary(items, previous?.summary) };
  saveLocalCart(cart);
  return cart;
}

/** What the local cart needs to know of a product to show a line. */
export type LocalProduct = {
  id: number;
  name: string;
  stock?: number;
  price?: number;
  discount?: number;
  image?: string | null;
  category?: string;
  is_extra?: boolean;
};

export type LocalColor = { id: number; name: string; hex_code: string } | null;

/** A size as the local cart keeps it, with its price before the product's discount. */
export type LocalSize = { id: number; name: string; price: number } | null;

/** Adds (or raises) the line of a product, colour and size. Local line ids are negative. */
export function localAdd(product: LocalProduct, color: LocalColor, quantity: number, size: LocalSize = null): Cart {
  const current = readLocalCart().items;
  const existing = current.find(
    (i) => i.product_id === product.id && (i.color?.id ?? null) === (color?.id ?? null) && (i.size?.id ?? null) === (size?.id ?? null),
  );
  const cap = (q: number) => (product.stock != null && product.stock > 0 ? Math.min(q, product.stock) : q);
  if (existing) {
    return commit(
      current.map((i) =>
        i === existing ? { ...i, quantity: cap(i.quantity + quantity), line_total: round2(i.unit_price * cap(i.quantity + quantity)) } : i,
      ),
    );
  }
  const price = size?.price ?? product.price ?? 0;
  const discount = product.discount ?? 0;
  const unit = round2(price * (1 - discount / 100));
  const minId = current.reduce((min, i) => Math.min(min, i.id), 0);
  const line: CartItem = {
    id: minId - 1,
    product_id: product.id,
    name: product.name,
    image: product.image ?? null,
    category: product.category ?? '',
    color,
    size: size ? { id: size.id, name: size.name } : null,
    is_extra: product.is_extra ?? false,
    unit_price: unit,
    price,
    discount,
    quantity: cap(quantity),
    line_total: round2(unit * cap(quantity)),
    stock: product.stock ?? 0,
  };
  return commit([...current, line]);
}

/** Sets a line's quantity; 0 or less removes it. */
export function localUpdate(itemId: number, quantity: number): Cart {
  const current = readLocalCart().items;
  if (!current.some((i) => i.id === itemId)) throw new ApiError(404, 'Cart item not found');
  if (quantity <= 0) return commit(current.filter((i) => i.id !== itemId));
  return commit(current.map((i) => (i.id === itemId ? { ...i, quantity, line_total: round2(i.unit_price * quantity) } : i)));
}

export function localRemove(itemId: number): Cart {
  const current = readLocalCart().items;
  if (!current.some((i) => i.id === itemId)) throw new ApiError(404, 'Cart item not found');
  return commit(current.filter((i) => i.id !== itemId));
}

export function localClear(): Cart {
  return commit([]);
}

/** Clearing the cart also clears the customized-order flag and the custom products. */
export function clearCustomizedFlags(): void {
  removeKey(STORAGE_KEYS.isCustomizedOrder);
  removeKey(STORAGE_KEYS.customProducts);
}
