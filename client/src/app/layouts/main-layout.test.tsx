import { LOGGED_OUT_MESSAGE, PATHS, ROLE } from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { renderWithStore } from '../../test/render-with-store';
import { MainLayout } from './main-layout';

describe('MainLayout', () => {
  it('keeps focus in the header after a logout from the phone menu on the home page, not lost at the document start', async () => {
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json(200, { message: 'Logged out' })));
    const { user } = renderWithStore(
      <Routes>
        <Route element={<MainLayout />}>
          <Route path={PATHS.home} element={<h1>Your trusted online pharmacy</h1>} />
        </Route>
      </Routes>,
      { signedInAs: ROLE.user },
    );
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(document.getElementById('mobile-menu')!).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText(LOGGED_OUT_MESSAGE)).toBeInTheDocument();
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });
});
