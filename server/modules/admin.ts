/**
 * The back office's one scope: every `<domain>.admin.routes.ts` is registered here, under
 * /api/admin, behind one guard:
 *   - a visitor gets 401, a customer 403;
 *   - a route with `config: { superAdmin: true }` answers 403 to an admin who is not a super admin;
 *   - a driver gets 403 on every route but those with `config: { driver: true }` (its round): a route
 *     added later stays closed to drivers unless it says otherwise;
 *   - answers are `Cache-Control: no-store`;
 *   - every successful write leaves an audit row (audit/audit-trail.ts).
 * A route registered under /api/admin anywhere else stops the start (`registerAdminScope`),
 * and server/modules/admin.test.ts walks the route table as every role.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireStaff, requireSuperAdmin } from './accounts/auth.js';
import { profileAdminRoutes } from './accounts/profile.admin.routes.js';
import { auditAdminRoutes } from './audit/audit.admin.routes.js';
import { registerAuditTrail } from './audit/audit-trail.js';
import { colorsAdminRoutes } from './catalogue/colors.admin.routes.js';
import { productOrderAdminRoutes } from './catalogue/product-order.admin.routes.js';
import { productsAdminRoutes } from './catalogue/products.admin.routes.js';
import { taxonomyAdminRoutes } from './catalogue/taxonomy.admin.routes.js';
import { occasionsAdminRoutes } from './occasions/occasions.admin.routes.js';
import { dashboardAdminRoutes } from './dashboard/dashboard.admin.routes.js';
import { frontDeskAdminRoutes } from './orders/front-desk.admin.routes.js';
import { invoicesAdminRoutes } from './orders/invoices.admin.routes.js';
import { ordersAdminRoutes } from './orders/orders.admin.routes.js';
import { paymentsAdminRoutes } from './orders/payments.admin.routes.js';
import { paymentLinkAdminRoutes } from './payments/payment-link.admin.routes.js';
import { staffOrderRoutes } from './checkout/staff-order.admin.routes.js';
import { orderItemsAdminRoutes } from './orders/order-items.admin.routes.js';
import { workshopAdminRoutes } from './orders/workshop.admin.routes.js';
import { roundAdminRoutes } from './orders/round.admin.routes.js';
import { couponsAdminRoutes } from './coupons/coupons.admin.routes.js';
import { deliveryAdminRoutes } from './delivery/delivery.admin.routes.js';
import { lowStockAdminRoutes } from './low-stock/low-stock.admin.routes.js';
import { adminsAdminRoutes } from './people/admins.admin.routes.js';
import { customersAdminRoutes } from './people/customers.admin.routes.js';
import { shopAdminRoutes } from './shop/shop.admin.routes.js';
import { testimonialsAdminRoutes } from './testimonials/testimonials.admin.routes.js';
import type { TypedApp } from '../types.js';

export const ADMIN_PREFIX = '/admin';

export async function adminGuard(req: FastifyRequest): Promise<void> {
  await requireStaff(req);
  if (!req.routeOptions.config.driver) await requireAdmin(req);
  if (req.routeOptions.config.superAdmin) await requireSuperAdmin(req);
}

/** Every back-office module, one line each. */
const adminModules: FastifyPluginAsyncZod = async (admin) => {
  await admin.register(profileAdminRoutes);
  await admin.register(testimonialsAdminRoutes);
  await admin.register(productsAdminRoutes);
  await admin.register(productOrderAdminRoutes);
  await admin.register(taxonomyAdminRoutes);
  await admin.register(colorsAdminRoutes);
  await admin.register(occasionsAdminRoutes);
  await admin.register(dashboardAdminRoutes);
  await admin.register(ordersAdminRoutes);
  await admin.register(invoicesAdminRoutes);
  await admin.register(paymentsAdminRoutes);
  await admin.register(paymentLinkAdminRoutes);
  await admin.register(staffOrderRoutes);
  await admin.register(orderItemsAdminRoutes);
  await admin.register(workshopAdminRoutes);
  await admin.register(frontDeskAdminRoutes);
  await admin.register(roundAdminRoutes);
  await admin.register(customersAdminRoutes);
  await admin.register(adminsAdminRoutes);
  await admin.register(couponsAdminRoutes);
  await admin.register(deliveryAdminRoutes);
  await admin.register(auditAdminRoutes);
  await admin.register(shopAdminRoutes);
  await admin.register(lowStockAdminRoutes);
};

/** Registers the scope, and refuses to start when an /api/admin route was registered outside it. */
export async function registerAdminScope(api: TypedApp): Promise<void> {
  const inScope = new Set<string>();
  await api.register(
    async (admin) => {
      admin.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) inScope.add(`${method} ${route.url}`);
      });
      admin.addHook('onRequest', adminGuard);
      admin.addHook('onRequest', async (_req, reply) => {
        reply.header('cache-control', 'no-store');
      });
      registerAuditTrail(admin);
      await admin.register(adminModules);
    },
    { prefix: ADMIN_PREFIX },
  );
  api.addHook('onReady', async () => {
    const outside = api.routeTable.filter((r) => /^\/api\/admin(\/|$)/.test(r.url) && !inScope.has(`${r.method} ${r.url}`));
    if (outside.length > 0) {
      throw new Error(`Admin routes outside the admin scope (no guard): ${outside.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    }
  });
}
