import type { ExternalToast } from 'sonner';

// sonner (and its stylesheet) load after the first paint instead of with the home route's
// JavaScript. A toast waits until the toaster listens, so a notice raised while the page is still
// loading (a guard's redirect) is not lost.
let markMounted = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Called by the toaster once it is on screen and subscribed. */
export const toasterMounted = () => markMounted();

const show =
  (kind: 'success' | 'error' | 'info') =>
  (message: string, options?: ExternalToast): void => {
    void Promise.all([import('sonner'), mounted]).then(([{ toast }]) => toast[kind](message, options));
  };

/** The app's toasts, top right (SPEC.md §9). */
export const toast = { success: show('success'), error: show('error'), info: show('info') };
