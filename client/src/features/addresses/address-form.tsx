import { zodResolver } from '@hookform/resolvers/zod';
import { addressInputSchema, type AddressInput, type OrderAddress } from '@apotheca/contract';
import { useImperativeHandle, type ReactNode, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';

/**
 * What the form holds when a press outside it asks (checkout's Pay now): the address typed, when the
 * rules take it; none when nothing is typed, or when something is wrong, which the form then says at
 * each wrong field and takes the focus to the first.
 */
export type AddressFormHandle = { take: () => OrderAddress | null };

type Props = {
  ref?: Ref<AddressFormHandle>;
  /** The address being edited; empty fields for a new one. */
  initial?: Partial<OrderAddress>;
  submitLabel: string;
  onSubmit: (address: OrderAddress) => void;
  onCancel?: () => void;
  busy?: boolean;
  /** Extra controls shown above the buttons, such as "save to my address book". */
  children?: ReactNode;
};

const FIELDS: { name: keyof AddressInput; label: string; autoComplete: string; type?: string }[] = [
  { name: 'name', label: 'Full name', autoComplete: 'name' },
  { name: 'phone', label: 'Phone number', autoComplete: 'tel', type: 'tel' },
  { name: 'line1', label: 'Address line 1', autoComplete: 'address-line1' },
  { name: 'line2', label: 'Address line 2 (optional)', autoComplete: 'address-line2' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
];

/** A delivery address, checked with the contract's rules and messages as the server checks it. */
export function AddressForm({ ref, initial = {}, submitLabel, onSubmit, onCancel, busy = false, children }: Props) {
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors },
  } = useForm<AddressInput, unknown, OrderAddress>({
    resolver: zodResolver(addressInputSchema),
    defaultValues: { name: '', phone: '', line1: '', line2: '', city: '', postalCode: '', country: '', ...initial },
  });
  useImperativeHandle(
    ref,
    () => ({
      take: () => {
        const values = getValues();
        if (Object.values(values).every((value) => !value?.trim())) return null;
        const checked = addressInputSchema.safeParse(values);
        if (checked.success) return checked.data;
        void trigger(undefined, { shouldFocus: true });
        return null;
      },
    }),
    [getValues, trigger],
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        // A form inside the checkout's page must not submit an outer one.
        event.stopPropagation();
        void handleSubmit(onSubmit)(event);
      }}
      className="grid gap-4 sm:grid-cols-2"
    >
      {FIELDS.map(({ name, label, autoComplete, type }) => (
        <TextField
          key={name}
          label={label}
          autoComplete={autoComplete}
          type={type ?? 'text'}
          error={errors[name]?.message}
          className={name === 'line1' || name === 'line2' ? 'sm:col-span-2' : undefined}
          {...register(name)}
        />
      ))}
      {children ? <div className="sm:col-span-2">{children}</div> : null}
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** An address on its lines, as a label or a card shows it. */
export function AddressLines({ address }: { address: OrderAddress }) {
  return (
    <span className="block">
      <span className="block font-medium text-ink">{address.name}</span>
      <span className="block">{address.line1}</span>
      {address.line2 ? <span className="block">{address.line2}</span> : null}
      <span className="block">
        {address.postalCode} {address.city}
      </span>
      <span className="block">{address.country}</span>
      <span className="block">{address.phone}</span>
    </span>
  );
}
