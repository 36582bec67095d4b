import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    // Several instances share a PostgreSQL server; an embedded database's DATA_DIR admits one process.
    exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? [] : ['cluster.e2e.ts'])],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    expect: {
      // A test that asserts nothing cannot fail: each one says what the user sees or what is stored.
      requireAssertions: true,
      // The page may still be loading what an assertion reads: expect.poll re-reads it until then.
      poll: { timeout: 10_000 },
    },
  },
});
