import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The route test files share one module graph instead of importing the whole app again each
    // (docs/decisions/0088): the app keeps its state per instance and per database, and each file
    // builds its own app on its own database. Halves this project's time.
    isolate: false,
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/warnings.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
