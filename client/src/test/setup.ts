import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // A test of server-side code runs without a browser (`@vitest-environment node`), so with no storage.
  globalThis.localStorage?.clear();
});
