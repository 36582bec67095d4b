import { z } from 'zod';
import { objectError, requiredText } from './common.schema';
import { CARD_NUMBER_DIGITS, CVV_DIGITS } from './constants';

// The checkout card form, checked by the client as typed and by the server on add-order.

/** Said under the card form and in the README: the card rules are checked, nothing is charged. */
export const SIMULATED_PAYMENT_NOTICE = `Payments are simulated: no card is charged and no money moves. Any valid-looking card (a ${CARD_NUMBER_DIGITS}-digit number) marks the order Paid.`;

export const PAYMENT_FORM_ERROR = 'Validation Error – Please fix the errors in the form.';

/** What the client does to each keystroke: uppercase letters and spaces; digits only, cut to length. */
export const normaliseCardholderName = (value: string): string => value.toUpperCase().replace(/[^A-Z ]/g, '');
export const normaliseDigits = (value: string, length: number): string => value.replace(/\D/g, '').slice(0, length);

const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\/(\d{2})$/;

/** A card whose month of this year is over; a past year keeps SPEC's own message. */
export const CARD_EXPIRED_MESSAGE = 'Card has expired.';

/** Whether an MM/YY expiry names a month of the current year before this one. */
function monthOverThisYear(expiry: string): boolean {
  const match = EXPIRY_PATTERN.exec(expiry);
  const today = new Date();
  return match !== null && Number(match[2]) === today.getFullYear() % 100 && Number(match[1]) < today.getMonth() + 1;
}

export const paymentSchema = z.object(
  {
    cardholderName: requiredText('Cardholder name is required')
      .max(100, 'Cardholder name must be at most 100 characters.')
      .regex(/^[A-Z ]+$/, 'Cardholder name must contain only uppercase letters and spaces.'),
    cardNumber: z
      .string({ error: `Card Number must be exactly ${CARD_NUMBER_DIGITS} digits.` })
      .regex(new RegExp(`^\\d{${CARD_NUMBER_DIGITS}}$`), `Card Number must be exactly ${CARD_NUMBER_DIGITS} digits.`),
    expiry: z
      .string({ error: 'Enter a valid expiration in MM/YY format.' })
      .regex(EXPIRY_PATTERN, 'Enter a valid expiration in MM/YY format.')
      .refine((value) => Number(value.slice(3)) >= new Date().getFullYear() % 100, 'Year cannot be in the past.')
      // A card runs to the end of its month: in the current year, a month before this one is over. A past
      // year is said by the rule above alone.
      .refine((value) => !monthOverThisYear(value), CARD_EXPIRED_MESSAGE),
    cvv: z
      .string({ error: `CVV must be exactly ${CVV_DIGITS} digits.` })
      .regex(new RegExp(`^\\d{${CVV_DIGITS}}$`), `CVV must be exactly ${CVV_DIGITS} digits.`),
  },
  { error: objectError('payment', ['cardholderName', 'cardNumber', 'expiry', 'cvv']) },
);

export type Payment = z.infer<typeof paymentSchema>;
