import { PATHS } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../test/render-with-store';
import { RouteOutlet } from './route-outlet';

function Crashing(): never {
  throw new Error('a bug in this page');
}

describe('a page that crashes', () => {
  it('shows a message and a way home inside the shell, and the next page works', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithStore(
      <Routes>
        <Route
          element={
            <>
              <p>The shell</p>
              <RouteOutlet />
            </>
          }
        >
          <Route path={PATHS.about} element={<Crashing />} />
          <Route path={PATHS.home} element={<h1>Home</h1>} />
        </Route>
      </Routes>,
      { path: PATHS.about },
    );
    expect(screen.getByText('The shell')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go back home' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
