import { z } from 'zod';
import { expectedDeliveryDate, selectableRange } from '../../../shared/delivery-date.js';
import { closedDatesSchema, deliveryZoneSchema } from '../../../shared/schemas/delivery.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/i18n.js';
import { closedDatesFrom, listZones } from './delivery.service.js';
import { deliverySlotSchema, slotsQuerySchema } from '../../../shared/schemas/delivery-slots.js';
import { slotsForDay } from './delivery-slots.service.js';

const tags = ['delivery'];

export const deliveryRoutes: FastifyPluginAsyncZod = async (api) => {
  const db = api.database.db;

  api.get(
    '/delivery-zones',
    {
      schema: {
        tags,
        summary: 'Cities we deliver to, with their fee and free-delivery threshold',
        response: { 200: z.array(deliveryZoneSchema) },
      },
    },
    async (req) => listZones(db, requestLocale(req)),
  );

  api.get(
    '/delivery/closed-dates',
    {
      schema: {
        tags,
        summary: 'Upcoming closed dates and the selectable range, for the date picker',
        response: { 200: closedDatesSchema },
      },
    },
    async () => {
      const now = new Date();
      const range = selectableRange(now);
      const dates = await closedDatesFrom(db, range.today);
      return { dates, ...range, expected_without_date: expectedDeliveryDate(now, dates) };
    },
  );

  api.get(
    '/delivery/slots',
    {
      schema: {
        tags,
        summary:
          'The time slots of a day offered in a zone (every active slot without `city`: a pick-up), each available or not (started today, closed day, full)',
        querystring: slotsQuerySchema,
        response: { 200: z.array(deliverySlotSchema) },
      },
    },
    async (req) => slotsForDay(db, { day: req.query.date, zoneId: req.query.city ?? null, locale: requestLocale(req), now: new Date() }),
  );
};
