import type { AuditList, AuditListParams } from '@apotheca/contract';
import { api } from '../../lib/api';

/** The audit log's one call: a page of its entries, filtered and paged on the server. */
const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditLog: build.query<AuditList, AuditListParams>({
      query: (params) => ({ url: '/audit', params }),
    }),
  }),
});

export const { useAuditLogQuery } = auditApi;
