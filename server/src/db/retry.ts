// PostgreSQL's SQLSTATEs for a transaction it aborted so that another could go on: the work was
// rolled back whole, so running it once more is safe.
const DEADLOCK_DETECTED = '40P01';
const SERIALIZATION_FAILURE = '40001';

/** The SQLSTATE of a driver error, which Drizzle wraps as the `cause` of its own. */
export function sqlState(error: unknown): string | undefined {
  let current = error;
  while (typeof current === 'object' && current !== null) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return undefined;
}

/**
 * Runs `work` (one whole transaction) again once when PostgreSQL chose it as the victim of a
 * deadlock or a serialization failure: the rare lock cycle a shopper's checkout and an admin's
 * deletion can still form then costs a retry, never a 500.
 */
export async function retryOnceOnLockConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const state = sqlState(error);
    if (state !== DEADLOCK_DETECTED && state !== SERIALIZATION_FAILURE) throw error;
    return work();
  }
}
