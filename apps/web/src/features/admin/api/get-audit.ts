import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/admin/audit?page (admin): staff actions, newest first; the log is append-only. */
export function getAudit(page: number, signal?: AbortSignal) {
  return api.get<AuditEntry[]>('/api/admin/audit', { params: { page }, signal });
}

export const getAuditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) => getAudit(page, signal),
    staleTime: ASKED_ON_EVERY_VISIT,
    placeholderData: keepPreviousData,
  });

export const useAudit = (page: number) => useQuery(getAuditQueryOptions(page));
