import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { Order } from '@apotheca/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';

export type Parcel = { carrier: string; trackingNumber: string };

export type DispatchDialogProps = {
  order: Order | null;
  busy: boolean;
  onDispatch: (parcel: Parcel) => void;
  onCancel: () => void;
};

/** Asks staff for the parcel's carrier and tracking number (both optional) before an order is dispatched. */
export function DispatchDialog({ order, busy, onDispatch, onCancel }: DispatchDialogProps) {
  return (
    <Dialog open={order !== null} onClose={onCancel} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-bold text-ink">Dispatch this order</DialogTitle>
          {/* Neither an order without an address nor a deleted patient's order gets here: the screens offer
              them no Dispatched (statusChangeRefusal). */}
          <Description className="mt-2 text-sm text-muted">
            The patient sees the carrier and tracking number on the order and in the mail. Both are optional.
          </Description>
          {/* Its own state, made when the dialog opens and for its order alone: a parcel typed and then
              canceled is not offered again, nor is one order's tracking number offered for another's. */}
          <ParcelForm key={order?._id} busy={busy} onDispatch={onDispatch} onCancel={onCancel} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function ParcelForm({ busy, onDispatch, onCancel }: Omit<DispatchDialogProps, 'order'>) {
  const [parcel, setParcel] = useState<Parcel>({ carrier: '', trackingNumber: '' });
  return (
    <form
      className="mt-4 flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog is a portal: its submit must not reach a form of the page it opened from.
        event.stopPropagation();
        onDispatch(parcel);
      }}
    >
      {/* The keyboard starts in the first field, not on the dialog's frame, so what staff type at once is kept. */}
      <TextField
        label="Carrier"
        autoFocus
        value={parcel.carrier}
        onChange={(event) => setParcel({ ...parcel, carrier: event.target.value })}
      />
      <TextField
        label="Tracking number"
        value={parcel.trackingNumber}
        onChange={(event) => setParcel({ ...parcel, trackingNumber: event.target.value })}
      />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Dispatch
        </Button>
      </div>
    </form>
  );
}
