/**
 * Back office: the low-stock list (for the dashboard block) and its threshold. Also starts the hourly
 * check that mails admins (at most daily, when the list changed): a timer in the server process,
 * stopped when the server closes; not started in tests (they call the check themselves).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lowStockSchema, lowStockThresholdSchema } from '../../../shared/schemas/low-stock.js';
import { requestLocale } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import { writeSetting } from '../shop/shop-settings.service.js';
import { listLowStock, lowStockThreshold, mailLowStockIfChanged, THRESHOLD_KEY } from './low-stock.service.js';

const tags = ['admin: low stock'];
const CHECK_EVERY_MS = 3600 * 1000;

export const lowStockAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;

  admin.get(
    '/low-stock',
    {
      schema: {
        tags,
        security,
        summary: 'Products at or under the low-stock threshold, fewest first',
        response: { 200: lowStockSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => listLowStock(db, requestLocale(req)),
  );

  admin.put(
    '/low-stock/threshold',
    {
      schema: {
        tags,
        security,
        summary: 'Change the low-stock threshold',
        body: lowStockThresholdSchema,
        response: { 200: lowStockSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      const before = await lowStockThreshold(db);
      await writeSetting(db, THRESHOLD_KEY, req.body.threshold);
      audit(req, {
        action: 'settings.update',
        entity: 'settings',
        entityId: THRESHOLD_KEY,
        before: { threshold: before },
        after: req.body,
      });
      return listLowStock(db, requestLocale(req));
    },
  );

  if (admin.config.env === 'test') return;
  let timer: NodeJS.Timeout | undefined;
  const check = () =>
    mailLowStockIfChanged({ db, mailer: admin.mailer, log: admin.log, publicUrl: admin.config.publicUrl }).catch((err: unknown) =>
      admin.log.error({ err: { message: (err as Error).message } }, 'low-stock check failed'),
    );
  admin.addHook('onReady', async () => {
    timer = setInterval(() => void check(), CHECK_EVERY_MS);
    timer.unref();
    void check();
  });
  admin.addHook('onClose', async () => clearInterval(timer));
};
