import { ADMIN_ORDERS_PAGE_SIZE, PATHS, ROLE } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../../test/browser-request';
import { json } from '../../../test/json-response';
import { order } from '../../../test/order.fixture';
import { renderWithStore } from '../../../test/render-with-store';
import AdminOrdersPage from './admin-orders-page';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('AdminOrdersPage', () => {
  it('shows the last page in place of a page past the end of the list', async () => {
    // One order more than a page: the list has two pages, and the server answers any later page empty.
    const total = ADMIN_ORDERS_PAGE_SIZE + 1;
    const last = order({ _id: 'order-last', number: 'A-100009' });
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const page = new URL((input as Request).url).searchParams.get('page');
      return Promise.resolve(json(200, { orders: page === '2' ? [last] : [], total }));
    });
    // An old link, or the last order of page 3 gone meanwhile.
    renderWithStore(<AdminOrdersPage />, { path: `${PATHS.adminOrders}?page=3`, signedInAs: ROLE.admin });

    expect(await screen.findByRole('rowheader', { name: 'A-100009' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.queryByText('No orders available.')).toBeNull();
  });
});
