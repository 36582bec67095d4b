import { describe, expect, it } from 'vitest';
import { SEARCH_QUERY_CONTROL_MESSAGE, SEARCH_QUERY_TOO_LONG_MESSAGE } from './common.schema';
import { LEAFLET_MAX_LENGTH } from './constants';
import {
  ACTIVE_INGREDIENT_MESSAGE,
  addImageUrlSchema,
  addMedicineFieldsSchema,
  DOSAGE_FORM_MESSAGE,
  DOSAGE_FORM_QUERY_MESSAGE,
  medicineListQuerySchema,
  medicineSuggestionsQuerySchema,
  PACK_SIZE_MESSAGE,
  packUnits,
  PRESCRIPTION_REQUIRED_MESSAGE,
  STRENGTH_MESSAGE,
  updateImageUrlSchema,
  updateMedicineFieldsSchema,
} from './medicines.schema';
import { describeMessages, firstMessage, type MessageCase } from './testing/message-table';

// The add and update medicine forms: the same name, expiry and stock rules, their own price message.

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

// A maker or a category is letters of any alphabet and spaces, as a person's name is (docs/decisions/0097).
describe('a maker and a category in any alphabet', () => {
  it.each([
    ['Laboratoires Thérapeutiques', 'Antibiótico'],
    ['Łódzkie Zakłady Farmaceutyczne', 'Przeciwbólowe'],
    ['Фармстандарт', 'Антибиотик'],
    ['武田薬品', '抗生物質'],
    ['डाबर इंडिया', 'आयुर्वेद'],
  ])('takes %s and %s, in the add and update forms and as catalogue filters', (developedBy, category) => {
    for (const schema of [addMedicineFieldsSchema, updateMedicineFieldsSchema])
      expect(schema.safeParse({ ...valid, developedBy, category }).error?.issues).toBeUndefined();
    expect(medicineListQuerySchema.parse({ developedBy, category })).toMatchObject({ developedBy, category });
  });

  it('stores them composed, and counts letters, not the marks typed apart from them', () => {
    const parsed = addMedicineFieldsSchema.parse({ ...valid, developedBy: 'Pfize\u0301r', category: 'Zoe\u0308' });
    expect(parsed).toMatchObject({ developedBy: 'Pfizér', category: 'Zoë' });
    expect(firstMessage(addMedicineFieldsSchema, { ...valid, category: 'Ab\u0301' }, 'category')).toBe(
      'Category must be at least 3 letters.',
    );
    expect(medicineListQuerySchema.parse({ category: 'Zoe\u0308' }).category).toBe('Zoë');
  });

  it('still refuses digits, punctuation and a mark alone', () => {
    for (const developedBy of ['Sun Pharma 2', 'Dr. Reddy', '\u0301abc'])
      expect(firstMessage(addMedicineFieldsSchema, { ...valid, developedBy }, 'developedBy')).toBe(
        'Company name must be at least 3 letters.',
      );
    expect(medicineListQuerySchema.safeParse({ category: 'Pain-Relief' }).success).toBe(false);
  });
});

describeMessages('update medicine', updateMedicineFieldsSchema, valid, [
  ...sharedCases,
  { field: 'price', value: '0', message: 'Price must be a positive number.' },
]);

describe('medicine image', () => {
  it.each([
    [addImageUrlSchema, 'Please enter a valid URL.'],
    [updateImageUrlSchema, 'Image URL must be a valid URL.'],
  ])('takes only an http(s) URL (%#)', (schema, message) => {
    expect(schema.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(message);
    expect(schema.safeParse('https://example.com/pill.png').success).toBe(true);
  });
});

// The record's details (ingredient, strength, form, pack, prescription, leaflet): optional, checked when sent.
describeMessages(
  'medicine details',
  addMedicineFieldsSchema,
  {
    ...valid,
    activeIngredient: 'Metformin',
    strength: '500 mg',
    dosageForm: 'Tablet',
    packSize: '30 tablets',
    prescriptionRequired: 'true',
    description: 'Lowers blood sugar in type 2 diabetes.',
  },
  [
    { field: 'activeIngredient', value: 'Metformin; drop', message: ACTIVE_INGREDIENT_MESSAGE },
    { field: 'activeIngredient', value: 'x'.repeat(101), message: 'Active ingredient must be at most 100 characters.' },
    { field: 'strength', value: 'strong', message: STRENGTH_MESSAGE },
    { field: 'dosageForm', value: 'Pill', message: DOSAGE_FORM_MESSAGE },
    { field: 'packSize', value: 'a box', message: PACK_SIZE_MESSAGE },
    { field: 'prescriptionRequired', value: 'yes', message: PRESCRIPTION_REQUIRED_MESSAGE },
    {
      field: 'warnings',
      value: 'x'.repeat(LEAFLET_MAX_LENGTH + 1),
      message: 'Warnings must be at most 2000 characters.',
    },
    { field: 'storage', value: 'cool\u0000dry', message: 'Storage must not contain control characters.' },
  ],
  [
    { activeIngredient: 'Amoxicillin + Clavulanic acid', strength: '875 mg/125 mg', dosageForm: '' },
    { strength: '100 units/mL', dosageForm: 'Injection', packSize: '5 x 3 mL pens', prescriptionRequired: false },
    { directions: 'Take one tablet\nwith food.', sideEffects: '' },
  ],
);

describe('medicine details as stored', () => {
  it('leaves unsent details out, so an update keeps them, and stores an unstated form as null', () => {
    const parsed = updateMedicineFieldsSchema.parse({ ...valid, dosageForm: '', strength: '  500   mg ' });
    expect(parsed).not.toHaveProperty('activeIngredient');
    expect(parsed.dosageForm).toBeNull();
    expect(parsed.strength).toBe('500 mg');
    expect(updateMedicineFieldsSchema.parse({ ...valid, prescriptionRequired: 'false' }).prescriptionRequired).toBe(
      false,
    );
  });
});

describe('medicine list query', () => {
  it('takes a search of at most 100 characters, trimmed and composed, with any punctuation as text', () => {
    expect(medicineListQuerySchema.parse({ q: `  50% off_'\\"  ` }).q).toBe(`50% off_'\\"`);
    expect(medicineListQuerySchema.parse({ q: '   ' }).q).toBeUndefined();
    expect(medicineListQuerySchema.parse({ q: ' \u200b\u2060\u00ad ' }).q).toBeUndefined();
    expect(medicineListQuerySchema.parse({ q: 'Zoe\u0308' }).q).toBe('Zo\u00eb');
    expect(firstMessage(medicineListQuerySchema, { q: 'x'.repeat(101) }, 'q')).toBe(SEARCH_QUERY_TOO_LONG_MESSAGE);
    expect(firstMessage(medicineListQuerySchema, { q: 'a\u0000b' }, 'q')).toBe(SEARCH_QUERY_CONTROL_MESSAGE);
    expect(firstMessage(medicineListQuerySchema, { q: ['a', 'b'] }, 'q')).toBe('q must be text.');
  });

  it('filters by dosage form, prescription and maker with a clear message each', () => {
    expect(
      medicineListQuerySchema.parse({ dosageForm: 'Syrup', prescriptionRequired: 'false', developedBy: 'Pfizer' }),
    ).toMatchObject({ dosageForm: 'Syrup', prescriptionRequired: 'false', developedBy: 'Pfizer' });
    expect(firstMessage(medicineListQuerySchema, { dosageForm: 'Pill' }, 'dosageForm')).toBe(DOSAGE_FORM_QUERY_MESSAGE);
    expect(firstMessage(medicineListQuerySchema, { prescriptionRequired: 'yes' }, 'prescriptionRequired')).toBe(
      'prescriptionRequired must be true or false.',
    );
    expect(firstMessage(medicineListQuerySchema, { developedBy: 'Pfizer;' }, 'developedBy')).toBe(
      'developedBy must contain only letters and spaces.',
    );
  });

  it('requires a search for suggestions', () => {
    expect(firstMessage(medicineSuggestionsQuerySchema, {}, 'q')).toBe('q is required.');
    expect(firstMessage(medicineSuggestionsQuerySchema, { q: '  ' }, 'q')).toBe('q is required.');
    expect(firstMessage(medicineSuggestionsQuerySchema, { q: '\u200b\u200b' }, 'q')).toBe('q is required.');
    expect(medicineSuggestionsQuerySchema.parse({ q: ' para ' }).q).toBe('para');
  });
});
describe('catalogue sort', () => {
  it.each([
    ['price', 'price_asc'],
    ['-price', 'price_desc'],
    ['inStock', 'in_stock'],
    ['-inStock', 'out_of_stock'],
    ['price_asc', 'price_asc'],
  ])("reads sort=%s as the API's own %s", (sent, read) => {
    expect(medicineListQuerySchema.parse({ sort: sent }).sort).toBe(read);
  });
  it("names only the API's own sorts when refusing one", () => {
    expect(medicineListQuerySchema.safeParse({ sort: 'name' }).error?.issues[0]?.message).toBe(
      'sort must be one of price_asc, price_desc, in_stock, out_of_stock.',
    );
  });
});

describe('pack units', () => {
  it('counts tablets, capsules and mL, and nothing else', () => {
    expect(packUnits('20 tablets')).toEqual({ count: 20, unit: 'tablet' });
    expect(packUnits('1 Capsule')).toEqual({ count: 1, unit: 'capsule' });
    expect(packUnits('100 mL')).toEqual({ count: 100, unit: 'mL' });
    expect(packUnits('2.5ml')).toEqual({ count: 2.5, unit: 'mL' });
    for (const pack of ['', '50 g', '5 x 3 mL pens', '30 patches', '0 tablets', 'tablets']) {
      expect(packUnits(pack)).toBeNull();
    }
  });
});
