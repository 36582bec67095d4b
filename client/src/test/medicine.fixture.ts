import type { Medicine } from '@apotheca/contract';

/** One whole medicine record for component tests; a test overrides what it is about. */
export function medicineFixture(overrides: Partial<Medicine> = {}): Medicine {
  return {
    _id: 'med-1',
    name: 'Paracetamol',
    developedBy: 'Acme Pharma',
    maxMonthsExpiry: 24,
    category: 'Pain Relief',
    stock: 12,
    price: 4.5,
    imageUrl: '/uploads/medicines/paracetamol-detail.webp',
    version: 3,
    activeIngredient: 'Paracetamol',
    strength: '500 mg',
    dosageForm: 'Tablet',
    packSize: '20 tablets',
    prescriptionRequired: false,
    maxPerOrder: null,
    description: 'Relieves mild to moderate pain and lowers a fever.',
    directions: 'Adults: 1 to 2 tablets every 4 to 6 hours; no more than 8 tablets in 24 hours.',
    sideEffects: 'Rarely, skin rash.',
    warnings: 'Do not take with other medicines that contain paracetamol.',
    storage: 'Below 25 °C, dry.',
    ...overrides,
  };
}
