/** Back office: the logged-in admin's own profile (GET/PUT /api/admin/profile). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toLocale } from '../../../shared/constants.js';
import { adminProfileSchema, adminProfileUpdateResponseSchema, updateAdminProfileBodySchema } from '../../../shared/schemas/accounts.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { trySend } from '../../lib/mail.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import { emailChangedMail } from './accounts.mails.js';
import { accountMessages as msg } from './accounts.messages.js';
import { findUser, toAdminProfile, updateAdminProfile } from './accounts.service.js';
import { currentUser } from './auth.js';

const tags = ['admin: profile'];

export const profileAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;

  admin.get(
    '/profile',
    { schema: { tags, security, summary: 'The logged-in admin', response: { 200: adminProfileSchema, ...errorResponses(401, 403) } } },
    async (req) => toAdminProfile(await findUser(db, currentUser(req).id)),
  );

  admin.put(
    '/profile',
    {
      schema: {
        tags,
        security,
        summary: 'Update the admin’s name, e-mail and phone',
        body: updateAdminProfileBodySchema,
        response: { 200: adminProfileUpdateResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      const { before, after } = await updateAdminProfile(db, currentUser(req).id, req.body);
      audit(req, { action: 'admin.profile.update', entity: 'user', entityId: after.id, before: toAdminProfile(before), after: toAdminProfile(after) });
      if (before.email !== after.email) {
        const notice = emailChangedMail({ email: before.email, name: after.name, locale: toLocale(after.language) }, after.email);
        await trySend(admin.mailer, req.log, notice, 'email_changed');
      }
      return { message: translate(msg.profileUpdated, requestLocale(req)), user: toAdminProfile(after) };
    },
  );
};
