import { describe, expect, it } from 'vitest';
import {
  ADD_IMAGE_FILE_MESSAGE,
  addImageUrlSchema,
  addMedicineFieldsSchema,
  medicineListQuerySchema,
  updateImageUrlSchema,
  updateMedicineFieldsSchema,
} from './medicines.schema';
import { describeMessages, type MessageCase } from './testing/message-table';

// SPEC.md §5 Add medicine and Update medicine: the same name, expiry and stock rules, their own price message.

const valid = {
  name: 'Metformin-XR',
  developedBy: 'Sun Pharma',
  maxMonthsExpiry: '24',
  category: 'Diabetes Medicine',
  stock: '10',
  price: '12.50',
};

const sharedCases: MessageCase[] = [
  { field: 'name', value: 'Para 500', message: 'Medicine name must be a valid word without numbers between words.' },
  { field: 'maxMonthsExpiry', value: '0', message: 'Max expiry must be a positive whole number of months.' },
  { field: 'stock', value: '1.5', message: 'Stock must be a whole number, 0 or more.' },
];

describeMessages(
  'add medicine',
  addMedicineFieldsSchema,
  valid,
  [
    ...sharedCases,
    { field: 'developedBy', value: 'S1', message: 'Company name must be at least 3 letters.' },
    { field: 'category', value: 'ab', message: 'Category must be at least 3 letters.' },
    { field: 'price', value: '12.345', message: 'Price must be a valid number.' },
  ],
  [{ stock: '0', price: 3, maxMonthsExpiry: 6 }],
);

describeMessages('update medicine', updateMedicineFieldsSchema, valid, [
  ...sharedCases,
  { field: 'price', value: '0', message: 'Price must be a positive number.' },
]);

describe('medicine image', () => {
  it('asks for a file in file mode', () => {
    expect(ADD_IMAGE_FILE_MESSAGE).toBe('Please upload an image file.');
  });
  it.each([
    [addImageUrlSchema, 'Please enter a valid URL.'],
    [updateImageUrlSchema, 'Image URL must be a valid URL.'],
  ])('takes only an http(s) URL (%#)', (schema, message) => {
    expect(schema.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(message);
    expect(schema.safeParse('https://example.com/pill.png').success).toBe(true);
  });
});

describe('catalogue sort', () => {
  it.each([
    ['price', 'price_asc'],
    ['-price', 'price_desc'],
    ['inStock', 'in_stock'],
    ['-inStock', 'out_of_stock'],
    ['price_asc', 'price_asc'],
  ])("reads sort=%s as CONTRACT.md's %s", (sent, read) => {
    expect(medicineListQuerySchema.parse({ sort: sent }).sort).toBe(read);
  });
  it('names only CONTRACT.md sorts when refusing one', () => {
    expect(medicineListQuerySchema.safeParse({ sort: 'name' }).error?.issues[0]?.message).toBe(
      'sort must be one of price_asc, price_desc, in_stock, out_of_stock.',
    );
  });
});
