/** Back office: reading the audit log (super admins), filtered by person and kind, paged in SQL. */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditFacetsSchema, auditListSchema, auditQuerySchema } from '../../../shared/schemas/audit.js';
import { pageMeta } from '../../../shared/schemas/common.js';
import { auditLog } from '../../db/schema.js';
import { errorResponses, security } from '../../lib/route-schema.js';

const tags = ['admin: audit'];
const config = { superAdmin: true };

export const auditAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;

  admin.get(
    '/audit',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Admin writes, newest first (super admins only)',
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      const q = req.query;
      const conditions: SQL[] = [];
      if (q.actor_id) conditions.push(eq(auditLog.actorId, q.actor_id));
      if (q.entity) conditions.push(eq(auditLog.entity, q.entity));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return {
        data: rows.map((r) => ({
          id: r.id,
          created_at: r.createdAt.toISOString(),
          actor_id: r.actorId,
          actor_email: r.actorEmail,
          method: r.method,
          route: r.route,
          action: r.action,
          entity: r.entity,
          entity_id: r.entityId,
          before: r.before,
          after: r.after,
        })),
        meta: pageMeta(q.page, q.per_page, Number(total)),
      };
    },
  );

  admin.get(
    '/audit/facets',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Who wrote and which kinds exist, for the filters',
        response: { 200: auditFacetsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const [actors, entities] = await Promise.all([
        db.selectDistinct({ id: auditLog.actorId, email: auditLog.actorEmail }).from(auditLog).orderBy(asc(auditLog.actorEmail)),
        db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(asc(auditLog.entity)),
      ]);
      return { actors, entities: entities.map((e) => e.entity) };
    },
  );
};
