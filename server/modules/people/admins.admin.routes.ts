/**
 * Back office: admin management, super admins only (GET /admins, POST /admins/new, DELETE
 * /admins/{id}/delete, POST /admins/{id}/two-factor/reset).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messageSchema } from '../../../shared/schemas/common.js';
import { adminCreatedSchema, adminListSchema, newAdminBodySchema } from '../../../shared/schemas/people.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import { currentUser } from '../accounts/auth.js';
import { createAdmin, deleteAdmin, listAdmins, resetTwoFactor } from './admins.service.js';
import { peopleMessages as msg } from './people.messages.js';

const tags = ['admin: admins'];
const config = { superAdmin: true };

export const adminsAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;

  admin.get(
    '/admins',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Admins, super admins and drivers (super admins only)',
        response: { 200: adminListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await listAdmins(db) }),
  );

  admin.post(
    '/admins/new',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Create an admin, super admin or driver (super admins only); the password needs 12 characters or more',
        body: newAdminBodySchema,
        response: { 201: adminCreatedSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req, reply) => {
      const created = await createAdmin(db, req.body, requestLocale(req));
      audit(req, { action: 'admin.create', entity: 'admin', entityId: created.id, after: created });
      return reply.code(201).send({ message: translate(msg.adminCreated, requestLocale(req)), admin: created });
    },
  );

  admin.delete(
    '/admins/:id/delete',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Delete an admin (super admins only, never oneself); their sessions end at once',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (req) => {
      const deleted = await deleteAdmin(db, currentUser(req).id, req.params.id);
      audit(req, { action: 'admin.delete', entity: 'admin', entityId: deleted.id, before: deleted });
      return { message: translate(msg.adminDeleted, requestLocale(req)) };
    },
  );

  admin.post(
    '/admins/:id/two-factor/reset',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'Reset another admin’s two-factor login (lost phone): their secret and recovery codes are deleted (super admins only, never oneself)',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (req) => {
      const target = await resetTwoFactor(db, currentUser(req).id, req.params.id);
      audit(req, {
        action: 'admin.two_factor.reset',
        entity: 'admin',
        entityId: target.id,
        before: { email: target.email, two_factor: target.two_factor },
        after: { email: target.email, two_factor: false },
      });
      return { message: translate(msg.twoFactorReset, requestLocale(req)) };
    },
  );
};
