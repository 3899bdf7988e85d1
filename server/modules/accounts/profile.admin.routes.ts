/**
 * Back office: the logged-in admin's own profile (GET/PUT /api/admin/profile) and e-mail change
 * (POST/DELETE /api/admin/profile/email; the link is confirmed by the public POST /api/profile/email/confirm).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProfileSchema,
  adminProfileUpdateResponseSchema,
  emailChangeBodySchema,
  emailChangeResponseSchema,
  updateAdminProfileBodySchema,
} from '../../../shared/schemas/accounts.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { keyedLimit } from '../../lib/keyed-limit.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import { ACCOUNT_RATE_LIMITS } from './accounts.routes.js';
import { addressIn } from './accounts.mails.js';
import { accountMessages as msg } from './accounts.messages.js';
import { cancelEmailChange, findUser, requestEmailChange, toAdminProfile, updateAdminProfile } from './accounts.service.js';
import { currentUser } from './auth.js';

const tags = ['admin: profile'];

export const profileAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const { publicUrl } = admin.config;

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
        summary: 'Update the admin’s name and phone (an `email` sent must be the current one: see POST /admin/profile/email)',
        body: updateAdminProfileBodySchema,
        response: { 200: adminProfileUpdateResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      const { before, after } = await updateAdminProfile(db, currentUser(req).id, req.body);
      audit(req, { action: 'admin.profile.update', entity: 'user', entityId: after.id, before: toAdminProfile(before), after: toAdminProfile(after) });
      return { message: translate(msg.profileUpdated, requestLocale(req)), user: toAdminProfile(after) };
    },
  );

  admin.post(
    '/profile/email',
    {
      // It needs the current password: the same limits as a password change.
      config: { rateLimit: admin.config.rateLimit ? { ...ACCOUNT_RATE_LIMITS.login } : false },
      preHandler: keyedLimit(admin, 'email-change', ACCOUNT_RATE_LIMITS.login, (req) => (req.user ? String(req.user.id) : null)),
      schema: {
        tags,
        security,
        summary: 'Ask to change the admin’s e-mail: a 24 h link to the new address; the current one stays in force until it is opened',
        body: emailChangeBodySchema,
        response: { 200: emailChangeResponseSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (req) => {
      const before = await findUser(db, currentUser(req).id);
      const after = await requestEmailChange(db, before.id, req.body, { publicUrl, locale: requestLocale(req) });
      audit(req, { action: 'admin.profile.email_change', entity: 'user', entityId: after.id, before: toAdminProfile(before), after: toAdminProfile(after) });
      const locale = requestLocale(req);
      return { message: translate(msg.emailChangeSent, locale, { email: addressIn(locale, after.pendingEmail ?? '') }), pending_email: after.pendingEmail };
    },
  );

  admin.delete(
    '/profile/email',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel the admin’s pending e-mail change',
        response: { 200: emailChangeResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const before = await findUser(db, currentUser(req).id);
      const after = await cancelEmailChange(db, before.id);
      audit(req, { action: 'admin.profile.email_change_cancel', entity: 'user', entityId: after.id, before: toAdminProfile(before), after: toAdminProfile(after) });
      return { message: translate(msg.emailChangeCancelled, requestLocale(req)), pending_email: null };
    },
  );
};
