import { wishlistProductParamsSchema, wishlistReplaceSchema, wishlistSchema } from '../../../shared/schemas/wishlist.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/i18n.js';
import { currentUser, requireUser } from '../accounts/auth.js';
import { addToWishlist, getWishlist, removeFromWishlist, replaceWishlist } from './wishlist.service.js';
import { errorResponses, security } from '../../lib/route-schema.js';

const tags = ['wishlist'];

/** The logged-in customer's wishlist, kept on the account (the browser keeps its own copy too). */
export const wishlistRoutes: FastifyPluginAsyncZod = async (api) => {
  const db = api.database.db;

  api.get(
    '/wishlist',
    {
      onRequest: requireUser,
      schema: { tags, security, summary: 'The account’s wishlist', response: { 200: wishlistSchema, ...errorResponses(401) } },
    },
    async (req, reply) =>
      reply.header('cache-control', 'private, no-store').send(await getWishlist(db, currentUser(req).id, requestLocale(req))),
  );

  api.put(
    '/wishlist',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Replace the account’s wishlist with the client’s whole list (unknown products are dropped)',
        body: wishlistReplaceSchema,
        response: { 200: wishlistSchema, ...errorResponses(401, 422) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      await replaceWishlist(db, user.id, req.body.product_ids);
      return getWishlist(db, user.id, requestLocale(req));
    },
  );

  api.post(
    '/wishlist/:productId',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Add a product to the wishlist (no change when already there)',
        params: wishlistProductParamsSchema,
        response: { 200: wishlistSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      await addToWishlist(db, user.id, req.params.productId);
      return getWishlist(db, user.id, requestLocale(req));
    },
  );

  api.delete(
    '/wishlist/:productId',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Remove a product from the wishlist (no change when absent)',
        params: wishlistProductParamsSchema,
        response: { 200: wishlistSchema, ...errorResponses(401) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      await removeFromWishlist(db, user.id, req.params.productId);
      return getWishlist(db, user.id, requestLocale(req));
    },
  );
};
