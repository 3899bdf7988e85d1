import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  cartAddBodySchema,
  cartCouponBodySchema,
  cartDeliveryCityBodySchema,
  cartRemoveBodySchema,
  cartSchema,
  cartUpdateBodySchema,
} from '../../../shared/schemas/cart.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/i18n.js';
import { keyedLimit } from '../../lib/keyed-limit.js';
import { errorResponses } from '../../lib/route-schema.js';
import { onLogin } from '../accounts/login-events.js';
import { CART_COOKIE, cartOwner, clearCartCookie, setCartCookie } from './cart-owner.js';
import {
  addItem,
  applyCoupon,
  cartView,
  clearCart,
  ensureCart,
  findCart,
  mergeVisitorCart,
  removeCoupon,
  removeItem,
  setDeliveryZone,
  updateItem,
  type CartOwner,
} from './cart.service.js';

const tags = ['cart'];
const errors = errorResponses(404, 409, 422);

/** Coupon attempts, when RATE_LIMIT is on: per client IP and per cart (or account). */
export const COUPON_RATE_LIMITS = {
  perIp: { max: 30, timeWindow: 900_000 },
  perCart: { max: 10, timeWindow: 900_000 },
} as const;

export const cartRoutes: FastifyPluginAsyncZod = async (api) => {
  const db = api.database.db;

  // Merge the visitor's cart into the customer's at login, and forget the visitor cookie.
  onLogin(api, async ({ req, reply, userId }) => {
    const cookieId = req.cookies?.[CART_COOKIE];
    if (!cookieId) return;
    await mergeVisitorCart(req.server.database.db, { visitorCartId: cookieId, userId });
    clearCartCookie(reply);
  });

  /** Runs a cart write on the caller's cart (created on first write, with its cookie) and answers the cart. */
  async function write(req: FastifyRequest, reply: FastifyReply, fn: (cartId: string, owner: CartOwner) => Promise<void>) {
    const owner = await cartOwner(req, reply);
    const { cart, created } = await ensureCart(db, owner);
    if (created && !owner.userId) setCartCookie(req, reply, cart.id);
    const current = owner.userId ? owner : { ...owner, cookieId: cart.id };
    await fn(cart.id, current);
    return view(req, current);
  }

  async function view(req: FastifyRequest, owner: CartOwner) {
    return cartView(db, await findCart(db, owner), owner, requestLocale(req));
  }

  api.get('/cart', { schema: { tags, summary: 'The caller’s cart, priced now', response: { 200: cartSchema } } }, async (req, reply) =>
    view(req, await cartOwner(req, reply)),
  );

  api.post(
    '/cart/add',
    {
      schema: {
        tags,
        summary: 'Add a product (and colour) to the cart',
        body: cartAddBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (req, reply) =>
      write(req, reply, (cartId) =>
        addItem(
          db,
          cartId,
          { productId: req.body.product_id, colorId: req.body.color_id, sizeId: req.body.size_id, quantity: req.body.quantity },
          requestLocale(req),
        ),
      ),
  );

  api.post(
    '/cart/update',
    {
      schema: {
        tags,
        summary: 'Set a line’s quantity (0 or less removes it)',
        body: cartUpdateBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (req, reply) => {
      const owner = await cartOwner(req, reply);
      const cart = await findCart(db, owner);
      await updateItem(db, cart?.id ?? null, req.body.item_id, req.body.quantity, requestLocale(req));
      return view(req, owner);
    },
  );

  api.post(
    '/cart/remove',
    { schema: { tags, summary: 'Remove a line', body: cartRemoveBodySchema, response: { 200: cartSchema, ...errors } } },
    async (req, reply) => {
      const owner = await cartOwner(req, reply);
      const cart = await findCart(db, owner);
      await removeItem(db, cart?.id ?? null, req.body.item_id);
      return view(req, owner);
    },
  );

  api.delete(
    '/cart/clear',
    { schema: { tags, summary: 'Empty the cart (and drop its coupon)', response: { 200: cartSchema } } },
    async (req, reply) => {
      const owner = await cartOwner(req, reply);
      const cart = await findCart(db, owner);
      if (cart) await clearCart(db, cart.id);
      return view(req, owner);
    },
  );

  api.post(
    '/cart/coupon',
    {
      // Codes cannot be tried without end: per client IP, and per cart (a cart cookie is free, the IP is not).
      config: { rateLimit: api.config.rateLimit ? { ...COUPON_RATE_LIMITS.perIp } : false },
      preHandler: keyedLimit(api, 'coupon-cart', COUPON_RATE_LIMITS.perCart, (req) =>
        req.user ? `user:${req.user.id}` : (req.cookies?.[CART_COOKIE] ?? null),
      ),
      schema: {
        tags,
        summary: 'Apply a coupon code ("Invalid Coupon" otherwise)',
        body: cartCouponBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (req, reply) => {
      const owner = await cartOwner(req, reply);
      const { cart, created } = await ensureCart(db, owner);
      if (created && !owner.userId) setCartCookie(req, reply, cart.id);
      const current = owner.userId ? owner : { ...owner, cookieId: cart.id };
      await applyCoupon(db, cart, req.body.code, current);
      return view(req, current);
    },
  );

  api.delete('/cart/coupon', { schema: { tags, summary: 'Remove the coupon', response: { 200: cartSchema } } }, async (req, reply) => {
    const owner = await cartOwner(req, reply);
    const cart = await findCart(db, owner);
    if (cart) await removeCoupon(db, cart.id);
    return view(req, owner);
  });

  api.post(
    '/cart/delivery-city',
    {
      schema: {
        tags,
        summary: 'Choose the delivery city (zone): shipping is computed from it',
        body: cartDeliveryCityBodySchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (req, reply) => write(req, reply, (cartId) => setDeliveryZone(db, cartId, req.body.zone_id)),
  );
};
