import { STAFF_SCREEN_READ } from '../../lib/api';
import { adminRecallPath, BATCH_STATE, type Batch, type BatchState } from '@apotheca/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { cellClasses, DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../lib/toast';
import { AddBatchForm } from './add-batch-form';
import { BatchChangeDialog, type BatchChange, type BatchChangeValues } from './batch-change-dialog';
import {
  useAdjustBatchMutation,
  useListBatchesQuery,
  useRecallBatchMutation,
  useWriteOffBatchMutation,
} from './batches.api';
import { formatCalendarDate } from '../../lib/calendar-date';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';
const STATE_CLASS: Record<BatchState, string> = {
  [BATCH_STATE.sellable]: `${badge} bg-green-50 text-green-800 ring-green-600/30`,
  [BATCH_STATE.expired]: `${badge} bg-yellow-50 text-yellow-800 ring-yellow-600/30`,
  [BATCH_STATE.recalled]: `${badge} bg-red-50 text-red-800 ring-red-600/30`,
  [BATCH_STATE.writtenOff]: `${badge} bg-slate-100 text-slate-700 ring-slate-500/30`,
};

// On a phone the lot (with its expiry and state under it), the count and the actions stay in view.
const COLUMNS: readonly DataTableColumn[] = [
  { label: 'Lot' },
  { label: 'Expires', wide: true },
  { label: 'Quantity', align: 'right' },
  { label: 'Received', wide: true },
  { label: 'State', wide: true },
];
const ACTIONS: DataTableColumn = { label: 'Actions' };

function BatchActions({
  batch,
  canEdit,
  onChange,
}: {
  batch: Batch;
  canEdit: boolean;
  onChange: (change: BatchChange) => void;
}) {
  const changeable = !batch.recalledAt && !batch.writtenOffAt;
  return (
    <div className="flex flex-col items-stretch gap-1 sm:flex-row sm:items-center">
      {batch.recalledAt ? (
        <Link
          to={adminRecallPath(batch._id)}
          aria-label={`View the recall of lot ${batch.lot}`}
          className={buttonClasses('secondary', 'sm')}
        >
          View recall
        </Link>
      ) : null}
      {canEdit && changeable ? (
        <>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Correct the quantity of lot ${batch.lot}`}
            onClick={() => onChange({ kind: 'adjust', batch })}
          >
            Correct
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Write off lot ${batch.lot}`}
            onClick={() => onChange({ kind: 'writeOff', batch })}
          >
            Write off
          </Button>
        </>
      ) : null}
      {/* A written-off lot may still be recalled: orders drew from it before. */}
      {canEdit && !batch.recalledAt ? (
        <Button
          variant="danger"
          size="sm"
          aria-label={`Recall lot ${batch.lot}`}
          onClick={() => onChange({ kind: 'recall', batch })}
        >
          Recall
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A medicine's batches, first expiry first: what its stock is made of. An admin adds a delivery and
 * corrects, writes off or recalls a batch; other staff read the list.
 */
export function BatchesSection({ medicineId, canEdit }: { medicineId: string; canEdit: boolean }) {
  const navigate = useNavigate();
  const { data, isLoading, error } = useListBatchesQuery(medicineId, STAFF_SCREEN_READ);
  const [adjustBatch] = useAdjustBatchMutation();
  const [writeOffBatch] = useWriteOffBatchMutation();
  const [recallBatch] = useRecallBatchMutation();
  const [change, setChange] = useState<BatchChange | null>(null);
  const batches = data?.batches ?? [];
  const withActions = canEdit || batches.some((batch) => batch.recalledAt);

  const submit = async ({ kind, batch }: BatchChange, { quantity, reason }: BatchChangeValues) => {
    const of = { medicineId, batchId: batch._id };
    if (kind === 'adjust') {
      await adjustBatch({ ...of, body: { quantity, reason } }).unwrap();
      toast.success(`Lot ${batch.lot} now counts ${quantity}`);
    } else if (kind === 'writeOff') {
      await writeOffBatch({ ...of, reason }).unwrap();
      toast.success(`Lot ${batch.lot} written off`);
    } else {
      await recallBatch({ ...of, reason }).unwrap();
      toast.success(`Lot ${batch.lot} recalled`);
      void navigate(adminRecallPath(batch._id));
    }
  };

  return (
    <section aria-labelledby="batches-heading" className="mt-8 flex flex-col gap-4">
      <h2 id="batches-heading" className="text-xl font-bold text-ink">
        Batches
      </h2>
      {canEdit ? (
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h3 className="mb-3 text-base font-semibold text-ink">Add a batch</h3>
          <AddBatchForm medicineId={medicineId} />
        </div>
      ) : null}
      {isLoading ? (
        <Spinner label="Loading batches…" />
      ) : error ? (
        <LoadError error={error} />
      ) : batches.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-muted">No batches yet.</p>
      ) : (
        <DataTable
          caption="Batches of the medicine"
          columns={withActions ? [...COLUMNS, ACTIONS] : COLUMNS}
          stickyLastColumn={withActions}
        >
          {/* Each batch's state as the server judges it by the shop's day, as checkout does. */}
          {batches.map(({ state, ...batch }) => (
            <tr key={batch._id}>
              {/* A long lot number wraps on a phone rather than push the actions out of view; its date and state wrap by words. */}
              <th
                scope="row"
                className="break-all px-2 py-2 text-left align-middle font-mono font-normal text-ink sm:whitespace-nowrap lg:px-3"
              >
                {batch.lot}
                <span className="flex flex-col items-start gap-1 break-normal pt-1 font-sans text-xs text-muted sm:hidden">
                  Expires {formatCalendarDate(batch.expiresOn)}
                  <span className={STATE_CLASS[state]}>{state}</span>
                </span>
              </th>
              <td className={cellClasses('left', true)}>{formatCalendarDate(batch.expiresOn)}</td>
              <td className={cellClasses('right')}>{batch.quantity}</td>
              <td className={cellClasses('left', true)}>{formatCalendarDate(batch.receivedOn)}</td>
              <td className={cellClasses('left', true)}>
                <span className={STATE_CLASS[state]}>{state}</span>
              </td>
              {withActions ? (
                <td className={cellClasses()}>
                  <BatchActions batch={batch} canEdit={canEdit} onChange={setChange} />
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
      {canEdit ? <BatchChangeDialog change={change} onSubmit={submit} onClose={() => setChange(null)} /> : null}
    </section>
  );
}
