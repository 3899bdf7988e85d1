/** Back office: testimonial moderation (list with search, confirm, delete). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamsSchema, messageSchema } from '../../../shared/schemas/common.js';
import {
  adminTestimonialListSchema,
  adminTestimonialsQuerySchema,
  testimonialCreatedSchema,
} from '../../../shared/schemas/testimonials.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import { confirmTestimonial, deleteTestimonial, listForAdmin, testimonialMessages } from './testimonials.service.js';

export const testimonialsAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const adminTags = ['admin: testimonials'];

  admin.get(
    '/testimonials',
    {
      schema: {
        tags: adminTags,
        security,
        summary: 'All testimonials, newest first, with search (content or author) and status filter',
        querystring: adminTestimonialsQuerySchema,
        response: { 200: adminTestimonialListSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => listForAdmin(db, req.query),
  );

  admin.put(
    '/testimonials/:id/confirm',
    {
      schema: {
        tags: adminTags,
        security,
        summary: 'Confirm a testimonial: it shows on the home page',
        params: idParamsSchema,
        response: {
          200: testimonialCreatedSchema.describe('The confirmed testimonial'),
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (req) => {
      const data = await confirmTestimonial(db, req.params.id);
      audit(req, { action: 'testimonial.confirm', entity: 'testimonial', entityId: data.id, after: data });
      return { message: translate(testimonialMessages.confirmed, requestLocale(req)), data };
    },
  );

  admin.delete(
    '/testimonials/:id',
    {
      schema: {
        tags: adminTags,
        security,
        summary: 'Delete a testimonial',
        params: idParamsSchema,
        response: { 200: messageSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      await deleteTestimonial(db, req.params.id);
      audit(req, { action: 'testimonial.delete', entity: 'testimonial', entityId: req.params.id });
      return { message: translate(testimonialMessages.deleted, requestLocale(req)) };
    },
  );
};
