import { addressInputSchema } from './addresses.schema';
import { describeMessages } from './testing/message-table';

// A delivery address: each required field, then its own rule; the second line may stay empty.

describeMessages(
  'address',
  addressInputSchema,
  {
    name: 'Ada Lovelace',
    phone: '0123456789',
    line1: '12 St James Square',
    line2: '',
    city: 'London',
    postalCode: 'SW1Y 4LB',
    country: 'United Kingdom',
  },
  [
    // Characters that show nothing are as blank as spaces: a zero-width space, a soft hyphen, a word joiner.
    { field: 'name', value: ' \u200b ', message: 'Name is required.' },
    { field: 'name', value: 'a'.repeat(101), message: 'Name must be at most 100 characters.' },
    { field: 'phone', value: '', message: 'Phone number is required.' },
    { field: 'phone', value: '12345', message: 'Phone number must be exactly 10 digits.' },
    { field: 'line1', value: undefined, message: 'Address line 1 is required.' },
    { field: 'line2', value: 'b'.repeat(101), message: 'Address line 2 must be at most 100 characters.' },
    { field: 'city', value: '\u00ad\ufeff', message: 'City is required.' },
    { field: 'postalCode', value: '', message: 'Postal code is required.' },
    { field: 'postalCode', value: '1234567890123', message: 'Postal code must be at most 12 characters.' },
    {
      field: 'postalCode',
      value: '75<01>',
      message: 'Postal code may hold only letters, digits, spaces and hyphens.',
    },
    { field: 'country', value: '\u2060', message: 'Country is required.' },
    // A NUL byte cannot be stored, and an escape sequence would reach the parcel's label.
    { field: 'name', value: 'Ada\u0000', message: 'Name must not contain control characters.' },
    { field: 'line1', value: '12\u001b[2J', message: 'Address line 1 must not contain control characters.' },
    // Half of a surrogate pair is no character either: jsonb (the order's copy of the address) refuses it.
    { field: 'line2', value: 'Flat \ud800', message: 'Address line 2 must not contain control characters.' },
    { field: 'city', value: 'Lon\u0000don', message: 'City must not contain control characters.' },
    { field: 'country', value: 'UK\u0007', message: 'Country must not contain control characters.' },
  ],
  [{ line2: undefined }, { line2: 'Flat 3' }, { postalCode: '10115' }],
);
