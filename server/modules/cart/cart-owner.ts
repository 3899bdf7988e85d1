/**
 * Who owns the request's cart: the logged-in customer, or the visitor's cart cookie. Used by the cart
 * routes and the checkout alike.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mergeVisitorCart, type CartOwner } from './cart.service.js';

export const CART_COOKIE = 'cart_id';
const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 60; // 60 days

export function setCartCookie(req: FastifyRequest, reply: FastifyReply, cartId: string) {
  reply.setCookie(CART_COOKIE, cartId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    path: '/',
    maxAge: CART_COOKIE_MAX_AGE,
  });
}

export function clearCartCookie(reply: FastifyReply) {
  reply.clearCookie(CART_COOKIE, { path: '/' });
}

/**
 * The owner of the request's cart. A logged-in customer who still carries a visitor cart cookie (the
 * login hook missed it, e.g. a token login from another tab) gets it merged here, once.
 */
export async function cartOwner(req: FastifyRequest, reply: FastifyReply): Promise<CartOwner> {
  const cookieId = req.cookies?.[CART_COOKIE] ?? null;
  if (req.user) {
    if (cookieId) {
      await mergeVisitorCart(req.server.database.db, { visitorCartId: cookieId, userId: req.user.id });
      clearCartCookie(reply);
    }
    return { userId: req.user.id, cookieId: null, email: req.user.email };
  }
  return { userId: null, cookieId, email: null };
}
