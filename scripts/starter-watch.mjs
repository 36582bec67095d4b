/** The process that started this one (npm's shell), read as this module loads, before it can be gone. */
const starter = process.ppid;

/**
 * Calls `stop` once, when the process that started this one is gone. npm runs a script through a
 * shell: a SIGTERM to npm (`kill`, a service manager) ends npm and that shell and never reaches the
 * script, which would keep what it started (the server and its database, a cluster) running with
 * nobody to stop it. Only under npm (which names the script it runs in `npm_lifecycle_event`): a
 * script run directly, say in the background of a shell that then exits, is meant to
 * outlive that shell.
 */
export function whenStarterGone(stop) {
  if (process.env.npm_lifecycle_event === undefined) return;
  const watch = setInterval(() => {
    if (process.ppid === starter) return;
    clearInterval(watch);
    stop();
  }, 500);
  // The watch alone keeps no process running.
  watch.unref();
}
