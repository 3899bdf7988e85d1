/**
 * A tiny hook other modules use to act after a successful login, without accounts importing them.
 * The cart module attaches the visitor's cart this way:
 *
 *   // in the cart plugin (server/modules/cart/cart.routes.ts)
 *   onLogin(api, async ({ req, reply, userId }) => {
 *     await mergeVisitorCart(req.server.database.db, { cartCookieId: req.cookies.cart, userId });
 *   });
 *
 * `onLogin(api, listener)` keeps the listener with that app (tests build many apps in one process);
 * `onLogin(listener)` registers it for every app. Listeners run in order after the session exists and
 * its cookie is set, before the answer leaves; they may set or clear cookies on `reply`. A failing
 * listener is logged and does not fail the login.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface LoginEvent {
  req: FastifyRequest;
  reply: FastifyReply;
  userId: number;
}
export type LoginListener = (event: LoginEvent) => void | Promise<void>;

const everyApp = new Set<LoginListener>();
const LISTENERS = Symbol.for('flora.accounts.loginListeners');

type WithListeners = { [LISTENERS]?: Set<LoginListener> };

/** The listeners of one app live on the /api context (decorated by registerAuth), shared by its plugins. */
export function decorateLoginListeners(api: FastifyInstance) {
  if (!api.hasDecorator(LISTENERS)) api.decorate(LISTENERS, new Set<LoginListener>());
}

export function onLogin(listener: LoginListener): () => void;
export function onLogin(api: FastifyInstance, listener: LoginListener): () => void;
export function onLogin(a: FastifyInstance | LoginListener, b?: LoginListener): () => void {
  if (typeof a === 'function') {
    everyApp.add(a);
    return () => everyApp.delete(a);
  }
  const set = (a as unknown as WithListeners)[LISTENERS];
  if (!set || !b) throw new Error('onLogin(api, listener): register the module under /api, after registerAuth');
  set.add(b);
  return () => set.delete(b);
}

export async function fireLogin(event: LoginEvent): Promise<void> {
  const own = (event.req.server as unknown as WithListeners)[LISTENERS] ?? new Set<LoginListener>();
  for (const listener of [...everyApp, ...own]) {
    try {
      await listener(event);
    } catch (err) {
      event.req.log.error({ err: err instanceof Error ? { message: err.message, name: err.name } : String(err) }, 'login listener failed');
    }
  }
}
