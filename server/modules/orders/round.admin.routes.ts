/**
 * Back office: drivers' rounds. Staff: the drivers, a day's board, assigning orders (one or several)
 * and ordering a driver's stops. The driver (routes with `config: { driver: true }`): its own round of
 * a day and what happened at each stop; another driver's stop is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messageSchema } from '../../../shared/schemas/common.js';
import { orderPaymentsSchema } from '../../../shared/schemas/payments.js';
import {
  DELIVERY_PHOTO_MAX_BYTES,
  assignDriverSchema,
  assignedSchema,
  bulkAssignDriverSchema,
  cashCollectedSchema,
  driverListSchema,
  notDeliveredSchema,
  reorderStopsSchema,
  roundQuerySchema,
  roundSchema,
  roundsBoardSchema,
  roundsQuerySchema,
  stopSavedSchema,
} from '../../../shared/schemas/rounds.js';
import { readForm } from '../../lib/multipart.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { currentUser } from '../accounts/auth.js';
import { audit } from '../audit/audit-trail.js';
import { queueStatusMail } from './status-mail.js';
import { resolveDay, shopDay } from './workshop.service.js';
import {
  assignDriver,
  collectCash,
  dayStops,
  driverStop,
  driverStops,
  listDrivers,
  markDelivered,
  markFailed,
  reorderStops,
  roundMessages as m,
} from './round.service.js';

const tags = ['admin: rounds'];
/** Routes a driver may call: its own round. */
const driver = { driver: true };

export const roundAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;

  admin.get(
    '/drivers',
    {
      schema: {
        tags,
        security,
        summary: 'The shop’s drivers (accounts with the driver role)',
        response: { 200: driverListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await listDrivers(db) }),
  );

  admin.get(
    '/rounds',
    {
      schema: {
        tags,
        security,
        summary:
          'A delivery day’s board (`day`, today in shop time when absent): the drivers and every order due that day but the cancelled ones, with its driver and stop',
        querystring: roundsQuerySchema,
        response: { 200: roundsBoardSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      const day = resolveDay(req.query.day);
      const [drivers, stops] = await Promise.all([listDrivers(db), dayStops(db, requestLocale(req), day)]);
      return { day, today: shopDay(new Date()), drivers, stops };
    },
  );

  admin.put(
    '/orders/:id/driver',
    {
      schema: {
        tags,
        security,
        summary: 'Give the order to a driver (`driver_id`; null: to nobody); a new stop goes last in the driver’s day',
        params: idParamsSchema,
        body: assignDriverSchema,
        response: { 200: assignedSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (req) => {
      const ids = await assignDriver(db, [req.params.id], req.body.driver_id);
      audit(req, { action: 'order.driver', entity: 'order', entityId: req.params.id, after: { driver_id: req.body.driver_id } });
      return { message: translate(m.assigned, requestLocale(req), { n: ids.length }), order_ids: ids };
    },
  );

  admin.put(
    '/orders/driver',
    {
      schema: {
        tags,
        security,
        summary: 'Give several orders to one driver at once (or to nobody): all or none',
        body: bulkAssignDriverSchema,
        response: { 200: assignedSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (req) => {
      const ids = await assignDriver(db, req.body.order_ids, req.body.driver_id);
      audit(req, { action: 'order.driver.bulk', entity: 'order', after: { order_ids: ids, driver_id: req.body.driver_id } });
      return { message: translate(m.assigned, requestLocale(req), { n: ids.length }), order_ids: ids };
    },
  );

  admin.put(
    '/rounds/stops',
    {
      schema: {
        tags,
        security,
        summary: 'The order of one driver’s stops of a day: `order_ids` first to last (each must be in that round)',
        body: reorderStopsSchema,
        response: { 200: messageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      await reorderStops(db, req.body);
      audit(req, { action: 'round.reorder', entity: 'round', entityId: req.body.driver_id, after: req.body });
      return { message: translate(m.reordered, requestLocale(req)) };
    },
  );

  // ---------------------------------------------------------------- the driver's own round

  admin.get(
    '/round',
    {
      config: driver,
      schema: {
        tags,
        security,
        summary: 'The signed-in driver’s stops of a day (`day`, today when absent), in driving order',
        querystring: roundQuerySchema,
        response: { 200: roundSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const day = resolveDay(req.query.day);
      const [stops, drivers] = await Promise.all([driverStops(db, requestLocale(req), me.id, day), listDrivers(db)]);
      const self = drivers.find((d) => d.id === me.id) ?? { id: me.id, name: me.name, phone: null };
      return { day, today: shopDay(new Date()), driver: self, stops };
    },
  );

  admin.get(
    '/round/stops/:id',
    {
      config: driver,
      schema: {
        tags,
        security,
        summary: 'One stop of the signed-in driver’s round (404 when the order is not theirs)',
        params: idParamsSchema,
        response: { 200: stopSavedSchema.shape.stop, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => driverStop(db, requestLocale(req), currentUser(req).id, req.params.id),
  );

  admin.post(
    '/round/stops/:id/delivered',
    {
      config: driver,
      schema: {
        tags,
        security,
        summary: 'Delivered: the order moves to delivered (the customer is mailed); multipart with an optional `photo` (proof of delivery)',
        params: idParamsSchema,
        response: { 200: stopSavedSchema, ...errorResponses(401, 403, 404, 409, 413, 422) },
      },
    },
    async (req) => {
      const me = currentUser(req);
      // Only the driver's own stop reads a file: another order is 404 before any upload is kept.
      await driverStop(db, requestLocale(req), me.id, req.params.id);
      const { files } = await readForm(req, { maxFileBytes: DELIVERY_PHOTO_MAX_BYTES, maxFiles: 1, tooLarge: m.photoTooLarge });
      const photo = files.find((f) => f.field === 'photo') ?? files[0];
      const done = await markDelivered(db, admin.pictures, me.id, req.params.id, photo?.buffer ?? null);
      await queueStatusMail(admin, req.params.id, done.from, 'delivered');
      const stop = await driverStop(db, requestLocale(req), me.id, req.params.id);
      audit(req, {
        action: 'order.delivered',
        entity: 'order',
        entityId: req.params.id,
        before: { order_status: done.from },
        after: { order_status: 'delivered', photo: stop.photo_url },
      });
      return { message: translate(m.delivered, requestLocale(req)), stop };
    },
  );

  admin.post(
    '/round/stops/:id/not-delivered',
    {
      config: driver,
      schema: {
        tags,
        security,
        summary: 'Could not deliver, with the reason (kept on the stop and in the order’s history for staff)',
        params: idParamsSchema,
        body: notDeliveredSchema,
        response: { 200: stopSavedSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (req) => {
      const me = currentUser(req);
      await markFailed(db, me.id, req.params.id, req.body.reason, requestLocale(req));
      audit(req, { action: 'order.not_delivered', entity: 'order', entityId: req.params.id, after: { reason: req.body.reason } });
      const stop = await driverStop(db, requestLocale(req), me.id, req.params.id);
      return { message: translate(m.failed, requestLocale(req)), stop };
    },
  );

  admin.post(
    '/round/stops/:id/cash',
    {
      config: driver,
      schema: {
        tags,
        security,
        summary: 'Cash collected at the door: a cash payment recorded by the driver (more than what is due is 422)',
        params: idParamsSchema,
        body: cashCollectedSchema,
        response: { 201: orderPaymentsSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (req, reply) => {
      const recorded = await collectCash(db, currentUser(req).id, req.params.id, req.body.amount);
      audit(req, {
        action: 'order.payment',
        entity: 'order',
        entityId: req.params.id,
        before: recorded.before,
        after: { method: 'cash', amount: req.body.amount, payment_status: recorded.money.payment_status, paid: recorded.money.paid },
      });
      return reply.code(201).send(recorded.money);
    },
  );
};
