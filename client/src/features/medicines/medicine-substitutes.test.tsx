import type { Substitute } from '@apotheca/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MedicineSubstitutes } from './medicine-substitutes';

const OF = { activeIngredient: 'Ibuprofen', strength: '200 mg', dosageForm: 'Tablet' };

const substitute = (name: string, values: Partial<Substitute>): Substitute => ({
  _id: `id-${name}`,
  name,
  developedBy: 'Test Labs',
  maxMonthsExpiry: 24,
  category: 'Pain Relief',
  stock: 10,
  price: 5.99,
  imageUrl: '/images/med.png',
  activeIngredient: OF.activeIngredient,
  strength: OF.strength,
  dosageForm: 'Tablet',
  packSize: '20 tablets',
  prescriptionRequired: false,
  maxPerOrder: null,
  version: 1,
  description: '',
  directions: '',
  sideEffects: '',
  warnings: '',
  storage: '',
  saving: -0.5,
  unitPrice: 0.2995,
  unit: 'tablet',
  savingPerUnit: 0.043625,
  ...values,
});

function rowOf(name: string) {
  return within(screen.getByRole('link', { name }).closest('li')!);
}

afterEach(cleanup);

describe('substitutes', () => {
  it('shows each pack per unit and its saving per unit, not the difference between packs', () => {
    render(
      <MemoryRouter>
        <MedicineSubstitutes
          of={OF}
          substitutes={[
            substitute('Nurofen', {}),
            substitute('Ibumed', { packSize: '100 mL', unit: 'mL', unitPrice: 0.0899, savingPerUnit: null }),
            substitute('Ibugel', { packSize: '5 x 3 mL pens', unit: null, unitPrice: null, savingPerUnit: null }),
          ]}
        />
      </MemoryRouter>,
    );
    // A 20-tablet pack at $5.99 against a 16-tablet one at $5.49: dearer by the pack, cheaper by the tablet.
    expect(rowOf('Nurofen').getByText('$0.30 per tablet')).toBeTruthy();
    expect(rowOf('Nurofen').getByText('Save $0.04 per tablet')).toBeTruthy();
    expect(rowOf('Nurofen').queryByText(/more/)).toBeNull();
    // mL against tablets: a unit price, no saving.
    expect(rowOf('Ibumed').getByText('$0.09 per mL')).toBeTruthy();
    expect(rowOf('Ibumed').queryByText(/Save|more|Same price/)).toBeNull();
    // A pack size without a count of units: neither.
    expect(rowOf('Ibugel').queryByText(/ per |Save|more|Same price/)).toBeNull();
  });
});
