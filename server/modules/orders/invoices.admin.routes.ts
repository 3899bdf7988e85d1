/** Back office: a paid order's numbered invoice (issued once, then the same one every time). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { invoiceSchema } from '../../../shared/schemas/invoices.js';
import { AppError } from '../../lib/errors.js';
import { defineMessages } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { currentUser } from '../accounts/auth.js';
import { audit } from '../audit/audit-trail.js';
import { findInvoice, issueInvoice } from './invoices.service.js';

const m = defineMessages({
  none: { fr: 'Aucune facture pour cette commande.', en: 'No invoice for this order.', ar: 'لا توجد فاتورة لهذا الطلب.' },
});

export const invoicesAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const tags = ['admin: orders'];

  admin.get(
    '/orders/:id/invoice',
    {
      schema: {
        tags,
        security,
        summary: 'The order’s invoice, when one was issued',
        params: idParamsSchema,
        response: { 200: invoiceSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      const invoice = await findInvoice(db, req.params.id);
      if (!invoice) throw new AppError(404, m.none);
      return invoice;
    },
  );

  admin.post(
    '/orders/:id/invoice',
    {
      schema: {
        tags,
        security,
        summary: 'Issue the numbered invoice of a paid order (201), or give the one already issued (200); 409 while the order is not paid',
        params: idParamsSchema,
        response: { 200: invoiceSchema, 201: invoiceSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const { invoice, created } = await issueInvoice(db, req.params.id, currentUser(req).id);
      if (!created) return invoice;
      audit(req, {
        action: 'order.invoice',
        entity: 'order',
        entityId: req.params.id,
        after: { invoice: invoice.number, total: invoice.total },
      });
      return reply.code(201).send(invoice);
    },
  );
};
