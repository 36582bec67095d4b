import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { Batch } from '@apotheca/contract';
import { useEffect, useState } from 'react';
import { Button, type ButtonVariant } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/text-area-field';
import { TextField } from '../../components/ui/text-field';
import { errorMessage, fieldErrors, issuesByField } from '../../lib/error-message';
import { FormAlert } from '../../components/ui/form-alert';
import { useOneSubmit } from '../../lib/one-submit.hook';

/** The changes an admin makes to a batch, each with a reason kept in the batch's history. */
type BatchChangeKind = 'adjust' | 'writeOff' | 'recall';
/** `medicineName`: where the page does not already say which medicine the lot is of. */
export type BatchChange = { kind: BatchChangeKind; batch: Batch; medicineName?: string };
export type BatchChangeValues = { quantity: number; reason: string };

const KINDS: Record<
  BatchChangeKind,
  { title: (lot: string) => string; description: string; submit: string; variant: ButtonVariant }
> = {
  adjust: {
    title: (lot) => `Correct the quantity of lot ${lot}`,
    description: "The new count and your reason are kept in the batch's history.",
    submit: 'Save quantity',
    variant: 'primary',
  },
  writeOff: {
    title: (lot) => `Write off lot ${lot}`,
    description: 'Its units leave the stock and are never sold again. This cannot be undone.',
    submit: 'Write off',
    variant: 'danger',
  },
  recall: {
    title: (lot) => `Recall lot ${lot}`,
    description:
      'The lot can no longer be sold, and orders that drew from it and are not yet dispatched are held for the pharmacist. The recall page then lists every such order. This cannot be undone.',
    submit: 'Recall lot',
    variant: 'danger',
  },
};

type Fields = { quantity: string; reason: string };
type Props = {
  change: BatchChange | null;
  onSubmit: (change: BatchChange, values: BatchChangeValues) => Promise<unknown>;
  onClose: () => void;
};

// The stock reports open this dialog to write a lot off: its rules (schemas, and zod with them) come
// when a dialog opens, not with the page, which most of its readers only read (docs/decisions/0136).
const importCheck = () => import('./batch-change.validator');
let loadingCheck: ReturnType<typeof importCheck> | undefined;
const loadCheck = () => (loadingCheck ??= importCheck());

function ChangeForm({ change, onSubmit, onClose }: Props & { change: BatchChange }) {
  const kind = KINDS[change.kind];
  const [fields, setFields] = useState<Fields>({ quantity: String(change.batch.quantity), reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { submitting, submitOnce } = useOneSubmit();
  const withQuantity = change.kind === 'adjust';
  useEffect(() => void loadCheck(), []);
  const submit = async () => {
    const checked = (await loadCheck()).checkBatchChange(withQuantity, fields);
    if (!checked.success) {
      setErrors(issuesByField(checked.error.issues));
      return;
    }
    setErrors({});
    setFailure(null);
    await onSubmit(change, { quantity: change.batch.quantity, ...checked.data }).then(onClose, (error: unknown) => {
      setErrors(fieldErrors(error));
      setFailure(errorMessage(error));
    });
  };
  return (
    <form noValidate className="mt-4 flex flex-col gap-4" onSubmit={submitOnce(submit)}>
      {/* The keyboard starts in the first field, not on the dialog's frame, so what is typed at once is kept. */}
      {withQuantity ? (
        <TextField
          label="New quantity"
          inputMode="numeric"
          autoFocus
          value={fields.quantity}
          error={errors.quantity}
          onChange={(event) => setFields({ ...fields, quantity: event.target.value })}
        />
      ) : null}
      <TextAreaField
        label="Reason"
        rows={3}
        autoFocus={!withQuantity}
        value={fields.reason}
        error={errors.reason}
        onChange={(event) => setFields({ ...fields, reason: event.target.value })}
      />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant={kind.variant} busy={submitting}>
          {kind.submit}
        </Button>
      </div>
    </form>
  );
}

/** Asks for the reason of a correction, a write-off or a recall (and the new count of a correction). */
export function BatchChangeDialog({ change, onSubmit, onClose }: Props) {
  const kind = change ? KINDS[change.kind] : null;
  return (
    <Dialog open={change !== null} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
          {change && kind ? (
            <>
              <DialogTitle className="text-lg font-bold text-ink">
                {kind.title(change.medicineName ? `${change.batch.lot} of ${change.medicineName}` : change.batch.lot)}
              </DialogTitle>
              <Description className="mt-2 text-sm text-muted">{kind.description}</Description>
              {/* Keyed by batch and change, so each opening starts from that batch's count. */}
              <ChangeForm
                key={`${change.kind}-${change.batch._id}`}
                change={change}
                onSubmit={onSubmit}
                onClose={onClose}
              />
            </>
          ) : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
