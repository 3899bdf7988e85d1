/** Back office: the dashboard's figures and the revenue screen. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardQuerySchema,
  dashboardSchema,
  dashboardTodaySchema,
  revenueQuerySchema,
  revenueSchema,
} from '../../../shared/schemas/dashboard.js';
import { requestLocale } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { dashboardFor } from './dashboard.service.js';
import { revenueFor } from './revenue.service.js';
import { todayFor } from './today.service.js';

export const dashboardAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const tags = ['admin: dashboard'];

  admin.get(
    '/dashboard',
    {
      schema: {
        tags,
        security,
        summary: 'Dashboard figures; revenue counts orders of `revenue_status` (delivered by default)',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => dashboardFor(db, req.query.revenue_status, requestLocale(req)),
  );

  admin.get(
    '/revenue',
    {
      schema: {
        tags,
        security,
        summary: 'Revenue of the current day, week, month or year (shop time) against the previous one, with its buckets',
        querystring: revenueQuerySchema,
        response: { 200: revenueSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => revenueFor(db, req.query.period, req.query.status),
  );

  admin.get(
    '/dashboard/today',
    {
      schema: {
        tags,
        security,
        summary:
          'What today asks of the shop (shop calendar): deliveries today and tomorrow (all, still to deliver, per slot with pick-ups apart; slot labels in the request language), orders to confirm, cash to collect (cash orders out or delivered not yet paid), today’s orders by bench mark',
        response: { 200: dashboardTodaySchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => todayFor(db, new Date(), requestLocale(req)),
  );
};
