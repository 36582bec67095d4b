import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { batchReasonSchema, type ReportBatch } from '@apotheca/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/text-area-field';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useWriteOffBatchMutation } from './reports.api';

type Props = { batch: ReportBatch | null; onClose: () => void };

/**
 * Asks the admin why an expired batch is written off (the reason is kept in the batch's history),
 * then writes it off; a refusal keeps the dialog open with the server's message.
 */
export function WriteOffDialog({ batch, onClose }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [writeOff, { isLoading }] = useWriteOffBatchMutation();
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = async () => {
    if (!batch) return;
    const parsed = batchReasonSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      await writeOff({ medicineId: batch.medicine._id, batchId: batch._id, reason: parsed.data.reason }).unwrap();
      toast.success(`Lot ${batch.lot} of ${batch.medicine.name} written off.`);
      close();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Dialog open={batch !== null} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-bold text-ink">
            Write off lot {batch?.lot} of {batch?.medicine.name}
          </DialogTitle>
          <Description className="mt-2 text-sm text-muted">
            Its {batch?.quantity} units leave the stock for good. The reason is kept in the batch&apos;s history.
          </Description>
          <form
            className="mt-4 flex flex-col gap-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              // The dialog is a portal: its submit must not reach a form of the page it opened from.
              event.stopPropagation();
              void submit();
            }}
          >
            <TextAreaField
              label="Reason"
              rows={3}
              value={reason}
              error={error}
              onChange={(event) => setReason(event.target.value)}
            />
            <div className="flex justify-end gap-3">
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" disabled={isLoading}>
                Write off
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
