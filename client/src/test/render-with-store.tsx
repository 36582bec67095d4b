import { PATHS, type Role, type User } from '@apotheca/contract';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createStore } from '../app/store';
import AppToaster from '../components/ui/app-toaster';
import { loggedIn } from '../features/auth/auth.slice';

/** The id of renderWithStore's signed-in user of `role`. */
export const signedInUserId = (role: Role) => `user-${role}`;

/** A signed-in member of the shop with the given role, as the login answer gives it. */
const testUser = (role: Role): User => ({
  _id: signedInUserId(role),
  first_name: 'Sam',
  last_name: 'Staff',
  email: `${role}@example.com`,
  ph_no: '0123456789',
  role,
  created_at: '2026-01-01T00:00:00.000Z',
});

/**
 * Renders a screen part with a fresh store, a router and the toaster, as main.tsx does; with
 * `signedInAs`, that role's user then logs in, as the session does once the page has started.
 */
export function renderWithStore(
  ui: ReactElement,
  { path = PATHS.home, signedInAs }: { path?: string; signedInAs?: Role } = {},
) {
  const store = createStore();
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      <AppToaster />
    </Provider>,
  );
  if (signedInAs) act(() => void store.dispatch(loggedIn(testUser(signedInAs))));
  return { ...view, store, user };
}
