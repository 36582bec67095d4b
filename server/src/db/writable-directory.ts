import fs from 'node:fs';

/**
 * Makes `dir` (and its parents) and checks this user may write in it, or answers why not in the
 * words of the setting that names it (`explain`, given the system's reason): a file in its place, or
 * a directory this user may not write, would otherwise end a start or a backup in a mkdir's stack trace.
 */
export function makeWritableDirectory(dir: string, explain: (reason: string) => Error): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (error) {
    throw explain((error as Error).message);
  }
}
