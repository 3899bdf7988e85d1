/** The audit log (super admins): entries filtered by person and kind, and the filter choices. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditFacets } from '@shared/schemas/audit';
import type { PageMeta } from '@shared/schemas/common';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from '../api';

const auditKey = [...ADMIN_KEY, 'audit'] as const;

export function useAudit(params: { page: number; actor: string; entity: string }) {
  return useQuery({
    queryKey: [...auditKey, params],
    queryFn: ({ signal }) =>
      api.get<{ data: AuditEntry[]; meta: PageMeta }>('/admin/audit', {
        signal,
        query: { page: params.page, actor_id: params.actor || undefined, entity: params.entity || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditFacets() {
  return useQuery({ queryKey: [...auditKey, 'facets'], queryFn: ({ signal }) => api.get<AuditFacets>('/admin/audit/facets', { signal }) });
}
