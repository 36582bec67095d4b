import { PATHS, PRESCRIPTION_REVIEW, ROLE } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../../test/browser-request';
import { json } from '../../../test/json-response';
import { awaitingReview } from '../../../test/order.fixture';
import { renderWithStore } from '../../../test/render-with-store';
import OverviewPage from './overview-page';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('OverviewPage', () => {
  // Another pharmacist decided a prescription while the admin was on another screen: the count the
  // overview read before would still say it waits.
  it('reads the review queue again when the admin comes back to it', async () => {
    let waiting = 2;
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const { pathname, searchParams } = new URL((input as Request).url);
      if (pathname === '/api/orders' && searchParams.get('review') === PRESCRIPTION_REVIEW.pending)
        return Promise.resolve(json(200, { orders: [awaitingReview('user-1')], total: waiting }));
      return Promise.resolve(json(503, { message: 'Not in this test.' }));
    });
    const { user } = renderWithStore(
      <Routes>
        <Route path={PATHS.adminOverview} element={<OverviewPage />} />
        <Route path={PATHS.adminPrescriptions} element={<Link to={PATHS.adminOverview}>Back to the overview</Link>} />
      </Routes>,
      { path: PATHS.adminOverview, signedInAs: ROLE.admin },
    );

    expect(await screen.findByText(/prescriptions wait for review/)).toHaveTextContent(
      '2 prescriptions wait for review.',
    );
    await user.click(screen.getByRole('link', { name: 'The queue' }));
    waiting = 1;
    await user.click(await screen.findByRole('link', { name: 'Back to the overview' }));
    expect(await screen.findByText(/prescription waits for review/)).toHaveTextContent(
      '1 prescription waits for review.',
    );
  });
});
