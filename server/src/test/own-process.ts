import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * What an ES module `script` prints, run in a node process of its own (with tsx, so it may import the
 * server's TypeScript), ended after 30 s. For a call that may block its event loop for good, which
 * the test's own time limit could not end: Node 20's recursive mkdir under /proc.
 */
export async function printedByOwnProcess(script: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], {
    timeout: 30_000,
  });
  return stdout.trim();
}
