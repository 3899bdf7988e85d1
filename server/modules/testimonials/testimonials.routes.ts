import { errorSchema, idParamsSchema, messageSchema, validationErrorSchema } from '../../../shared/schemas/common.js';
import {
  adminTestimonialListSchema,
  adminTestimonialsQuerySchema,
  testimonialCreatedSchema,
  testimonialInputSchema,
  testimonialListSchema,
  testimonialsQuerySchema,
} from '../../../shared/schemas/testimonials.js';
import type { TypedApp } from '../../app.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { currentUser, requireAdmin, requireUser } from '../accounts/auth.js';
import {
  confirmTestimonial,
  createTestimonial,
  deleteTestimonial,
  listConfirmed,
  listForAdmin,
  testimonialMessages,
} from './testimonials.service.js';

const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/** Storefront testimonials and their back-office moderation. */
export async function testimonialsRoutes(api: TypedApp) {
  const db = api.database.db;

  api.get(
    '/testimonials',
    {
      schema: {
        tags: ['testimonials'],
        summary: 'Confirmed testimonials, newest first',
        querystring: testimonialsQuerySchema,
        response: { 200: testimonialListSchema },
      },
    },
    async (req) => ({ data: await listConfirmed(db, req.query.limit) }),
  );

  api.post(
    '/testimonials',
    {
      onRequest: requireUser,
      schema: {
        tags: ['testimonials'],
        security,
        summary: 'Share an experience; it appears once an admin has confirmed it',
        body: testimonialInputSchema,
        response: { 201: testimonialCreatedSchema, 401: errorSchema, 422: validationErrorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      const data = await createTestimonial(db, currentUser(req), req.body, { rateLimit: api.config.rateLimit });
      return reply.code(201).send({ message: translate(testimonialMessages.thanks, requestLocale(req)), data });
    },
  );

  const adminTags = ['admin: testimonials'];

  api.get(
    '/admin/testimonials',
    {
      onRequest: requireAdmin,
      schema: {
        tags: adminTags,
        security,
        summary: 'All testimonials, newest first, with search (content or author) and status filter',
        querystring: adminTestimonialsQuerySchema,
        response: { 200: adminTestimonialListSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req, reply) => reply.header('cache-control', 'private, no-store').send(await listForAdmin(db, req.query)),
  );

  api.put(
    '/admin/testimonials/:id/confirm',
    {
      onRequest: requireAdmin,
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
    async (req) => ({
      message: translate(testimonialMessages.confirmed, requestLocale(req)),
      data: await confirmTestimonial(db, req.params.id),
    }),
  );

  api.delete(
    '/admin/testimonials/:id',
    {
      onRequest: requireAdmin,
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
      return { message: translate(testimonialMessages.deleted, requestLocale(req)) };
    },
  );
}
