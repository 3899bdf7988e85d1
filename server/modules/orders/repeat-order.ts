/**
 * "Repeat this order": what a new staff order starts from when a customer asks for the same again —
 * the past order's buyer, delivery address, zone (while it still delivers), recipient, substitution
 * choice and lines, each line with its product's colours today. Nothing about money: the new order
 * is priced by the staff-order quote at today's prices and checked against today's stock when placed.
 * A line whose product is gone (deleted or archived) is left out and named, so staff can tell the
 * customer; a colour the product no longer offers falls back to its first colour, and a size it no
 * longer offers (or a line from before it had sizes) to its first size.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Locale, Substitution } from '../../../shared/constants.js';
import type { RepeatOrder } from '../../../shared/schemas/staff-orders.js';
import type { DbOrTx } from '../../db/client.js';
import {
  colors,
  colorTranslations,
  deliveryZones,
  orderAddresses,
  orderItems,
  orders,
  productColors,
  productSizes,
} from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { colorColumns, sizeName } from '../catalogue/product-language.js';
import { productsFor } from './order-lines.js';
import { pickName } from './order-names.js';
import { orderMessages } from './orders.service.js';

export async function repeatOrderFor(db: DbOrTx, orderId: number, language: Locale): Promise<RepeatOrder> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError(404, orderMessages.notFound);
  const [[shipping], lines, [zone]] = await Promise.all([
    db
      .select({ street: orderAddresses.street, postalCode: orderAddresses.postalCode, country: orderAddresses.country })
      .from(orderAddresses)
      .where(and(eq(orderAddresses.orderId, orderId), eq(orderAddresses.kind, 'shipping'))),
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    order.deliveryZoneId
      ? db
          .select({ id: deliveryZones.id })
          .from(deliveryZones)
          .where(and(eq(deliveryZones.id, order.deliveryZoneId), eq(deliveryZones.isActive, true)))
      : Promise.resolve([]),
  ]);
  const productIds = [...new Set(lines.map((l) => l.productId).filter((id): id is number => id !== null))];
  const [byId, offered, sizeRows] = await Promise.all([
    productsFor(db, productIds, language),
    productIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ productId: productColors.productId, ...colorColumns })
          .from(productColors)
          .innerJoin(colors, eq(colors.id, productColors.colorId))
          .leftJoin(colorTranslations, and(eq(colorTranslations.colorId, colors.id), eq(colorTranslations.locale, language)))
          .where(inArray(productColors.productId, productIds))
          .orderBy(asc(productColors.productId), asc(productColors.sortOrder), asc(colors.id)),
    productIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: productSizes.id, productId: productSizes.productId, name: sizeName(language) })
          .from(productSizes)
          .where(inArray(productSizes.productId, productIds))
          .orderBy(asc(productSizes.productId), asc(productSizes.sortOrder), asc(productSizes.id)),
  ]);
  const sizesOf = new Map<number, { id: number; name: string }[]>();
  for (const z of sizeRows) sizesOf.set(z.productId, [...(sizesOf.get(z.productId) ?? []), { id: z.id, name: z.name }]);
  const colorsOf = new Map<number, { id: number; name: string; hex_code: string | null }[]>();
  for (const c of offered) colorsOf.set(c.productId, [...(colorsOf.get(c.productId) ?? []), { id: c.id, name: c.name, hex_code: c.hex }]);

  const items: RepeatOrder['items'] = [];
  const dropped: string[] = [];
  for (const line of lines) {
    const product = line.productId !== null ? byId.get(line.productId) : undefined;
    if (!product) {
      dropped.push(pickName(line.productNames, language, line.productName));
      continue;
    }
    const choices = colorsOf.get(product.id) ?? [];
    const colorId = choices.some((c) => c.id === line.colorId) ? line.colorId : (choices[0]?.id ?? null);
    const sizes = sizesOf.get(product.id) ?? [];
    const sizeId = sizes.some((z) => z.id === line.sizeId) ? line.sizeId : (sizes[0]?.id ?? null);
    const same = items.find((i) => i.product_id === product.id && i.color_id === colorId && i.size_id === sizeId);
    if (same) same.quantity += line.quantity;
    else
      items.push({
        product_id: product.id,
        color_id: colorId,
        size_id: sizeId,
        quantity: line.quantity,
        name: product.name,
        colors: choices,
        sizes,
      });
  }
  return {
    from_order_id: order.id,
    customer: { name: order.customerName, phone: order.customerPhone, email: order.customerEmail || null },
    address: shipping ? { street: shipping.street, postal_code: shipping.postalCode, country: shipping.country } : null,
    delivery_zone_id: zone?.id ?? null,
    recipient: order.recipientName ? { name: order.recipientName, phone: order.recipientPhone, anonymous: order.anonymousSender } : null,
    substitution: order.substitution as Substitution,
    items,
    dropped,
  };
}
