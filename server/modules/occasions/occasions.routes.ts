import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { occasionListSchema } from '../../../shared/schemas/occasions.js';
import { requestLocale } from '../../lib/i18n.js';
import { listOccasions } from './occasions.service.js';

/** The storefront's occasions, in the shop's order, the highlighted ones first. */
export const occasionsRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    '/occasions',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Occasions (Mother’s Day, birth, condolences...), highlighted first; filter products with `?occasion=<slug>`',
        response: { 200: occasionListSchema },
      },
    },
    async (req, reply) => {
      const data = await listOccasions(api.database.db, requestLocale(req));
      // Short: a change in the back office reaches new page loads within a minute.
      return reply.header('cache-control', 'public, max-age=60').header('vary', 'Accept-Language').send({ data });
    },
  );
};
