import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Where the embedded PostgreSQL's cluster and binaries lie when the app runs as root and the
// database user cannot reach them where they are (docs/decisions/0042): a clone in root's home
// directory (mode 0700) must start with `npm install && npm start`, without anyone opening
// that home to others.

/** Who runs initdb, pg_ctl and postgres when the app runs as root. */
export type DatabaseUser = { uid: number; gid: number };
export type Binaries = { initdb: string; pg_ctl: string };

/** A directory of the system's own for what the database user must reach, as Debian's PostgreSQL keeps /var/lib/postgresql. */
export const SERVICE_DIR = '/var/lib/apotheca';
/** In DATA_DIR, naming the cluster's directory when it lies outside DATA_DIR. */
export const POINTER_FILE = 'postgres.location';

type ClusterLocation = {
  /** The cluster's directory (mode 0700, the database user's). */
  dir: string;
  /** PostgreSQL's log, written by the database user. */
  logFile: string;
};

/** Whether `user` can reach `target` (search permission on every directory above it, and its own x bit). */
export const canReach = (target: string, user: DatabaseUser) => spawnSync('test', ['-x', target], user).status === 0;

function makeServiceDir(): void {
  fs.mkdirSync(SERVICE_DIR, { recursive: true, mode: 0o755 });
  // Others search it (to reach their own subdirectory) and list nothing of use: each cluster is 0700.
  fs.chmodSync(SERVICE_DIR, 0o755);
}

/**
 * The cluster of `dataDir`: `DATA_DIR/postgres` as always when the database user can reach it (or
 * when the app does not run as root); else the one its pointer file names; else a new one in
 * SERVICE_DIR, named by a hash of DATA_DIR's real path and owned by the database user, with the
 * pointer written into DATA_DIR. DATA_DIR keeps the lock, the outbox and the pointer.
 */
export function locateCluster(dataDir: string, user: DatabaseUser | undefined): ClusterLocation {
  const inDataDir = { dir: path.join(dataDir, 'postgres'), logFile: path.join(dataDir, 'postgres.log') };
  if (!user || fs.existsSync(inDataDir.dir)) return inDataDir;
  const pointer = path.join(dataDir, POINTER_FILE);
  if (fs.existsSync(pointer)) return outside(fs.readFileSync(pointer, 'utf8').trim());
  // DATA_DIR is the app's: others may search it (a name must be known, nothing can be listed).
  const mode = fs.statSync(dataDir).mode;
  if ((mode & 0o001) === 0) fs.chmodSync(dataDir, mode | 0o001);
  if (canReach(dataDir, user)) return inDataDir;

  const key = createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 16);
  const home = path.join(SERVICE_DIR, key);
  makeServiceDir();
  fs.mkdirSync(home, { recursive: true, mode: 0o700 });
  fs.chownSync(home, user.uid, user.gid);
  fs.writeFileSync(pointer, `${home}\n`);
  return outside(home);
}

const outside = (home: string): ClusterLocation => ({
  dir: path.join(home, 'postgres'),
  logFile: path.join(home, 'postgres.log'),
});

/**
 * The PostgreSQL binaries as the database user can run them: where npm installed them, or else a
 * copy of the platform package's `native` tree (binaries, libraries, share: PostgreSQL finds them
 * relative to its own binary) in SERVICE_DIR, one per package version, made once.
 */
export function reachableBinaries(binaries: Binaries, user: DatabaseUser | undefined): Binaries {
  if (!user || canReach(binaries.initdb, user)) return binaries;
  const native = path.resolve(path.dirname(binaries.initdb), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const copy = path.join(SERVICE_DIR, `postgresql-${version}`);
  if (!fs.existsSync(copy)) {
    makeServiceDir();
    // Copied aside and renamed when complete, so an interrupted copy is never used.
    const partial = `${copy}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(partial, 0o755);
    fs.renameSync(partial, copy);
  }
  const moved = (binary: string) => path.join(copy, path.relative(native, binary));
  return { initdb: moved(binaries.initdb), pg_ctl: moved(binaries.pg_ctl) };
}
