import type { Medicine } from '@apotheca/contract';

/** A medicine as the API answers it, every record detail empty unless `overrides` says otherwise. */
export const aMedicine = (overrides: Partial<Medicine>): Medicine => ({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Paracetamol',
  developedBy: 'Acme Pharma',
  maxMonthsExpiry: 24,
  category: 'Pain Relief',
  stock: 10,
  price: 4.5,
  imageUrl: 'https://example.com/p.png',
  activeIngredient: '',
  strength: '',
  dosageForm: null,
  packSize: '',
  prescriptionRequired: false,
  maxPerOrder: null,
  description: '',
  directions: '',
  sideEffects: '',
  warnings: '',
  storage: '',
  version: 1,
  ...overrides,
});
