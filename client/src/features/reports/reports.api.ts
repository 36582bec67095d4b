import type * as contract from '@apotheca/contract';
import { api, apiPath, change, pagedListQuery } from '../../lib/api';

/**
 * The stock reports' calls: a page of each report and a medicine's reorder level, whose change
 * re-reads them. A write-off is a batch change (features/batches), which re-reads them too. The
 * sales report is re-read after any order changes (the `Orders` tag).
 */
const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    expiryReport: build.query<contract.ExpiryReport, contract.ExpiryReportQuery>(
      pagedListQuery('/reports/expiry', 'Reports'),
    ),
    lowStockReport: build.query<contract.LowStockReport, contract.LowStockQuery>(
      pagedListQuery('/reports/low-stock', 'Reports'),
    ),
    salesReport: build.query<contract.SalesReport, contract.SalesReportQuery>(
      pagedListQuery('/reports/sales', 'Orders'),
    ),
    setReorderLevel: build.mutation<contract.ReorderLevelResponse, contract.ReorderLevelInput & { medicineId: string }>(
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
