/**
 * Runs `task` at once (or, with `firstRun: 'later'`, first `everyMs` from now) and then `everyMs`
 * after each run ends, so two runs never overlap; a pending run never keeps the process alive on its
 * own. `task` handles its own errors. Answers a stop function that waits for a run in progress.
 */
export function startPeriodicTask(
  everyMs: number,
  task: () => Promise<void>,
  { firstRun = 'now' }: { firstRun?: 'now' | 'later' } = {},
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = task().then(schedule);
    }, everyMs);
    timer.unref();
  };
  let running: Promise<void> = Promise.resolve();
  if (firstRun === 'now') running = task().then(schedule);
  else schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
