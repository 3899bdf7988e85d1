/** Back office: the orders list, one order, its edit, and "notify the admins" about an order. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBulkCancelAnswerSchema,
  adminBulkCancelSchema,
  adminOrderConflictSchema,
  adminOrderDetailSchema,
  adminOrderEditSchema,
  adminOrderListSchema,
  adminOrderSavedSchema,
  adminOrdersExportQuerySchema,
  adminOrdersQuerySchema,
  notifyNewOrderAnswerSchema,
  notifyNewOrderSchema,
} from '../../../shared/schemas/orders-admin.js';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { AppError } from '../../lib/errors.js';
import { defineMessages, requestLocale, translate } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { currentUser } from '../accounts/auth.js';
import { audit } from '../audit/audit-trail.js';
import { sendNewOrderNotice } from './order-mails.js';
import { queueStatusMail } from './status-mail.js';
import { versionFromIfMatch } from './if-match.js';
import { allOrdersForAdmin, getOrderForAdmin, listOrdersForAdmin } from './orders.admin.service.js';
import { csvHeader, csvRows } from './orders-csv.js';
import {
  cancelUnacceptedGuestOrders,
  editOrder,
  orderEditMessages,
  StaleOrderError,
  unacceptedGuestOrders,
} from './orders.edit.service.js';
import { FieldValidationError } from '../../lib/errors.js';
import { editOrderItems } from './order-items.edit.service.js';
import { orderMessages } from './orders.service.js';

const m = defineMessages({
  notified: {
    fr: 'Notification envoyée aux administrateurs : {n}',
    en: 'Notification sent to admins: {n}',
    ar: 'تم إرسال الإشعار إلى المسؤولين: {n}',
  },
});

export const ordersAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const tags = ['admin: orders'];

  admin.get(
    '/orders',
    {
      schema: {
        tags,
        security,
        summary:
          'Orders, 10 a page: search (id, customer name or e-mail), status, customized or regular, newest or oldest, created from/to',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrderListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => listOrdersForAdmin(db, req.query, requestLocale(req)),
  );

  admin.get(
    '/orders/export.csv',
    {
      schema: {
        tags,
        security,
        summary:
          'The filtered orders list (same filters as the list, every page) as CSV: `;` separated, UTF-8 with BOM, decimal comma, names and values in `lang` (or Accept-Language)',
        querystring: adminOrdersExportQuerySchema,
        produces: ['text/csv'],
        response: errorResponses(401, 403, 422),
      },
    },
    async (req, reply) => {
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`);
      // A download link cannot set Accept-Language: the screen names its language in `lang`.
      const { lang, ...filters } = req.query;
      const locale = lang ?? requestLocale(req);
      const parts = [csvHeader(locale)];
      for await (const batch of allOrdersForAdmin(db, filters, locale)) parts.push(csvRows(batch, locale));
      return reply.send(parts.join(''));
    },
  );

  admin.get(
    '/orders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One order with its lines (today’s stock), addresses, status history (who changed it) and version',
        params: idParamsSchema,
        response: { 200: adminOrderDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => getOrderForAdmin(db, req.params.id, requestLocale(req)),
  );

  admin.put(
    '/orders/edit/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Edit an order: status and payment status (required), address, delivery date (empty: today), gift message, recipient, notes, substitution, ' +
          'and optionally its lines (`items`, as PUT /orders/:id/items), all in one transaction, the lines first. ' +
          'Cancelling restocks; leaving cancelled re-takes stock (409 when short); a stale `version` (body field or `If-Match` header, both optional) is 409 with the fresh order.',
        params: idParamsSchema,
        body: adminOrderEditSchema,
        response: { 200: adminOrderSavedSchema, ...errorResponses(401, 403, 404, 422), 409: adminOrderConflictSchema },
      },
    },
    async (req) => {
      const id = req.params.id;
      const locale = requestLocale(req);
      const adminId = currentUser(req).id;
      const { items, ...fields } = req.body;
      let outcome;
      try {
        const version = req.body.version ?? versionFromIfMatch(req.headers['if-match']);
        // One save: the lines (which check the version and lock the order), then the fields, in one
        // transaction: a refused line (stock short) leaves the fields unsaved too, and the reverse.
        outcome = await db.transaction(async (tx) => {
          const lines = items ? await editOrderItems(tx, id, { items, version }, adminId, locale) : null;
          return { lines, fields: await editOrder(tx, id, { ...fields, version: lines ? undefined : version }, adminId, locale) };
        });
      } catch (err) {
        if (!(err instanceof StaleOrderError)) throw err;
        throw new AppError(409, orderEditMessages.stale, undefined, { order: await getOrderForAdmin(db, id, locale) });
      }
      const { lines, fields: edited } = outcome;
      // One audit row per request: the lines' before and after sit beside the fields'.
      audit(req, {
        action: 'order.update',
        entity: 'order',
        entityId: id,
        before: { ...edited.before, ...lines?.before },
        after: { ...edited.after, ...(lines && { ...lines.after, changes: lines.changes }) },
      });
      if (lines && lines.changes.length > 0) req.server.mailQueue.nudge();
      // The customer's mail waits out the undo window (status-mail.ts).
      if (edited.statusChanged) await queueStatusMail(req.server, id, edited.before.order_status, edited.after.order_status);
      return { message: translate(orderEditMessages.saved, locale), data: await getOrderForAdmin(db, id, locale) };
    },
  );

  admin.post(
    '/notify-new-order',
    {
      schema: {
        tags,
        security,
        summary: 'Mail every admin and super admin about an order (the order edit screen’s "Send Notification")',
        body: notifyNewOrderSchema,
        response: { 200: notifyNewOrderAnswerSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (req) => {
      const id = req.body.order_id;
      await getOrderForAdmin(db, id).catch(() => {
        throw new AppError(404, orderMessages.notFound);
      });
      const n = await sendNewOrderNotice(req.server, id);
      audit(req, { action: 'order.notify', entity: 'order', entityId: id, after: { admins_notified: n } });
      return { admins_notified: n, message: translate(m.notified, requestLocale(req), { n }) };
    },
  );

  admin.post(
    '/orders/bulk-cancel',
    {
      schema: {
        tags,
        security,
        summary:
          'Cancel guest orders the shop never accepted (pending or not confirmed): chosen `order_ids` and/or those older than `older_than_hours`. ' +
          'Each is restocked once in its own transaction; others are skipped. No mail to the (unproved) guest address.',
        body: adminBulkCancelSchema,
        response: { 200: adminBulkCancelAnswerSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      const { order_ids: ids, older_than_hours: hours } = req.body;
      if (!ids && hours === undefined) throw new FieldValidationError({ order_ids: [orderEditMessages.bulkFilter] });
      const eligible = await unacceptedGuestOrders(db, { ids, olderThanHours: hours });
      const result = await cancelUnacceptedGuestOrders(db, eligible, currentUser(req).id);
      const skipped = [...new Set([...(ids ?? []).filter((id) => !eligible.includes(id)), ...result.skipped])].sort((a, b) => a - b);
      audit(req, {
        action: 'order.bulk_cancel',
        entity: 'order',
        entityId: null,
        before: { order_ids: ids ?? null, older_than_hours: hours ?? null },
        after: { cancelled: result.cancelled, skipped },
      });
      const message = translate(orderEditMessages.bulkCancelled, requestLocale(req), {
        n: result.cancelled.length,
        skipped: skipped.length,
      });
      return { message, cancelled: result.cancelled, skipped };
    },
  );
};
