/** Back office: delivery zones and closed dates (shop settings the back office manages). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateInText } from '../../../shared/dates.js';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import {
  adminClosedDateListSchema,
  adminZoneListSchema,
  adminZoneSchema,
  closedDateInputSchema,
  closedDateParamsSchema,
  closedDatesQuerySchema,
  closeDayAnswerSchema,
  closeDayConflictSchema,
  dueOrdersSchema,
  zoneInputSchema,
} from '../../../shared/schemas/delivery-admin.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import {
  closeDate,
  createZone,
  deliveryAdminMessages as msg,
  dueOrders,
  listAllZones,
  listClosedDates,
  reopenDate,
  updateZone,
} from './delivery.admin.service.js';

import { adminSlotListSchema, adminSlotSchema, slotInputSchema } from '../../../shared/schemas/delivery-slots.js';
import { createSlot, deleteSlot, listAllSlots, updateSlot } from './delivery-slots.service.js';

const zoneTags = ['admin: delivery zones'];
const slotTags = ['admin: delivery slots'];
const slotSaved = z.object({ message: z.string(), slot: adminSlotSchema });
const dateTags = ['admin: closed dates'];
const zoneSaved = z.object({ message: z.string(), zone: adminZoneSchema });

export const deliveryAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;

  admin.get(
    '/delivery-zones',
    {
      schema: {
        tags: zoneTags,
        security,
        summary: 'Every zone, active or not, in display order',
        response: { 200: adminZoneListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await listAllZones(db) }),
  );

  admin.post(
    '/delivery-zones',
    {
      schema: {
        tags: zoneTags,
        security,
        summary: 'Add a city',
        body: zoneInputSchema,
        response: { 201: zoneSaved, ...errorResponses(401, 403, 422) },
      },
    },
    async (req, reply) => {
      const zone = await createZone(db, req.body);
      audit(req, { action: 'zone.create', entity: 'delivery_zone', entityId: zone.id, after: zone });
      return reply.code(201).send({ message: translate(msg.saved, requestLocale(req)), zone });
    },
  );

  admin.put(
    '/delivery-zones/:id',
    {
      schema: {
        tags: zoneTags,
        security,
        summary: 'Edit a city (names, fees, threshold, active)',
        params: idParamsSchema,
        body: zoneInputSchema,
        response: { 200: zoneSaved, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (req) => {
      const { before, after } = await updateZone(db, req.params.id, req.body);
      audit(req, { action: 'zone.update', entity: 'delivery_zone', entityId: after.id, before, after });
      return { message: translate(msg.saved, requestLocale(req)), zone: after };
    },
  );

  admin.get(
    '/closed-dates',
    {
      schema: {
        tags: dateTags,
        security,
        summary: 'Closed days in a range (default: from today, one year)',
        querystring: closedDatesQuerySchema,
        response: { 200: adminClosedDateListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => listClosedDates(db, req.query),
  );

  admin.get(
    '/closed-dates/:date/due',
    {
      schema: {
        tags: dateTags,
        security,
        summary:
          'The orders still due on a day (not delivered, not cancelled) with their slot and notes, the next open day they would move to and its slots’ room',
        params: closedDateParamsSchema,
        response: { 200: dueOrdersSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => dueOrders(db, req.params.date, { locale: requestLocale(req) }),
  );

  admin.post(
    '/closed-dates',
    {
      schema: {
        tags: dateTags,
        security,
        summary:
          'Close a day (no delivery); checkout refuses it at once. Orders due that day: due_orders=move (to the next open day, customers mailed) or keep, or decisions (move or keep, one per due order, optionally another slot); without it, 409 listing them; a full slot on the target day, 409 naming the order',
        body: closedDateInputSchema,
        response: { 200: closeDayAnswerSchema, 409: closeDayConflictSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      const user = req.user!;
      const locale = requestLocale(req);
      const { before, after, moved, kept } = await closeDate(db, req.body, { id: user.id, email: user.email }, locale);
      if (moved.length > 0) admin.mailQueue.nudge();
      audit(req, { action: 'closed_date.close', entity: 'closed_date', entityId: after.date, before, after: { ...after, moved, kept } });
      const date = moved.length > 0 ? dateInText(locale, moved[0]!.delivery_date, 'day') : '';
      const message =
        moved.length > 0 && kept.length > 0
          ? translate(msg.closedMovedAndKept, locale, { count: moved.length, date, kept: kept.length })
          : moved.length > 0
            ? translate(msg.closedAndMoved, locale, { count: moved.length, date })
            : kept.length > 0
              ? translate(msg.closedAndKept, locale, { kept: kept.length })
              : translate(msg.saved, locale);
      return { message, closed_date: after, moved, kept };
    },
  );

  admin.delete(
    '/closed-dates/:date',
    {
      schema: {
        tags: dateTags,
        security,
        summary: 'Reopen a day',
        params: closedDateParamsSchema,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (req) => {
      const before = await reopenDate(db, req.params.date);
      audit(req, { action: 'closed_date.reopen', entity: 'closed_date', entityId: before.date, before });
      return { message: translate(msg.reopened, requestLocale(req)) };
    },
  );

  admin.get(
    '/delivery-slots',
    {
      schema: {
        tags: slotTags,
        security,
        summary: 'Every delivery slot, active or not, in display order, with the zones each is limited to',
        response: { 200: adminSlotListSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({ data: await listAllSlots(db, requestLocale(req)) }),
  );

  admin.post(
    '/delivery-slots',
    {
      schema: {
        tags: slotTags,
        security,
        summary: 'Add a delivery slot (its key is written from its times and never changes)',
        body: slotInputSchema,
        response: { 201: slotSaved, ...errorResponses(401, 403, 422) },
      },
    },
    async (req, reply) => {
      const locale = requestLocale(req);
      const slot = await createSlot(db, req.body, locale);
      audit(req, { action: 'delivery_slot.create', entity: 'delivery_slot', entityId: slot.id, after: slot });
      return reply.code(201).send({ message: translate(msg.saved, locale), slot });
    },
  );

  admin.put(
    '/delivery-slots/:id',
    {
      schema: {
        tags: slotTags,
        security,
        summary: 'Edit a delivery slot (times, names, capacity, active, zones)',
        params: idParamsSchema,
        body: slotInputSchema,
        response: { 200: slotSaved, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (req) => {
      const locale = requestLocale(req);
      const { before, after } = await updateSlot(db, req.params.id, req.body, locale);
      audit(req, { action: 'delivery_slot.update', entity: 'delivery_slot', entityId: after.id, before, after });
      return { message: translate(msg.saved, locale), slot: after };
    },
  );

  admin.delete(
    '/delivery-slots/:id',
    {
      schema: {
        tags: slotTags,
        security,
        summary: 'Delete a delivery slot (orders keep its key and label)',
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (req) => {
      const before = await deleteSlot(db, req.params.id, requestLocale(req));
      audit(req, { action: 'delivery_slot.delete', entity: 'delivery_slot', entityId: before.id, before });
      return { message: translate(msg.saved, requestLocale(req)) };
    },
  );
};
