import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * True while a process with this PID runs (EPERM: it runs, as another user). A killed process
 * whose parent has not reaped it yet (a zombie, state Z in Linux's /proc) no longer runs.
 */
export function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // The state follows the parenthesised command name, which may itself contain spaces.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * One Apotheca process per DATA_DIR: it owns the embedded database's postmaster. The lock is
 * DATA_DIR/apotheca.pid naming the process that holds it, and it is held exactly as long as that
 * process runs: a stalled process keeps it, a killed one gives it up at once, so a restart after a
 * crash never waits. Returns the function that releases it.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'apotheca.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      if (isRunning(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is already in use by another Apotheca process (PID ${holder}). ` +
            'Stop that process first, or start this one with another DATA_DIR.',
        );
      }
      // Left by a process that no longer runs.
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`The embedded database in ${dir} is being opened by another Apotheca process.`);
}
