import { eq } from 'drizzle-orm';
import {
  checkoutAnswerSchema,
  checkoutBodySchema,
  checkoutConflictSchema,
  checkoutHeadersSchema,
  type CheckoutAddress,
} from '../../../shared/schemas/checkout.js';
import { errorSchema, validationErrorSchema } from '../../../shared/schemas/common.js';
import { validationMessages } from '../../../shared/validation.js';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canonicalEmail } from '../../../shared/email.js';
import { keyedLimit } from '../../lib/keyed-limit.js';
import { users } from '../../db/schema.js';
import { AppError, FieldValidationError, type FieldErrors } from '../../lib/errors.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { cartOwner } from '../cart/cart-owner.js';
import { cartView, findCart } from '../cart/cart.service.js';
import { deliveryMessages } from '../delivery/delivery.service.js';
import { checkoutMessages } from './checkout.messages.js';
import { CartChangedError, placeOrder, placedOrder, type AddressInput } from './checkout.service.js';

const toAddress = (a: CheckoutAddress): AddressInput => ({
  fullName: a.full_name,
  street: a.street,
  city: a.city,
  state: a.state,
  postalCode: a.postal_code,
  country: a.country,
  phone: a.phone,
});

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
  const db = api.database.db;
  api.post(
    '/checkout',
    {
      ...checkoutLimits(api),
      schema: {
        tags: ['checkout'],
        summary: 'Place an order from the caller’s cart (guest or customer); Idempotency-Key header required',
        headers: checkoutHeadersSchema,
        body: checkoutBodySchema,
        response: { 200: checkoutAnswerSchema, 201: checkoutAnswerSchema, 404: errorSchema, 409: checkoutConflictSchema, 422: validationErrorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      const locale = requestLocale(req);
      const body = req.body;
      const problems: FieldErrors = {};
      if (body.accept_terms !== true) problems.accept_terms = [checkoutMessages.acceptTerms];
      if (!body.delivery_zone_id) problems.delivery_zone_id = [deliveryMessages.selectCityFirst];
      if (body.payment_method === 'card_payment') problems.payment_method = [checkoutMessages.cardSoon];

      // Who orders: the account, or the guest's name, e-mail and phone (name and phone default to the billing address).
      let customer: { name: string; email: string; phone: string };
      if (req.user) {
        const [account] = await db.select({ name: users.name, email: users.email, phone: users.phone }).from(users).where(eq(users.id, req.user.id));
        customer = {
          name: body.customer?.name ?? account?.name ?? body.address.full_name,
          email: account?.email ?? req.user.email,
          phone: body.customer?.phone ?? account?.phone ?? body.address.phone,
        };
      } else {
        if (!body.customer?.email) problems['customer.email'] = [validationMessages.required];
        customer = {
          name: body.customer?.name ?? body.address.full_name,
          email: body.customer?.email ?? '',
          phone: body.customer?.phone ?? body.address.phone,
        };
      }
      if (Object.keys(problems).length > 0) throw new FieldValidationError(problems);

      // The cart is read (and locked) in placeOrder's transaction, so a replayed key still returns its
      // order once the cart is gone.
      const owner = await cartOwner(req, reply);

      let result;
      try {
        result = await placeOrder(api.database.checkoutDb, {
          source: {
            kind: 'cart',
            owner,
            expectedItems: body.items?.map((i) => ({ productId: i.product_id, colorId: i.color_id ?? null, quantity: i.quantity })) ?? null,
          },
          userId: req.user?.id ?? null,
          customer,
          language: locale,
          billing: toAddress(body.address),
          shipping: toAddress(body.shipping_address ?? body.address),
          recipient: body.recipient ? { name: body.recipient.name, phone: body.recipient.phone, anonymous: body.recipient.anonymous } : null,
          substitution: body.substitution,
          deliveryZoneId: body.delivery_zone_id!,
          deliveryDate: body.delivery_date || null,
          paymentMethod: body.payment_method,
          couponCode: body.coupon_code || null,
          clientTotal: body.total_amount,
          giftMessage: body.gift_message,
          orderNotes: body.order_notes,
          isCustomized: false,
          idempotencyKey: req.headers['idempotency-key'],
          guestId: owner.cookieId,
        });
      } catch (err) {
        if (err instanceof CartChangedError) {
          throw new AppError(409, checkoutMessages.cartChanged, undefined, { cart: await cartView(db, await findCart(db, owner), owner, locale) });
        }
        throw err;
      }

      const order = result.order ?? (await placedOrder(db, result.orderId));
      // The order's mails were queued in its transaction; the queue sends them off the request path.
      if (result.created) req.server.mailQueue.nudge();
      return reply.code(result.created ? 201 : 200).send({ message: translate(checkoutMessages.placed, locale), order });
    },
  );
};
