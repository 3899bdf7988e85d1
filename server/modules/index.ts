/**
 * Every API module, registered under /api. A module is a Fastify plugin taking the zod-typed app.
 * Add new modules here, one line each.
 */
import type { TypedApp } from '../types.js';
import { healthRoutes } from './health/health.routes.js';
import { shopRoutes } from './shop/shop.routes.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { occasionsRoutes } from './occasions/occasions.routes.js';
import { registerCatalogueInvalidation } from './catalogue/read/cache-invalidation.js';
import { registerAuth } from './accounts/auth.js';
import { accountRoutes } from './accounts/accounts.routes.js';
import { ordersRoutes } from './orders/orders.routes.js';
import { testimonialsRoutes } from './testimonials/testimonials.routes.js';
import { wishlistRoutes } from './wishlist/wishlist.routes.js';
import { cartRoutes } from './cart/cart.routes.js';
import { deliveryRoutes } from './delivery/delivery.routes.js';
import { checkoutRoutes } from './checkout/checkout.routes.js';
import { customBouquetRoutes } from './custom-bouquet/custom-bouquet.routes.js';
import { customCheckoutRoutes } from './checkout/custom-checkout.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { registerAdminScope } from './admin.js';

export async function registerModules(api: TypedApp): Promise<void> {
  // Fills req.user on every request and checks the origin of unsafe cookie requests.
  registerAuth(api);
  // Clears the catalogue cache of every process after admin writes and placed orders.
  await registerCatalogueInvalidation(api);
  await api.register(accountRoutes);
  await api.register(healthRoutes);
  await api.register(shopRoutes);
  await api.register(catalogueRoutes);
  await api.register(occasionsRoutes);
  await api.register(ordersRoutes);
  await api.register(testimonialsRoutes);
  await api.register(wishlistRoutes);
  await api.register(cartRoutes);
  await api.register(deliveryRoutes);
  await api.register(checkoutRoutes);
  await api.register(customBouquetRoutes);
  await api.register(customCheckoutRoutes);
  await api.register(paymentsRoutes);
  // The back office: /api/admin/*, one guarded scope (admin.ts).
  await registerAdminScope(api);
}
