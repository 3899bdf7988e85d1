import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, validationErrorSchema } from '../../../shared/schemas/common.js';
import {
  testimonialCreatedSchema,
  testimonialInputSchema,
  testimonialListSchema,
  testimonialsQuerySchema,
} from '../../../shared/schemas/testimonials.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { security } from '../../lib/route-schema.js';
import { currentUser, requireUser } from '../accounts/auth.js';
import { createTestimonial, listConfirmed, testimonialMessages } from './testimonials.service.js';

/** Storefront testimonials and their back-office moderation. */
export const testimonialsRoutes: FastifyPluginAsyncZod = async (api) => {
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
};
