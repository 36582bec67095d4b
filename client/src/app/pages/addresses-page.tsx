import type { Address } from '@apotheca/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { AddressForm, AddressLines } from '../../features/addresses/address-form';
import {
  useCreateAddressMutation,
  useDeleteAddressMutation,
  useListAddressesQuery,
  useUpdateAddressMutation,
} from '../../features/addresses/addresses.api';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { SectionCard } from '../../components/ui/section-card';

/** The patient's address book: list, add, edit, delete, and choose the default checkout offers first. */
export default function AddressesPage() {
  const { data, isLoading, error } = useListAddressesQuery();
  const [create, { isLoading: creating }] = useCreateAddressMutation();
  const [update, { isLoading: updating }] = useUpdateAddressMutation();
  const [remove, { isLoading: removing }] = useDeleteAddressMutation();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  // The new-address form starts empty again after each address it added, and only then: keyed by the
  // list's length, it also started over when the list first arrived, dropping what was being typed.
  const [added, setAdded] = useState(0);

  const run = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      toast.success(done);
      return true;
    } catch (failure) {
      toast.error('Nothing was saved', { description: errorMessage(failure) });
      return false;
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-ink">My addresses</h1>
      {isLoading ? <Spinner label="Loading your addresses…" /> : null}
      {error ? <LoadError error={error} /> : null}
      {data ? (
        <ul className="mb-8 flex flex-col gap-4">
          {data.addresses.length === 0 ? <li className="text-muted">No saved addresses yet.</li> : null}
          {data.addresses.map((address) => (
            <li
              key={address._id}
              className="rounded-2xl border border-slate-200 bg-white p-5 text-sm text-muted shadow-sm"
            >
              {editing === address._id ? (
                <AddressForm
                  initial={address}
                  submitLabel="Save address"
                  busy={updating}
                  onCancel={() => setEditing(null)}
                  onSubmit={(changes) =>
                    void run(() => update({ id: address._id, ...changes }).unwrap(), 'Address saved').then(
                      (ok) => ok && setEditing(null),
                    )
                  }
                />
              ) : (
                <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
                  <div>
                    {address.isDefault ? (
                      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-brand-800">Default</p>
                    ) : null}
                    <AddressLines address={address} />
                  </div>
                  <div className="flex flex-wrap items-start gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setEditing(address._id)}>
                      Edit
                      <span className="sr-only">
                        {' '}
                        the address of {address.name}, {address.line1}
                      </span>
                    </Button>
                    {address.isDefault ? null : (
                      <Button
                        size="sm"
                        variant="secondary"
                        busy={updating}
                        onClick={() =>
                          void run(() => update({ id: address._id, isDefault: true }).unwrap(), 'Default address set')
                        }
                      >
                        Make default<span className="sr-only">: {address.line1}</span>
                      </Button>
                    )}
                    <Button size="sm" variant="danger" onClick={() => setDeleting(address)}>
                      Delete<span className="sr-only"> the address {address.line1}</span>
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <SectionCard titleId="new-address-title" title="Add an address">
        <AddressForm
          key={added}
          submitLabel="Add address"
          busy={creating}
          onSubmit={(address) =>
            void run(() => create(address).unwrap(), 'Address added').then((ok) => ok && setAdded((count) => count + 1))
          }
        />
      </SectionCard>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this address?"
        description={deleting ? `${deleting.line1}, ${deleting.city}. Orders already placed keep their copy.` : ''}
        confirmLabel="Delete"
        busy={removing}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          void run(() => remove(deleting!._id).unwrap(), 'Address deleted').then(() => setDeleting(null))
        }
      />
    </div>
  );
}
