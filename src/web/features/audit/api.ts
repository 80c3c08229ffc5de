import type { AuditEntity, AuditEntry } from '@shared/schemas/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export type AuditFilters = { actorId?: string; entity?: AuditEntity; page: number };
type AuditPage = {
  data: AuditEntry[];
  total: number;
  names: Record<string, string>;
  page: number;
  pageSize: number;
};

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['audit', filters],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(filters.page) });
      if (filters.actorId) params.set('actorId', filters.actorId);
      if (filters.entity) params.set('entity', filters.entity);
      return apiRequest<{ data: AuditPage }>(`/audit?${params}`).then((r) => r.data);
    },
    placeholderData: keepPreviousData,
  });

export const useAudit = (filters: AuditFilters) => useQuery(auditQuery(filters));
