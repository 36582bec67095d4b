import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseDown } from './db/database-down';

type TaskLog = Pick<FastifyBaseLogger, 'error' | 'info'>;

export type TaskFailures = {
  failed(error: unknown): void;
  succeeded(): void;
};

/**
 * How a background task's failures reach the log, under `failure`. A database that is down would
 * fail every run, every few seconds, until it comes back, and an operator's log would fill with the
 * same error and its stack: so an outage is logged once (error) when the task starts failing from
 * it and once (info) when a run works again. Any other failure is logged at every run.
 */
export function taskFailures(log: TaskLog, failure: string): TaskFailures {
  let databaseDown = false;
  return {
    failed(error) {
      if (!isDatabaseDown(error)) {
        log.error({ err: error }, failure);
      } else if (!databaseDown) {
        databaseDown = true;
        log.error({ err: error }, `${failure}: the database is not answering; said once until it answers`);
      }
    },
    succeeded() {
      if (!databaseDown) return;
      databaseDown = false;
      log.info(`${failure} no more: the database answers again`);
    },
  };
}

type Options = {
  /** First run at once (the default) or only after one interval. */
  atOnce?: boolean;
  log: TaskLog;
  /** What a failed run is logged as. */
  failure: string;
};

/**
 * Runs `task` at once (or, with `atOnce: false`, first after one interval) and then `everyMs` after
 * each run ends, so two runs never overlap; a pending run never keeps the process alive on its own.
 * A run that throws is logged as `failure` (see `taskFailures`). Answers a stop function that waits
 * for a run in progress.
 */
export function startPeriodicTask(
  everyMs: number,
  task: () => Promise<void>,
  { atOnce = true, log, failure }: Options,
): () => Promise<void> {
  const failures = taskFailures(log, failure);
  const run = () => task().then(failures.succeeded, failures.failed);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().then(schedule);
    }, everyMs);
    timer.unref();
  };
  if (atOnce) running = run().then(schedule);
  else schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
