import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from './button';

type Props = {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
};

/**
 * An accessible confirmation: focus is trapped inside and returns to the opener on close (Headless UI).
 * While the confirmed action is `busy` it stays open and cannot be cancelled: the request is already
 * sent, and a closed dialog would tell the user it was not.
 */
export function ConfirmDialog({ open, title, description, confirmLabel, onConfirm, onCancel, busy = false }: Props) {
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog open={open} onClose={cancel} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-bold text-ink">{title}</DialogTitle>
          <Description className="mt-2 text-sm text-muted">{description}</Description>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={cancel} disabled={busy} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" onClick={onConfirm} disabled={busy}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
