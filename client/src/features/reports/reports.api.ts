import type {
  ExpiryReport,
  ExpiryReportQuery,
  LowStockQuery,
  LowStockReport,
  ReorderLevelInput,
  ReorderLevelResponse,
  SalesReport,
  SalesReportQuery,
} from '@apotheca/contract';
import { api, apiPath, change, pagedListQuery } from '../../lib/api';

/**
 * The stock reports' calls: a page of each report and a medicine's reorder level, whose change
 * re-reads them. A write-off is a batch change (features/batches), which re-reads them too. The
 * sales report is re-read after any order changes (the `Orders` tag).
 */
const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    expiryReport: build.query<ExpiryReport, ExpiryReportQuery>(pagedListQuery('/reports/expiry', 'Reports')),
    lowStockReport: build.query<LowStockReport, LowStockQuery>(pagedListQuery('/reports/low-stock', 'Reports')),
    salesReport: build.query<SalesReport, SalesReportQuery>(pagedListQuery('/reports/sales', 'Orders')),
    setReorderLevel: build.mutation<ReorderLevelResponse, ReorderLevelInput & { medicineId: string }>(
      change(
        ({ medicineId, reorderLevel }) => ({
          url: apiPath`/medicines/${medicineId}/reorder-level`,
          method: 'PATCH',
          body: { reorderLevel },
        }),
        ['Reports'],
      ),
    ),
  }),
});

export const { useExpiryReportQuery, useLowStockReportQuery, useSalesReportQuery, useSetReorderLevelMutation } =
  reportsApi;
