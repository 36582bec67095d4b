/**
 * Runs `task` at once (or, with `atOnce: false`, first after one interval) and then `everyMs` after
 * each run ends, so two runs never overlap; a pending run never keeps the process alive on its own.
 * `task` handles its own errors. Answers a stop function that waits for a run in progress.
 */
export function startPeriodicTask(
  everyMs: number,
  task: () => Promise<void>,
  { atOnce = true }: { atOnce?: boolean } = {},
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = task().then(schedule);
    }, everyMs);
    timer.unref();
  };
  if (atOnce) running = task().then(schedule);
  else schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
