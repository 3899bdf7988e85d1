/**
 * The proof of delivery a driver may leave (round.service.ts): a photo stored as WebP in the picture
 * store, shown to the customer on their order page and in the "delivered" mail. Its key is random, so
 * the picture's address is as hard to guess as the order's tracking link that shows it.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderDeliveries } from '../../db/schema.js';
import { imageUrl } from '../../lib/images.js';

/** The width nearest 640 px of a delivery photo (a phone screen or a mail), else the largest it has. */
export function deliveryPhotoUrl(key: string | null, widths: readonly number[] | string | null): string | null {
  const list = typeof widths === 'string' ? (JSON.parse(widths) as number[]) : widths;
  if (!key || !list || list.length === 0) return null;
  const sorted = list.map(Number).sort((a, b) => a - b);
  return imageUrl(key, sorted.find((w) => w >= 640) ?? sorted[sorted.length - 1]!);
}

/** The proof-of-delivery photo of a delivered order (null without one). */
export async function deliveryPhotoOf(db: DbOrTx, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ key: orderDeliveries.photoKey, widths: orderDeliveries.photoWidths, outcome: orderDeliveries.outcome })
    .from(orderDeliveries)
    .where(eq(orderDeliveries.orderId, orderId));
  return row?.outcome === 'delivered' ? deliveryPhotoUrl(row.key, row.widths) : null;
}
