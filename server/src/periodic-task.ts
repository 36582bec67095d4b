/** What a periodic task's runs are reported to: a run that threw, and one that ended well. */
export type RunReport = {
  failed: (error: unknown) => void;
  succeeded: () => void;
};

/**
 * Runs `task` at once (or, with `atOnce: false`, first after one interval) and then `everyMs` after
 * each run ends, so two runs never overlap; a pending run never keeps the process alive on its own.
 * Each run's end goes to `report` (the database's `taskFailures` logs it). Answers a stop function
 * that waits for a run in progress.
 */
export function startPeriodicTask(
  everyMs: number,
  task: () => Promise<void>,
  { atOnce = true, report }: { atOnce?: boolean; report: RunReport },
): () => Promise<void> {
  const run = () => task().then(report.succeeded, report.failed);
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
