import type { ExternalToast } from 'sonner';

// sonner (and its stylesheet) are loaded by the first toast, not with a page's JavaScript. A toast
// waits until the toaster listens, so a notice raised while the page is still loading (a guard's
// redirect) is not lost.
let markMounted = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
let mountToaster: (() => void) | undefined;

/** How to put the toaster on screen (main.tsx): done once, when the first toast is raised. */
export const onFirstToast = (mount: () => void) => {
  mountToaster = mount;
};

/** Called by the toaster once it is on screen and subscribed. */
export const toasterMounted = () => markMounted();

const show =
  (kind: 'success' | 'error' | 'info') =>
  (message: string, options?: ExternalToast): void => {
    mountToaster?.();
    mountToaster = undefined;
    void Promise.all([import('sonner'), mounted]).then(([{ toast }]) => toast[kind](message, options));
  };

/** The app's toasts, top right. */
export const toast = { success: show('success'), error: show('error'), info: show('info') };
