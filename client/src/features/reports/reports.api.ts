import type {
  Batch,
  ExpiryReport,
  ExpiryReportQuery,
  LowStockQuery,
  LowStockReport,
  ReorderLevelInput,
  StockLevel,
} from '@apotheca/contract';
import { api } from '../../lib/api';

/**
 * The stock reports' calls: a page of each report, a write-off of an expired batch and a medicine's
 * reorder level. Either change moves a report, so it re-reads them; a write-off moves the stock too.
 */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    expiryReport: build.query<ExpiryReport, ExpiryReportQuery>({
      query: (params) => ({ url: '/reports/expiry', params }),
      providesTags: ['Reports'],
    }),
    lowStockReport: build.query<LowStockReport, LowStockQuery>({
      query: (params) => ({ url: '/reports/low-stock', params }),
      providesTags: ['Reports'],
    }),
    writeOffBatch: build.mutation<{ batch: Batch }, { medicineId: string; batchId: string; reason: string }>({
      query: ({ medicineId, batchId, reason }) => ({
        url: `/medicines/${encodeURIComponent(medicineId)}/batches/${encodeURIComponent(batchId)}/write-off`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['Reports', 'Medicines', 'Medicine'],
    }),
    setReorderLevel: build.mutation<{ medicine: StockLevel }, ReorderLevelInput & { medicineId: string }>({
      query: ({ medicineId, reorderLevel }) => ({
        url: `/medicines/${encodeURIComponent(medicineId)}/reorder-level`,
        method: 'PATCH',
        body: { reorderLevel },
      }),
      invalidatesTags: ['Reports'],
    }),
  }),
});

export const { useExpiryReportQuery, useLowStockReportQuery, useWriteOffBatchMutation, useSetReorderLevelMutation } =
  reportsApi;
