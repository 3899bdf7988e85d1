/** Orders inserted directly for back-office tests: any date, status, lines, with a shipping address. */
import { toCents } from '../../../shared/money.js';
import type { Db } from '../../db/client.js';
import { orderAddresses, orderItems, orders, orderStatusHistory } from '../../db/schema.js';

export interface OrderSeed {
  total?: number;
  status?: string;
  paymentStatus?: string;
  createdAt?: Date;
  userId?: number | null;
  name?: string;
  email?: string;
  language?: string;
  customized?: boolean;
  deliveryDate?: string | null;
  city?: string;
  /** delivery (default) | pickup (collected at the shop). */
  deliveryMethod?: 'delivery' | 'pickup';
  /** The order's slot: its key, start and label in every language. */
  slot?: { key: string; starts: string; names: { fr: string; en: string; ar: string } };
  orderNotes?: string | null;
  giftMessage?: string | null;
  recipientName?: string | null;
  /** [product id (null: deleted), quantity, unit price in MAD]. */
  lines?: [number | null, number, number][];
  /** The bench's mark: in_preparation | ready. */
  workshopState?: 'in_preparation' | 'ready';
}

export async function insertOrder(db: Db, seed: OrderSeed = {}): Promise<number> {
  const lines = seed.lines ?? [];
  const total = seed.total ?? lines.reduce((sum, [, q, p]) => sum + q * p, 0);
  const [order] = await db
    .insert(orders)
    .values({
      userId: seed.userId ?? null,
      customerName: seed.name ?? 'Amina Alaoui',
      customerEmail: seed.email ?? 'amina@example.com',
      customerPhone: '0612345678',
      language: seed.language ?? 'fr',
      deliveryCity: seed.city ?? 'Rabat',
      deliveryDate: seed.deliveryDate ?? null,
      deliveryMethod: seed.deliveryMethod ?? 'delivery',
      deliverySlot: seed.slot?.key ?? null,
      deliverySlotStarts: seed.slot?.starts ?? null,
      deliverySlotNames: seed.slot?.names ?? null,
      workshopState: seed.workshopState ?? null,
      orderNotes: seed.orderNotes ?? null,
      recipientName: seed.recipientName ?? null,
      subtotalCents: toCents(total),
      totalCents: toCents(total),
      paymentMethod: 'cash_on_delivery',
      paymentStatus: seed.paymentStatus ?? 'pending',
      orderStatus: seed.status ?? 'pending',
      isCustomized: seed.customized ?? false,
      giftMessage: seed.giftMessage ?? null,
      ...(seed.createdAt ? { createdAt: seed.createdAt, updatedAt: seed.createdAt } : {}),
    })
    .returning({ id: orders.id });
  const id = order!.id;
  if (lines.length > 0) {
    await db.insert(orderItems).values(
      lines.map(([productId, quantity, price]) => ({
        orderId: id,
        productId,
        productName: productId ? `Product ${productId}` : 'Old product',
        quantity,
        originalUnitPriceCents: toCents(price),
        unitPriceCents: toCents(price),
      })),
    );
  }
  await db.insert(orderAddresses).values({
    orderId: id,
    kind: 'shipping',
    fullName: seed.name ?? 'Amina Alaoui',
    street: '12 rue des Fleurs',
    city: seed.city ?? 'Rabat',
    postalCode: '10000',
    country: 'Maroc',
    phone: '0612345678',
  });
  await db
    .insert(orderStatusHistory)
    .values({ orderId: id, orderStatus: seed.status ?? 'pending', paymentStatus: seed.paymentStatus ?? 'pending' });
  return id;
}
