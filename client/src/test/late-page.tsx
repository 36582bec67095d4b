import { act } from '@testing-library/react';
import { lazyPage } from '../app/lazy-page';

/**
 * A lazy page whose code arrives only when the test calls `arrive` (a connection that hangs, then
 * answers); it shows `heading`.
 */
export function latePage(heading: string) {
  let deliver = () => {};
  const code = new Promise<{ default: () => React.JSX.Element }>((resolve) => {
    deliver = () => resolve({ default: () => <h1>{heading}</h1> });
  });
  return {
    Page: lazyPage(() => code),
    arrive: () =>
      act(() => {
        deliver();
        return code;
      }),
  };
}
