import fs from 'node:fs';
import path from 'node:path';
import { tryLock } from 'fs-native-extensions';

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
 * One Apotheca process per DATA_DIR: it owns the embedded database's postmaster. The lock is the
 * kernel's, on an open descriptor of DATA_DIR/apotheca.pid, so it is held exactly as long as that
 * descriptor is open: a stalled process keeps it, a killed one gives it up at once (a restart after a
 * crash never waits), and no PID is ever compared, so a restart that gets the dead process's PID back
 * (PID 1 in a container) is not mistaken for it. Taking it is one atomic request, so of two starts at
 * the same instant exactly one wins. The file is never removed: a removed file would let a second
 * start lock a new file of the same name. The PID written in it only names the holder in the message.
 * Returns the function that releases it, once; calling it again does nothing.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'apotheca.pid');
  // O_CLOEXEC (Node's default) keeps the descriptor, and so the lock, out of the postmaster it starts.
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
  if (!tryLock(fd)) {
    const holder = fs.readFileSync(fd, 'utf8').trim();
    fs.closeSync(fd);
    throw new DataDirLockedError(
      `The embedded database in ${dir} is already in use by another Apotheca process${holder ? ` (PID ${holder})` : ''}. ` +
        'Stop that process first, or start this one with another DATA_DIR.',
    );
  }
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, String(process.pid), 0);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    fs.ftruncateSync(fd, 0);
    // Closing the descriptor is what releases the kernel's lock.
    fs.closeSync(fd);
  };
}
