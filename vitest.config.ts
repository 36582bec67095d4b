import { defineConfig } from 'vitest/config';

// `npm test` runs every project: contract, server (route tests through inject), client and e2e.
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'client', 'e2e'],
  },
});
