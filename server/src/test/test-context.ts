import { afterAll, beforeAll } from 'vitest';
import { createTestContext, type TestContext } from './test-app';

/**
 * For the tests of a file (or a describe block): before them, a test app on a fresh database (see
 * `createTestContext` for the arguments); after them, closed. The object is filled in before the
 * first test runs, so the tests, and the helpers they call, read it as it is then.
 */
export function useTestContext(...args: Parameters<typeof createTestContext>): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestContext(...args));
  });
  afterAll(async () => {
    await ctx.close();
  });
  return ctx;
}
