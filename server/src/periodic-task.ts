/**
 * Runs `task` at once and then `everyMs` after each run ends, so two runs never overlap; a pending
 * run never keeps the process alive on its own. `task` handles its own errors. Answers a stop
 * function that waits for a run in progress.
 */
export function startPeriodicTask(everyMs: number, task: () => Promise<void>): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = task().then(schedule);
    }, everyMs);
    timer.unref();
  };
  let running: Promise<void> = task().then(schedule);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
