import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openPg } from './client';
import { taskFailures } from './database-down';
import { startPeriodicTask } from '../periodic-task';
import { capturingLog } from '../test/capturing-log';
import { startDatabaseProxy, type DatabaseProxy } from '../test/database-proxy';

/** A task that calls `work` and counts its runs; `runs(n)` resolves once n more have ended. */
function countedTask(work: () => Promise<unknown>) {
  let ended = 0;
  const waiters: { at: number; resolve: () => void }[] = [];
  const task = async () => {
    try {
      await work();
    } finally {
      ended++;
      for (const waiter of waiters.filter((w) => w.at <= ended)) waiter.resolve();
    }
  };
  const runs = (n: number) => new Promise<void>((resolve) => waiters.push({ at: ended + n, resolve }));
  return { task, runs };
}

describe('a periodic task', () => {
  let proxy: DatabaseProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
  });

  it('logs a database outage once when it starts failing and once when the database answers again', async () => {
    proxy = await startDatabaseProxy(inject('testDatabase').serverUrl);
    const database = openPg(proxy.url, { poolSize: 1 });
    const { lines, log } = capturingLog();
    const { task, runs } = countedTask(() => database.db.execute(sql`select 1`));
    const stop = startPeriodicTask(1, task, { report: taskFailures(log, 'the check failed') });
    try {
      await runs(2);
      await proxy.stop();
      await runs(5);
      await proxy.start();
      await runs(5);
    } finally {
      await stop();
      await database.close();
    }
    expect(lines).toEqual([
      'error: the check failed: the database is not answering; said once until it answers',
      'info: the check failed no more: the database answers again',
    ]);
  });

  it('logs every other failure at every run', async () => {
    const { lines, log } = capturingLog();
    const { task, runs } = countedTask(() => Promise.reject(new Error('no such table')));
    const stop = startPeriodicTask(1, task, { report: taskFailures(log, 'the check failed') });
    await runs(3);
    await stop();
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(new Set(lines)).toEqual(new Set(['error: the check failed']));
  });
});
