import { z } from 'zod';
import {
  flagSchema,
  idSchema,
  objectError,
  requiredText,
  textTypeMessage,
  withoutControlCharacters,
} from './common.schema';
import { phoneSchema } from './auth.schema';

// A delivery address: the checkout's form and the address book use these rules, and the server
// checks them again with the same messages.

const ADDRESS_TEXT_MAX = 100;
const POSTAL_CODE_MAX = 12;

const addressText = (label: string, max = ADDRESS_TEXT_MAX) =>
  requiredText(`${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .check(withoutControlCharacters(label));

const ADDRESS_FIELDS = ['name', 'phone', 'line1', 'line2', 'city', 'postalCode', 'country'] as const;

/** The fields of an address, as typed: the recipient, how to reach them and where the parcel goes. */
export const addressInputSchema = z.object(
  {
    name: addressText('Name').meta({ example: 'Ada Lovelace' }),
    phone: phoneSchema,
    line1: addressText('Address line 1').meta({ example: '12 St James Square' }),
    line2: z
      .string({ error: textTypeMessage('Address line 2') })
      .trim()
      .max(ADDRESS_TEXT_MAX, `Address line 2 must be at most ${ADDRESS_TEXT_MAX} characters.`)
      .check(withoutControlCharacters('Address line 2'))
      .optional()
      .default(''),
    city: addressText('City').meta({ example: 'London' }),
    postalCode: addressText('Postal code', POSTAL_CODE_MAX)
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Postal code may hold only letters, digits, spaces and hyphens.')
      .meta({ example: 'SW1Y 4LB' }),
    country: addressText('Country').meta({ example: 'United Kingdom' }),
  },
  { error: objectError('address', ADDRESS_FIELDS) },
);

/** A new entry of the address book; `isDefault` makes it the one checkout offers first. */
export const newAddressSchema = addressInputSchema.extend({
  isDefault: flagSchema('isDefault').optional().default(false),
});
/** An edit names only what changes. */
export const updateAddressSchema = newAddressSchema.partial();

/**
 * An order's copy of the address it was placed with: later edits of the address book leave it as it was.
 * An answer gives an address as it was stored, so a rule added since (a stricter postcode, say) refuses
 * new input but never the patient's own stored address: the answer's fields are any text.
 */
export const orderAddressSchema = z.object({
  name: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

const addressSchema = orderAddressSchema.extend({
  _id: idSchema,
  isDefault: z.boolean(),
  createdAt: z.string(),
});

export const addressResponseSchema = z.object({ address: addressSchema });
export const addressesResponseSchema = z.object({ addresses: z.array(addressSchema) });

export const ADDRESS_NOT_FOUND_MESSAGE = 'Address not found';
export const ADDRESS_DELETED_MESSAGE = 'Address deleted';
/** A patient's address book holds at most this many addresses, so no account can grow without end. */
export const ADDRESS_BOOK_MAX = 20;
export const ADDRESS_BOOK_FULL_MESSAGE = `Your address book is full (${ADDRESS_BOOK_MAX} addresses). Delete one to add another.`;

export type AddressInput = z.input<typeof addressInputSchema>;
export type NewAddress = z.input<typeof newAddressSchema>;
export type UpdateAddress = z.input<typeof updateAddressSchema>;
export type OrderAddress = z.infer<typeof orderAddressSchema>;
export type Address = z.infer<typeof addressSchema>;
export type AddressResponse = z.infer<typeof addressResponseSchema>;
export type AddressesResponse = z.infer<typeof addressesResponseSchema>;
