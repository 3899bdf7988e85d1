/** Back office audit log (super admins): every admin write, who, when, what, before and after. */
import { z } from 'zod';
import { pageMetaSchema } from './common.js';

export const auditQuerySchema = z.object({
  page: z.coerce.number<string | number>().int().min(1).default(1),
  per_page: z.coerce.number<string | number>().int().min(1).max(100).default(20),
  /** The admin who made the change. */
  actor_id: z.coerce.number<string | number>().int().positive().optional(),
  /** The kind of thing changed: coupon, admin, closed_date, order... */
  entity: z.string().trim().max(60).optional(),
});

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    actor_id: z.number().int().nullable(),
    actor_email: z.string(),
    method: z.string(),
    route: z.string(),
    action: z.string(),
    entity: z.string(),
    entity_id: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({ data: z.array(auditEntrySchema), meta: pageMetaSchema }).meta({ id: 'AuditList' });

export const auditFacetsSchema = z
  .object({
    actors: z.array(z.object({ id: z.number().int().nullable(), email: z.string() })),
    entities: z.array(z.string()),
  })
  .meta({ id: 'AuditFacets' });
export type AuditFacets = z.infer<typeof auditFacetsSchema>;
