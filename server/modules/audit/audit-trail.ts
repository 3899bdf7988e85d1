/**
 * The audit trail of the back office: every successful write under /api/admin leaves one row (who,
 * when, which route, what, before and after), written by this one hook for every admin route, so a
 * route cannot forget it. A handler says what it changed with `audit(req, {...})`; without that the
 * row still names the route, the id in its path and the body sent (secrets masked).
 *
 * The row is written in `onSend`, before the answer leaves: a client that saw a success can read it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditLog } from '../../db/schema.js';

export interface AuditEntry {
  /** `product.update`, `order.status`...; by default `<METHOD> <route>`. */
  action?: string;
  /** `product`, `order`...; by default the first path segment after /api/admin. */
  entity?: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    auditEntry: AuditEntry | null;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SECRET_KEY = /pass(word)?|token|secret/i;

/** Records what a back-office handler changed; merged into the row the trail writes. */
export function audit(req: FastifyRequest, entry: AuditEntry): void {
  req.auditEntry = { ...req.auditEntry, ...entry };
}

/** A JSON copy with secrets masked and long texts cut, for the `before`/`after` columns. */
export function auditSnapshot(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > 2000 ? `${value.slice(0, 2000)}…` : value;
  if (typeof value !== 'object') return value;
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => auditSnapshot(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? '[hidden]' : auditSnapshot(v, depth + 1);
  return out;
}

const entityOf = (routeUrl: string): string => routeUrl.replace(/^\/api\/admin\/?/, '').split('/')[0] || 'admin';

export function registerAuditTrail(scope: FastifyInstance): void {
  scope.decorateRequest('auditEntry', null);
  scope.addHook('onSend', async (req, reply, payload) => {
    if (!WRITES.has(req.method) || reply.statusCode >= 400 || !req.user) return payload;
    const route = req.routeOptions.url ?? req.url;
    const entry = req.auditEntry ?? {};
    const params = (req.params ?? {}) as Record<string, unknown>;
    const isJsonBody = req.body !== undefined && !req.isMultipart();
    await scope.database.db.insert(auditLog).values({
      actorId: req.user.id,
      actorEmail: req.user.email,
      method: req.method,
      route,
      action: entry.action ?? `${req.method} ${route}`,
      entity: entry.entity ?? entityOf(route),
      entityId: entry.entityId != null ? String(entry.entityId) : params.id != null ? String(params.id) : null,
      before: auditSnapshot(entry.before),
      after: auditSnapshot(entry.after ?? (isJsonBody ? req.body : null)),
    });
    return payload;
  });
}
