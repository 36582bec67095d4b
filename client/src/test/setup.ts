import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for what a user would see; on a busy machine a render can take longer
// than the library's one second, which would fail a test on the clock rather than on the screen.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out, so it has no ResizeObserver: one that never reports leaves a measured
// layout (a table's sideways-scroll hint) as it starts, as on a screen wide enough for it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  // sonner keeps its toasts in its module and replays the undismissed ones to the next toaster that
  // mounts, which would show one test's notices in the next test's page.
  toast.dismiss();
  // A test of server-side code runs without a browser (`@vitest-environment node`), so with no storage.
  globalThis.localStorage?.clear();
});
