import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const shopInfoSchema = z.object({ phone: z.string(), whatsapp: z.string(), email: z.string() }).meta({ id: 'ShopInfo' });

/** The shop's public contact details (from configuration), for the footer and contact buttons. */
export const shopRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    '/shop-info',
    { schema: { tags: ['shop'], summary: 'Shop contact details', response: { 200: shopInfoSchema } } },
    async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(api.config.shop),
  );
};
