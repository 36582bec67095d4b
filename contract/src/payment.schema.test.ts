import { describe, expect, it } from 'vitest';
import { normaliseCardholderName, normaliseDigits, paymentSchema } from './payment.schema';
import { describeMessages } from './testing/message-table';

// The checkout's card form.

const year = new Date().getFullYear() % 100;
const twoDigits = (n: number) => String(n).padStart(2, '0');

describeMessages(
  'checkout card',
  paymentSchema,
  { cardholderName: 'ADA LOVELACE', cardNumber: '123456789012', expiry: `12/${twoDigits(year + 1)}`, cvv: '123' },
  [
    { field: 'cardholderName', value: ' \u200b', message: 'Cardholder name is required' },
    { field: 'cardNumber', value: '12345678901', message: 'Card Number must be exactly 12 digits.' },
    { field: 'expiry', value: '13/30', message: 'Enter a valid expiration in MM/YY format.' },
    { field: 'expiry', value: `01/${twoDigits(year - 1)}`, message: 'Year cannot be in the past.' },
    { field: 'cvv', value: '12a', message: 'CVV must be exactly 3 digits.' },
  ],
  [{ expiry: `01/${twoDigits(year)}` }],
);

describe('checkout card as typed', () => {
  it('forces the cardholder name to uppercase letters and spaces', () => {
    expect(normaliseCardholderName('ada lovelace-1')).toBe('ADA LOVELACE');
  });
  it('keeps digits only, cut to the length', () => {
    expect(normaliseDigits('1234 5678 9012 345', 12)).toBe('123456789012');
    expect(normaliseDigits('1a2b3c4', 3)).toBe('123');
  });
});
