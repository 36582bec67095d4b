import type {
  addBatchSchema,
  adjustBatchSchema,
  BatchList,
  BatchResponse,
  recallNotifyResponseSchema,
  recallOrdersResponseSchema,
  recallResponseSchema,
} from '@apotheca/contract';
import type { z } from 'zod';
import { api, apiPath, medicineStockChanged } from '../../lib/api';

export type AddBatch = z.input<typeof addBatchSchema>;
type AdjustBatch = z.infer<typeof adjustBatchSchema>;
export type Recall = z.infer<typeof recallOrdersResponseSchema>;
export type RecallNotified = z.infer<typeof recallNotifyResponseSchema>;

type OfBatch = { medicineId: string; batchId: string };

const batchUrl = ({ medicineId, batchId }: OfBatch) => apiPath`/medicines/${medicineId}/batches/${batchId}`;

// Every change to a batch moves the medicine's sellable stock (and raises its version): the
// medicine, the catalogue and the stock reports are fetched again with its batches.
/** A medicine's batches (staff read them, an admin changes them) and a recalled lot's orders and notices. */
const batchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listBatches: build.query<BatchList, string>({
      query: (medicineId) => apiPath`/medicines/${medicineId}/batches`,
      providesTags: (_result, _error, medicineId) => [{ type: 'Batches', id: medicineId }],
    }),
    addBatch: build.mutation<BatchResponse, { medicineId: string; body: AddBatch }>({
      query: ({ medicineId, body }) => ({
        url: apiPath`/medicines/${medicineId}/batches`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { medicineId }) => [...medicineStockChanged(medicineId)],
    }),
    adjustBatch: build.mutation<BatchResponse, OfBatch & { body: AdjustBatch }>({
      query: ({ body, ...of }) => ({ url: batchUrl(of), method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { medicineId }) => [...medicineStockChanged(medicineId)],
    }),
    writeOffBatch: build.mutation<BatchResponse, OfBatch & { reason: string }>({
      query: ({ reason, ...of }) => ({ url: `${batchUrl(of)}/write-off`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, _error, { medicineId }) => [...medicineStockChanged(medicineId)],
    }),
    // A recall flags the orders not yet dispatched: their history changes too.
    recallBatch: build.mutation<z.infer<typeof recallResponseSchema>, OfBatch & { reason: string }>({
      query: ({ reason, ...of }) => ({ url: `${batchUrl(of)}/recall`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, _error, { medicineId, batchId }) => [
        ...medicineStockChanged(medicineId),
        { type: 'Recall', id: batchId },
        'Orders',
        'Order',
      ],
    }),
    getRecall: build.query<Recall, { batchId: string; page: number }>({
      query: ({ batchId, page }) => ({ url: apiPath`/recalls/${batchId}`, params: { page } }),
      providesTags: (_result, _error, { batchId }) => [{ type: 'Recall', id: batchId }],
    }),
    // Each mailed patient's dispatched orders get a history row naming the lot: their pages are read again.
    notifyRecall: build.mutation<RecallNotified, string>({
      query: (batchId) => ({ url: apiPath`/recalls/${batchId}/notify`, method: 'POST' }),
      invalidatesTags: ['Order'],
    }),
  }),
});

export const {
  useListBatchesQuery,
  useAddBatchMutation,
  useAdjustBatchMutation,
  useWriteOffBatchMutation,
  useRecallBatchMutation,
  useGetRecallQuery,
  useNotifyRecallMutation,
} = batchesApi;
