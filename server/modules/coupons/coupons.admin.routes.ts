/** Back office: coupons (list, one with the orders that used it, create, edit, switch on/off). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import {
  adminCouponDetailSchema,
  adminCouponListSchema,
  adminCouponSchema,
  adminCouponsQuerySchema,
  couponActiveBodySchema,
  couponInputSchema,
} from '../../../shared/schemas/coupons.js';
import { customerOrdersQuerySchema } from '../../../shared/schemas/people.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import {
  couponAdminMessages as msg,
  createCoupon,
  getCoupon,
  listCoupons,
  setCouponActive,
  updateCoupon,
} from './coupons.admin.service.js';

const tags = ['admin: coupons'];
const savedSchema = z.object({ message: z.string(), coupon: adminCouponSchema });

export const couponsAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;

  admin.get(
    '/coupons',
    {
      schema: {
        tags,
        security,
        summary: 'Coupons, newest first, with uses so far',
        querystring: adminCouponsQuerySchema,
        response: { 200: adminCouponListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => listCoupons(db, req.query),
  );

  admin.get(
    '/coupons/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One coupon and the orders that used it',
        params: idParamsSchema,
        querystring: customerOrdersQuerySchema,
        response: { 200: adminCouponDetailSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (req) => getCoupon(db, req.params.id, req.query),
  );

  admin.post(
    '/coupons',
    {
      schema: {
        tags,
        security,
        summary: 'Create a coupon',
        body: couponInputSchema,
        response: { 201: savedSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req, reply) => {
      const coupon = await createCoupon(db, req.body);
      audit(req, { action: 'coupon.create', entity: 'coupon', entityId: coupon.id, after: coupon });
      return reply.code(201).send({ message: translate(msg.saved, requestLocale(req)), coupon });
    },
  );

  admin.put(
    '/coupons/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a coupon',
        params: idParamsSchema,
        body: couponInputSchema,
        response: { 200: savedSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (req) => {
      const { before, after } = await updateCoupon(db, req.params.id, req.body);
      audit(req, { action: 'coupon.update', entity: 'coupon', entityId: after.id, before, after });
      return { message: translate(msg.saved, requestLocale(req)), coupon: after };
    },
  );

  admin.patch(
    '/coupons/:id/active',
    {
      schema: {
        tags,
        security,
        summary: 'Switch a coupon on or off',
        params: idParamsSchema,
        body: couponActiveBodySchema,
        response: { 200: savedSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (req) => {
      const { before, after } = await setCouponActive(db, req.params.id, req.body.is_active);
      audit(req, { action: after.is_active ? 'coupon.on' : 'coupon.off', entity: 'coupon', entityId: after.id, before, after });
      return { message: translate(msg.saved, requestLocale(req)), coupon: after };
    },
  );
};
