import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from './button';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that leaves without acting; 'Cancel' unless that would read as the action (canceling an order). */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
};

/**
 * An accessible confirmation: focus is trapped inside and returns to the opener on close (Headless UI).
 * While the confirmed action is `busy` it stays open and cannot be cancelled: the request is already
 * sent, and a closed dialog would tell the user it was not. Its buttons wait busy, not disabled, so the
 * keyboard's focus stays on the one pressed (docs/decisions/0139).
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy = false,
}: ConfirmDialogProps) {
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
            <Button variant="secondary" onClick={cancel} busy={busy} autoFocus>
              {cancelLabel}
            </Button>
            <Button variant="danger" onClick={onConfirm} busy={busy}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
