import { describe, expect, it } from 'vitest';
import { retryOnceOnLockConflict } from './retry';

/** A driver error as Drizzle hands it on: its own error, with PostgreSQL's as the cause. */
const wrapped = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });

describe('retryOnceOnLockConflict', () => {
  it.each(['40P01', '40001'])('runs the work again once after a %s', async (code) => {
    let runs = 0;
    const answer = await retryOnceOnLockConflict(() => {
      runs += 1;
      return runs === 1 ? Promise.reject(wrapped(code)) : Promise.resolve('done');
    });
    expect([answer, runs]).toEqual(['done', 2]);
  });

  it('gives up after the second failure, and never retries any other error', async () => {
    let runs = 0;
    const failing = (code: string) => () => {
      runs += 1;
      return Promise.reject(wrapped(code));
    };
    await expect(retryOnceOnLockConflict(failing('40P01'))).rejects.toThrow('Failed query');
    expect(runs).toBe(2);
    runs = 0;
    await expect(retryOnceOnLockConflict(failing('23505'))).rejects.toThrow('Failed query');
    expect(runs).toBe(1);
  });
});
