/**
 * The custom bouquet selection: one line per product and colour pair;
 * adding a pair already present adds 1, a quantity of 0 or less removes the line. Kept in
 * localStorage under `custom_products`, with the `is_customized_order` flag set on proceeding to
 * checkout and removed on leaving the builder (or the cart) when nothing is stored.
 */
import { STORAGE_KEYS, readJson, removeKey, writeJson, writeString } from '@web/lib/storage';

export type SelectedColor = { id: number; name: string; hex_code: string };

export type CustomLine = {
  /** `${productId}-${colorId ?? 'no-color'}` */
  id: string;
  product_id: number;
  name: string;
  /** Unit price charged (after discount), MAD. */
  price: number;
  quantity: number;
  category: string;
  selectedColor: SelectedColor | null;
  stock?: number;
};

export type StemForSelection = { id: number; name: string; final_price: number; stock?: number };

export const DEFAULT_CATEGORY = 'Single Stems';
/** Most lines and stems per line the server accepts (shared/schemas/custom-bouquet.ts). */
export const MAX_LINES = 50;
export const MAX_PER_LINE = 100;

export const lineId = (productId: number, colorId: number | null | undefined): string => `${productId}-${colorId ?? 'no-color'}`;

function isLine(value: unknown): value is CustomLine {
  if (!value || typeof value !== 'object') return false;
  const l = value as Partial<CustomLine>;
  return typeof l.id === 'string' && typeof l.name === 'string' && typeof l.price === 'number' && typeof l.quantity === 'number';
}

/** Product id of a stored line (also for lines stored by an older client with only the text id). */
function productIdOf(line: CustomLine): number {
  return typeof line.product_id === 'number' ? line.product_id : Number.parseInt(line.id, 10);
}

export function loadSelection(): CustomLine[] {
  const raw = readJson<unknown>(STORAGE_KEYS.customProducts, []);
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isLine)
    .map((l) => ({ ...l, product_id: productIdOf(l), category: l.category || DEFAULT_CATEGORY, selectedColor: l.selectedColor ?? null }))
    .filter((l) => Number.isInteger(l.product_id) && l.product_id > 0 && l.quantity > 0);
}

export function saveSelection(lines: CustomLine[]): void {
  if (lines.length === 0) removeKey(STORAGE_KEYS.customProducts);
  else writeJson(STORAGE_KEYS.customProducts, lines);
}

export function addStem(lines: CustomLine[], stem: StemForSelection, color: SelectedColor | null): CustomLine[] {
  const id = lineId(stem.id, color?.id);
  const found = lines.find((l) => l.id === id);
  if (found) return lines.map((l) => (l.id === id ? { ...l, quantity: Math.min(MAX_PER_LINE, l.quantity + 1) } : l));
  if (lines.length >= MAX_LINES) return lines;
  return [
    ...lines,
    {
      id,
      product_id: stem.id,
      name: stem.name,
      price: stem.final_price,
      quantity: 1,
      category: DEFAULT_CATEGORY,
      selectedColor: color,
      ...(stem.stock !== undefined ? { stock: stem.stock } : {}),
    },
  ];
}

export function setQuantity(lines: CustomLine[], id: string, quantity: number): CustomLine[] {
  if (!Number.isFinite(quantity) || quantity <= 0) return lines.filter((l) => l.id !== id);
  return lines.map((l) => (l.id === id ? { ...l, quantity: Math.min(MAX_PER_LINE, Math.floor(quantity)) } : l));
}

export const removeLine = (lines: CustomLine[], id: string): CustomLine[] => lines.filter((l) => l.id !== id);

/**
 * Live PREVIEW of the subtotal in MAD for the builder's selection panel (centimes, so 0.1 + 0.2 stays
 * 0.30), from the prices the stem list showed. Not what is charged: /custom-checkout shows the server's
 * quote (POST /api/custom-bouquet/quote) and the order is priced by the server.
 */
export function subtotalOf(lines: CustomLine[]): number {
  return lines.reduce((cents, l) => cents + Math.round(l.price * 100) * l.quantity, 0) / 100;
}

export const stemCount = (lines: CustomLine[]): number => lines.reduce((n, l) => n + l.quantity, 0);

/** Proceeding to checkout: the selection is stored and the order flagged as customized. */
export function storeForCheckout(lines: CustomLine[]): void {
  writeJson(STORAGE_KEYS.customProducts, lines);
  writeString(STORAGE_KEYS.isCustomizedOrder, 'true');
}

/** On leaving the builder or the cart: the flag goes when no custom products are stored. */
export function dropFlagWhenEmpty(): void {
  if (loadSelection().length === 0) {
    removeKey(STORAGE_KEYS.isCustomizedOrder);
    removeKey(STORAGE_KEYS.customProducts);
  }
}

/** After a custom order: nothing left to order. */
export function clearSelection(): void {
  removeKey(STORAGE_KEYS.customProducts);
  removeKey(STORAGE_KEYS.isCustomizedOrder);
}
