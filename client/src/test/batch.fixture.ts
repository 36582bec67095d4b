import type { Recall } from '../features/batches/batches.api';

/** Lot L-42 of med-1, all of it sold before it was recalled at `recalledAt` (null: not recalled). */
export const recalledBatch = (recalledAt: string | null = '2026-11-20T09:00:00.000Z'): Recall['batch'] => ({
  _id: 'batch-1',
  lot: 'L-42',
  expiresOn: '2099-01-01',
  quantity: 0,
  receivedOn: '2026-10-01',
  recalledAt,
  writtenOffAt: null,
});
