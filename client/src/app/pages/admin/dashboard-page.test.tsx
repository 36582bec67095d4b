import { ROLE } from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../../test/browser-request';
import { json } from '../../../test/json-response';
import { medicineFixture } from '../../../test/medicine.fixture';
import { renderWithStore } from '../../../test/render-with-store';
import DashboardPage from './dashboard-page';

describe('DashboardPage delete', () => {
  it('warns before a delete that the medicine also leaves patients’ carts', async () => {
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        new URL((input as Request).url).pathname === '/api/medicines'
          ? json(200, { medicines: [medicineFixture()], total: 1 })
          : json(404, { message: 'Not found' }),
      ),
    );
    const { user } = renderWithStore(<DashboardPage />, { path: '/admin', signedInAs: ROLE.admin });

    await user.click(await screen.findByRole('button', { name: 'Delete Paracetamol' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete medicine?' });
    expect(within(dialog).getByText(/Paracetamol will be removed from the catalogue/)).toHaveTextContent(
      'It is also taken out of every patient’s cart.',
    );
  });
});
