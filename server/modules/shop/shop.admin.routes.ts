/** Back office: the shop's contact details and social links shown to customers (`/admin/settings`). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactSettingsSchema } from '../../../shared/schemas/shop-info.js';
import { defineMessages, requestLocale, translate } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import { CONTACT_KEY, readContact, writeSetting } from './shop-settings.service.js';

const tags = ['admin: shop settings'];
const messages = defineMessages({ saved: { fr: 'Réglages enregistrés.', en: 'Settings saved.', ar: 'تم حفظ الإعدادات.' } });

export const shopAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;

  admin.get(
    '/settings',
    { schema: { tags, security, summary: 'Contact details and social links as saved', response: { 200: contactSettingsSchema, ...errorResponses(401, 403) } } },
    async () => readContact(db, admin.config.shop),
  );

  admin.put(
    '/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Save the contact details and social links (empty hides them on the storefront)',
        body: contactSettingsSchema,
        response: { 200: z.object({ message: z.string(), settings: contactSettingsSchema }), ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      const before = await readContact(db, admin.config.shop);
      await writeSetting(db, CONTACT_KEY, req.body);
      audit(req, { action: 'settings.update', entity: 'settings', entityId: CONTACT_KEY, before, after: req.body });
      return { message: translate(messages.saved, requestLocale(req)), settings: req.body };
    },
  );
};
