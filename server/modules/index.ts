/**
 * Every API module, registered under /api. A module is a Fastify plugin taking the zod-typed app.
 * Add new modules here, one line each.
 */
import type { TypedApp } from '../app.js';
import { healthRoutes } from './health/health.routes.js';
import { shopRoutes } from './shop/shop.routes.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { registerAuth } from './accounts/auth.js';

export async function registerModules(api: TypedApp): Promise<void> {
  // Fills req.user on every request and checks the origin of unsafe cookie requests.
  registerAuth(api);
  await api.register(healthRoutes);
  await api.register(shopRoutes);
  await api.register(catalogueRoutes);
}
