/**
 * The custom bouquet checkout's form: the order details every checkout shares
 * (lib/order-form/form.ts) plus the delivery zone (chosen here, the city of the delivery address; the
 * cart keeps its own on the server) and the florist's instructions. The body adds the selection's stems.
 */
import { z } from 'zod';
import type { CustomBouquetBody } from '@shared/schemas/custom-bouquet';
import { optionalText } from '@shared/schemas/fields';
import { checkDetails, checkWith, detailsShape, DETAIL_FIELDS, toOrderDetails, type CheckoutDetailsValues } from '@web/lib/order-form/form';

export type CustomCheckoutValues = CheckoutDetailsValues & { delivery_zone_id: string; custom_instructions: string };

/** The fields a 422 of POST /custom-bouquet/create may name, on the form. */
export const CUSTOM_CHECKOUT_FIELDS = [...DETAIL_FIELDS, 'delivery_zone_id', 'custom_instructions'] as const;

export function makeCustomCheckoutSchema({
  closedDates,
  now = () => new Date(),
  cardPayment = false,
}: {
  closedDates: string[];
  now?: () => Date;
  cardPayment?: boolean;
}) {
  return z.object({ ...detailsShape, delivery_zone_id: z.string(), custom_instructions: z.string() }).superRefine((values, ctx) => {
    checkDetails(values, ctx, { closedDates, now: now(), cardPayment });
    if (!values.delivery_zone_id)
      ctx.addIssue({ code: 'custom', message: 'custom-bouquet:checkout.selectCity', path: ['delivery_zone_id'] });
    checkWith(ctx, optionalText(1000), values.custom_instructions, ['custom_instructions']);
  });
}

export type CustomFlowerLine = { product_id: number; color_id: number | null; quantity: number };

/** The POST /custom-bouquet/create body: the details, the stems, the instructions and the totals shown. */
export function toCustomBouquetBody(
  values: CustomCheckoutValues,
  flowers: CustomFlowerLine[],
  totals: { total: number; shipping: number },
  zone: { id: number; name: string } | null,
): CustomBouquetBody {
  return {
    ...toOrderDetails(values, { zone, total: totals.total, shipping: totals.shipping }),
    flowers,
    custom_instructions: values.custom_instructions.trim() || null,
  };
}
