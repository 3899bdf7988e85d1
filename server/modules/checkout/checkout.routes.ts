import {
  checkoutAnswerSchema,
  checkoutBodySchema,
  checkoutConflictSchema,
  checkoutHeadersSchema,
} from '../../../shared/schemas/checkout.js';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canonicalEmail } from '../../../shared/email.js';
import { keyedLimit } from '../../lib/keyed-limit.js';
import { errorResponses } from '../../lib/route-schema.js';
import { cartOwner } from '../cart/cart-owner.js';
import { placeCheckout, STOREFRONT } from './place-checkout.js';

/**
 * Placing orders, per client IP and per ordering address (account e-mail or the guest's, canonical),
 * when RATE_LIMIT is on. Cash on delivery costs an attacker nothing: these keep one script from placing
 * orders without end. The custom bouquet checkout shares them.
 */
export const CHECKOUT_RATE_LIMITS = {
  perIp: { max: 20, timeWindow: 3_600_000 },
  perEmail: { max: 10, timeWindow: 3_600_000 },
} as const;

/** The route options that apply the checkout limits (per IP in config, per address as a preHandler). */
export function checkoutLimits(api: FastifyInstance) {
  return {
    config: { rateLimit: api.config.rateLimit ? ({ ...CHECKOUT_RATE_LIMITS.perIp } as RateLimitOptions) : (false as const) },
    preHandler: keyedLimit(api, 'checkout-email', CHECKOUT_RATE_LIMITS.perEmail, (req) => {
      const email = req.user?.email ?? (req.body as { customer?: { email?: string } } | undefined)?.customer?.email;
      return email ? canonicalEmail(email) : null;
    }),
  };
}

export const checkoutRoutes: FastifyPluginAsyncZod = async (api) => {
  api.post(
    '/checkout',
    {
      ...checkoutLimits(api),
      schema: {
        tags: ['checkout'],
        summary: 'Place an order from the caller’s cart (guest or customer); Idempotency-Key header required',
        headers: checkoutHeadersSchema,
        body: checkoutBodySchema,
        response: { 200: checkoutAnswerSchema, 201: checkoutAnswerSchema, 409: checkoutConflictSchema, ...errorResponses(404, 422, 429) },
      },
    },
    async (req, reply) => {
      const body = req.body;
      const answer = await placeCheckout(req, {
        source: STOREFRONT,
        // The cart is read (and locked) in the order's transaction, so a replayed key still returns its
        // order once the cart is gone; the browser's copy of the lines must match it.
        basket: async () => ({
          kind: 'cart',
          owner: await cartOwner(req, reply),
          expectedItems:
            body.items?.map((i) => ({
              productId: i.product_id,
              colorId: i.color_id ?? null,
              sizeId: i.size_id ?? null,
              quantity: i.quantity,
            })) ?? null,
        }),
        details: body,
        customer: body.customer,
        shippingAddress: body.shipping_address,
        couponCode: body.coupon_code,
        orderNotes: body.order_notes,
        acceptedTerms: body.accept_terms ?? false,
      });
      return reply.code(answer.status).send(answer.body);
    },
  );
};
