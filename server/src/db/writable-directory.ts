import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes `dir` (and its parents) and checks this user may write in it, or answers why not in the
 * words of the setting that names it (`explain`, given the system's reason): a file in its place, or
 * a directory this user may not write, would otherwise end a start or a backup in a mkdir's stack trace.
 */
export function makeWritableDirectory(dir: string, explain: (reason: string) => Error): void {
  try {
    makeDirectory(path.resolve(dir));
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (error) {
    throw explain((error as Error).message);
  }
}

/**
 * `mkdir -p`, one directory at a time from the first that exists, each made once. Not Node 20's
 * recursive mkdir: where mkdir answers ENOENT below a directory that exists (under /proc), it tries
 * again without end, and the start (or the server, at its first mail) hung instead of saying why.
 */
export function makeDirectory(dir: string): void {
  const parent = path.dirname(dir);
  if (parent !== dir && !fs.existsSync(parent)) makeDirectory(parent);
  try {
    fs.mkdirSync(dir);
  } catch (error) {
    // Already there, made earlier or by another start meanwhile: only a directory will do.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !fs.statSync(dir).isDirectory()) throw error;
  }
}
