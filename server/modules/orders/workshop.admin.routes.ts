/** Back office: the workshop sheet of a delivery day (what to make, for whom, where). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workshopQuerySchema, workshopSheetSchema } from '../../../shared/schemas/workshop.js';
import { requestLocale } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { workshopSheet } from './workshop.service.js';

export const workshopAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const tags = ['admin: orders'];
  const schema = {
    tags,
    security,
    summary:
      'The workshop sheet of a delivery day (`day`, YYYY-MM-DD; today in shop time when absent): every order but the cancelled ones, ' +
      'grouped by delivery zone, with recipient, address, lines, gift message, substitution choice and notes; names in the reader’s language',
    querystring: workshopQuerySchema,
    response: { 200: workshopSheetSchema, ...errorResponses(401, 403, 422) },
  };

  admin.get('/orders/workshop', { schema }, async (req) => workshopSheet(db, requestLocale(req), req.query.day));
  // The sheet's first address, kept for bookmarks and scripts: today's sheet.
  admin.get(
    '/orders/today',
    { schema: { ...schema, summary: 'Today’s workshop sheet (same answer as /orders/workshop without `day`)' } },
    async (req) => workshopSheet(db, requestLocale(req), req.query.day),
  );
};
