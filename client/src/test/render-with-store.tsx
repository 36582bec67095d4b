import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { createStore } from '../app/store';

/** Renders a screen part with a fresh store, a router and the toaster, as main.tsx does. */
export function renderWithStore(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const store = createStore();
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      <Toaster />
    </Provider>,
  );
  return { ...view, store, user };
}
