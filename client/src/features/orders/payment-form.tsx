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
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { TextField } from '../../components/ui/text-field';

/**
 * MM/YY as it is typed: digits only, the slash added after the month (or kept where it was typed after
 * two digits). A month typed as one digit and a slash ('1/27') gets its leading zero, so what is sent is
 * the MM/YY the card rule asks for, not the digits 127 read as '12/7'.
 */
const normaliseExpiry = (value: string) => {
  const padded = value.replace(/^(\d)\D/, '0$1/');
  const digits = normaliseDigits(padded, 4);
  return digits.length > 2 || /^\d\d\//.test(padded) ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
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

type Props = {
  onPay: (payment: Payment) => void;
  /**
   * Told of a press that found the card wrong, so the page checks its other steps at the same press;
   * true when it took the focus to one of them, above the card, where the card form leaves it.
   */
  onInvalid?: () => boolean;
  busy: boolean;
};

/** The card fields in the form's order: the first one in error takes the focus. */
const CARD_FIELD_ORDER = Object.keys(CARD_FIELDS) as (keyof Payment)[];

/** The 'Make a Payment' card form: each field is normalised as it is typed. */
export function PaymentForm({ onPay, onInvalid: onInvalidCard, busy }: Props) {
  const [formError, setFormError] = useState(false);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<Payment>({
    resolver: zodResolver(paymentSchema),
    mode: 'onChange',
    // The focus is given below, once the page has said whether a step above the card is missing too.
    shouldFocusError: false,
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

  const onInvalid = (wrong: FieldErrors<Payment>) => {
    setFormError(true);
    toast.error(PAYMENT_FORM_ERROR);
    if (onInvalidCard?.()) return;
    const first = CARD_FIELD_ORDER.find((name) => wrong[name]);
    if (first) setFocus(first);
  };
  const onValid = (payment: Payment) => {
    setFormError(false);
    onPay(payment);
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)} className="flex flex-col gap-4">
      {formError ? <FormAlert>{PAYMENT_FORM_ERROR}</FormAlert> : null}
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
