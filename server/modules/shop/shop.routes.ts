import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { legalIdentitySchema, shopInfoSchema } from '../../../shared/schemas/shop.js';
import { requestLocale } from '../../lib/i18n.js';
import { readContact, readLegal, readRates, toShopInfo } from './shop-settings.service.js';

/** The shop's public contact details (back-office settings), for the footer and contact page. */
export const shopRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    '/shop-info',
    {
      schema: {
        tags: ['shop'],
        summary: 'Shop contact details in the reader’s language (empty ones are null), and the rates of approximate prices abroad',
        response: { 200: shopInfoSchema },
      },
    },
    async (req, reply) => {
      const db = api.database.db;
      const [contact, rates] = await Promise.all([readContact(db, api.config.shop), readRates(db)]);
      const info = toShopInfo(contact, requestLocale(req), rates);
      // Short: a change in the back office reaches new page loads within a minute.
      return reply.header('cache-control', 'public, max-age=60').header('vary', 'Accept-Language').send(info);
    },
  );

  api.get(
    '/shop-legal',
    {
      schema: {
        tags: ['shop'],
        summary: 'The shop’s legal identity, printed on every receipt (empty fields are left off)',
        response: { 200: legalIdentitySchema },
      },
    },
    async (_req, reply) => reply.header('cache-control', 'public, max-age=60').send(await readLegal(api.database.db)),
  );
};
