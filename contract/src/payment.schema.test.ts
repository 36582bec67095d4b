import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_EXPIRED_MESSAGE, normaliseCardholderName, normaliseDigits, paymentSchema } from './payment.schema';
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
  [{ expiry: `12/${twoDigits(year)}` }],
);

// A card runs to the end of its month: one whose month of this year is over was accepted, its year not being past.
describe('checkout card expiry within this year', () => {
  afterEach(() => vi.useRealTimers());
  const expiryError = (expiry: string) =>
    paymentSchema
      .safeParse({ cardholderName: 'ADA LOVELACE', cardNumber: '123456789012', expiry, cvv: '123' })
      .error?.issues.map((issue) => issue.message);

  it('refuses a month of this year that is over, and takes this month and the ones after it', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 11, 2) });
    expect(expiryError('01/26')).toEqual([CARD_EXPIRED_MESSAGE]);
    expect(expiryError('11/26')).toEqual([CARD_EXPIRED_MESSAGE]);
    expect(expiryError('12/26')).toBeUndefined();
    expect(expiryError('01/27')).toBeUndefined();
  });

  it('says a past year as before, and nothing more', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 11, 2) });
    expect(expiryError('01/25')).toEqual(['Year cannot be in the past.']);
  });
});

describe('checkout card as typed', () => {
  it('forces the cardholder name to uppercase letters and spaces', () => {
    expect(normaliseCardholderName('ada lovelace-1')).toBe('ADA LOVELACE');
  });
  it('keeps digits only, cut to the length', () => {
    expect(normaliseDigits('1234 5678 9012 345', 12)).toBe('123456789012');
    expect(normaliseDigits('1a2b3c4', 3)).toBe('123');
  });
});
