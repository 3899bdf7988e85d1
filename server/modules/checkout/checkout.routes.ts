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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema.js';
import { AppError, FieldValidationError, type FieldErrors } from '../../lib/errors.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { cartOwner } from '../cart/cart-owner.js';
import { cartView, findCart } from '../cart/cart.service.js';
import { deliveryMessages } from '../delivery/delivery.service.js';
import { checkoutMessages } from './checkout.messages.js';
import { CartChangedError, placeOrder, placedOrder, type AddressInput } from './checkout.service.js';
import { sendOrderMails } from '../orders/order-mails.js';

const toAddress = (a: CheckoutAddress): AddressInput => ({
  fullName: a.full_name,
  street: a.street,
  city: a.city,
  state: a.state,
  postalCode: a.postal_code,
  country: a.country,
  phone: a.phone,
});

export const checkoutRoutes: FastifyPluginAsyncZod = async (api) => {
  const db = api.database.db;
  // Mails still being sent: a graceful shutdown lets them finish before the database closes.
  const pendingMails = new Set<Promise<void>>();
  api.addHook('onClose', async () => {
    await Promise.allSettled([...pendingMails]);
  });

  api.post(
    '/checkout',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Place an order from the caller’s cart (guest or customer); Idempotency-Key header required',
        headers: checkoutHeadersSchema,
        body: checkoutBodySchema,
        response: { 200: checkoutAnswerSchema, 201: checkoutAnswerSchema, 404: errorSchema, 409: checkoutConflictSchema, 422: validationErrorSchema },
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

      const owner = await cartOwner(req, reply);
      // No cart: still goes through placeOrder, so a replayed key returns its order (the cart is gone by then).
      const cart = await findCart(db, owner);

      let result;
      try {
        result = await placeOrder(db, {
          source: {
            kind: 'cart',
            cartId: cart?.id ?? null,
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
        });
      } catch (err) {
        if (err instanceof CartChangedError) {
          throw new AppError(409, checkoutMessages.cartChanged, undefined, { cart: await cartView(db, await findCart(db, owner), owner, locale) });
        }
        throw err;
      }

      const order = await placedOrder(db, result.orderId);
      if (result.created) {
        // After the commit, not awaited: a slow or failing mail never delays or fails the order.
        const sending = sendOrderMails(req.server, result.orderId).finally(() => pendingMails.delete(sending));
        pendingMails.add(sending);
      }
      return reply.code(result.created ? 201 : 200).send({ message: translate(checkoutMessages.placed, locale), order });
    },
  );
};
