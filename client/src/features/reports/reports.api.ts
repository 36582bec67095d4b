import type * as contract from '@apotheca/contract';
import { api, apiPath, change, pagedListQuery } from '../../lib/api';

/**
 * The reports' calls: a page of each stock report, the sales report and a medicine's reorder level,
 * whose change re-reads them. Every report is filed under `Reports`, which every write that moves
 * one of their figures makes stale: an order's change (STOCK_TAGS), a medicine's (medicineStockChanged:
 * its stock, and its name, which the sales report's top medicines show), a batch's, an import.
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
      pagedListQuery('/reports/sales', 'Reports'),
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
