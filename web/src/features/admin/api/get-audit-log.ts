import type { AuditLogResponse } from '@cashtips/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_PAGE_SIZE, adminKeys, queryString, retryUnlessClientError } from './admin-query.ts';

export interface AuditLogParams {
  action: string;
  page: number;
}

/** GET /api/admin/audit-log?page=&limit=&action=: newest first. */
export function getAuditLog(
  { action, page }: AuditLogParams,
  signal?: AbortSignal,
): Promise<AuditLogResponse> {
  return api.get<AuditLogResponse>(
    `/admin/audit-log${queryString({ action, page, limit: ADMIN_PAGE_SIZE })}`,
    {
      signal,
    },
  );
}

export const auditLogQueryOptions = (params: AuditLogParams) =>
  queryOptions({
    queryKey: adminKeys.auditLogList(params),
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useAuditLog(params: AuditLogParams) {
  return useQuery(auditLogQueryOptions(params));
}
