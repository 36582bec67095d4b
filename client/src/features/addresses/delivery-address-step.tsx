import type { OrderAddress } from '@apotheca/contract';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { AddressForm, AddressLines, type AddressFormHandle } from './address-form';
import { useListAddressesQuery } from './addresses.api';
import { FormAlert } from '../../components/ui/form-alert';
import { SectionCard } from '../../components/ui/section-card';
import { Spinner } from '../../components/ui/spinner';

/** Where the order goes: one of the saved addresses, or a new one (saved to the book when asked). */
export type DeliveryChoice = { addressId: string } | { address: OrderAddress; saveAddress: boolean };

/**
 * Where the order goes when Pay now is pressed: the choice made, or a new address typed in full whose
 * Deliver here was not pressed, which is then taken (and shown chosen) as that press would take it.
 * None when the step is not done; a new address typed in part then says what is wrong at its fields.
 */
export type DeliveryStepHandle = { take: () => DeliveryChoice | null };

type Props = {
  ref?: Ref<DeliveryStepHandle>;
  value: DeliveryChoice | null;
  onChange: (choice: DeliveryChoice | null) => void;
  /** What the step lacks, said at its top: checkout was asked to pay without an address. */
  error?: string | undefined;
  /**
   * Deliver here was pressed and taken: its button leaves with the new-address form, so the page moves
   * the focus on to the next step rather than let it fall to the page's start.
   */
  onDelivered?: () => void;
};

const NEW = 'new';

/**
 * A choice's radio keeps its own 13 by 13 pixels beside the words of its label, level with their first
 * line: as a flex item it was stretched to the height of an address and squeezed by its width.
 */
const CHOICE_RADIO = 'mt-1 shrink-0';

/** The checkout's delivery step: pick a saved address (the default is picked first) or add one. */
export function DeliveryAddressStep({ ref, value, onChange, error, onDelivered }: Props) {
  const { data, isLoading } = useListAddressesQuery();
  const saved = data?.addresses ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const [save, setSave] = useState(true);
  const selected = picked ?? (value && 'addressId' in value ? value.addressId : (saved[0]?._id ?? NEW));

  // The default address is offered first and chosen until the patient picks another.
  const first = saved[0]?._id;
  useEffect(() => {
    if (value === null && picked === null && first) onChange({ addressId: first });
  }, [value, picked, first, onChange]);

  const newAddress = useRef<AddressFormHandle>(null);
  useImperativeHandle(
    ref,
    () => ({
      take: () => {
        if (value) return value;
        const address = newAddress.current?.take();
        if (!address) return null;
        const choice = { address, saveAddress: save };
        onChange(choice);
        return choice;
      },
    }),
    [value, save, onChange],
  );

  const pick = (id: string) => {
    setPicked(id);
    onChange(id === NEW ? null : { addressId: id });
  };

  return (
    <SectionCard
      titleId="delivery-title"
      title="Delivery address"
      intro={<p className="mb-4 text-sm text-muted">Where should we send your order?</p>}
    >
      {error ? <FormAlert className="mb-4">{error}</FormAlert> : null}
      {/* Until the saved addresses are known, the new-address form is not offered: on a slow connection
          it stood empty for seconds, then gave way to them with whatever the patient had typed there. */}
      {isLoading ? <Spinner label="Loading your addresses…" /> : null}
      {saved.length > 0 ? (
        <fieldset className="mb-4 flex flex-col gap-2">
          <legend className="sr-only">Saved addresses</legend>
          {saved.map((address) => (
            <label
              key={address._id}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm text-muted has-[:checked]:border-brand-600"
            >
              <input
                type="radio"
                className={CHOICE_RADIO}
                name="delivery-address"
                checked={selected === address._id}
                onChange={() => pick(address._id)}
              />
              <AddressLines address={address} />
            </label>
          ))}
          <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm font-medium text-ink has-[:checked]:border-brand-600">
            <input
              type="radio"
              className={CHOICE_RADIO}
              name="delivery-address"
              checked={selected === NEW}
              onChange={() => pick(NEW)}
            />
            A new address
          </label>
        </fieldset>
      ) : null}
      {selected === NEW && value && 'address' in value ? (
        <div className="flex flex-col gap-3 rounded-lg bg-brand-50 p-4 text-sm text-muted">
          <AddressLines address={value.address} />
          <p>{value.saveAddress ? 'It will be saved to your address book.' : 'It will not be saved.'}</p>
          <button
            type="button"
            onClick={() => onChange(null)}
            className="self-start font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            Change this address
          </button>
        </div>
      ) : null}
      {!isLoading && selected === NEW && !(value && 'address' in value) ? (
        <AddressForm
          ref={newAddress}
          submitLabel="Deliver here"
          onSubmit={(address) => {
            onChange({ address, saveAddress: save });
            onDelivered?.();
          }}
        >
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" checked={save} onChange={(event) => setSave(event.target.checked)} />
            Save to my address book
          </label>
        </AddressForm>
      ) : null}
    </SectionCard>
  );
}
