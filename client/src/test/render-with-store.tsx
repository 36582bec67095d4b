import { PATHS } from '@apotheca/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createStore } from '../app/store';
import AppToaster from '../components/ui/app-toaster';

/** Renders a screen part with a fresh store, a router and the toaster, as main.tsx does. */
export function renderWithStore(ui: ReactElement, { path = PATHS.home }: { path?: string } = {}) {
  const store = createStore();
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      <AppToaster />
    </Provider>,
  );
  return { ...view, store, user };
}
