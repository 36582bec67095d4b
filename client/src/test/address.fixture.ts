import type { Address } from '@apotheca/contract';

/** A patient's one saved address, their default, as the address book answers it. */
export const savedAddress: Address = {
  _id: 'address-1',
  name: 'Jane Doe',
  phone: '5550100200',
  line1: '1 Main Street',
  line2: '',
  city: 'Springfield',
  postalCode: '12345',
  country: 'United States',
  isDefault: true,
  createdAt: '2026-11-20T10:00:00.000Z',
};
