import { zodResolver } from '@hookform/resolvers/zod';
import {
  CARD_NUMBER_DIGITS,
  CVV_DIGITS,
  PAYMENT_FORM_ERROR,
  SIMULATED_PAYMENT_NOTICE,
  normaliseCardholderName,
  normaliseDigits,
  paymentSchema,
  type Payment,
} from '@apotheca/contract';
import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';

/** MM/YY as it is typed: digits only, the slash added after the month. */
const normaliseExpiry = (value: string) => {
  const digits = normaliseDigits(value, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

type CardField = {
  name: keyof Payment;
  label: string;
  autoComplete: string;
  placeholder: string;
  inputMode?: 'numeric';
  normalise: (value: string) => string;
};

const CARD_FIELDS = {
  cardholderName: {
    name: 'cardholderName',
    label: 'Cardholder name',
    autoComplete: 'cc-name',
    placeholder: 'JANE DOE',
    normalise: normaliseCardholderName,
  },
  cardNumber: {
    name: 'cardNumber',
    label: 'Card number',
    inputMode: 'numeric',
    autoComplete: 'cc-number',
    placeholder: '123412341234',
    normalise: (value) => normaliseDigits(value, CARD_NUMBER_DIGITS),
  },
  expiry: {
    name: 'expiry',
    label: 'Expiration (MM/YY)',
    inputMode: 'numeric',
    autoComplete: 'cc-exp',
    placeholder: 'MM/YY',
    normalise: normaliseExpiry,
  },
  cvv: {
    name: 'cvv',
    label: 'CVV',
    inputMode: 'numeric',
    autoComplete: 'cc-csc',
    placeholder: '123',
    normalise: (value) => normaliseDigits(value, CVV_DIGITS),
  },
} satisfies Record<keyof Payment, CardField>;

type Props = { onPay: (payment: Payment) => void; busy: boolean };

/** The 'Make a Payment' card form: each field is normalised as it is typed. */
export function PaymentForm({ onPay, busy }: Props) {
  const [formError, setFormError] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Payment>({
    resolver: zodResolver(paymentSchema),
    mode: 'onChange',
    defaultValues: { cardholderName: '', cardNumber: '', expiry: '', cvv: '' },
  });
  /** A card field, its value normalised as it is typed, before the form reads it. */
  const cardField = ({ name, normalise, ...attributes }: CardField) => {
    const field = register(name);
    const onChange = (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = normalise(event.target.value);
      void field.onChange(event);
    };
    return <TextField key={name} {...attributes} error={errors[name]?.message} {...field} onChange={onChange} />;
  };

  const onInvalid = () => {
    setFormError(true);
    toast.error(PAYMENT_FORM_ERROR);
  };
  const onValid = (payment: Payment) => {
    setFormError(false);
    onPay(payment);
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)} className="flex flex-col gap-4">
      {formError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {PAYMENT_FORM_ERROR}
        </p>
      ) : null}
      {cardField(CARD_FIELDS.cardholderName)}
      {cardField(CARD_FIELDS.cardNumber)}
      <div className="grid grid-cols-2 gap-4">
        {cardField(CARD_FIELDS.expiry)}
        {cardField(CARD_FIELDS.cvv)}
      </div>
      <Button type="submit" size="lg" busy={busy} aria-describedby="simulated-payment-notice">
        {busy ? 'Paying…' : 'Pay now'}
      </Button>
      <p id="simulated-payment-notice" className="text-sm text-muted">
        {SIMULATED_PAYMENT_NOTICE}
      </p>
    </form>
  );
}
