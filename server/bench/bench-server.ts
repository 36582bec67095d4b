import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Options } from 'autocannon';
import { CATEGORIES, IDEMPOTENCY_KEY_HEADER, ROLE } from '@apotheca/contract';
import { openDatabase, openPg, type Database } from '../src/db/client';
import { medicines, users } from '../src/db/schema';
import { SEED_CATALOGUE } from '../src/startup/seed-catalogue';
import { hashPassword } from '../src/lib/password-hash';
import { createSession } from '../src/features/auth/session.service';
import { receiveFirstBatches } from '../src/features/stock/stock.service';
import { createFreshPgDatabase } from '../src/test/fresh-pg-database';
import { POINTER_FILE } from '../src/db/cluster-location';
import { embeddedConnectionString } from '../src/db/embedded-postgres';
import { SERVER_BUILD } from '../../scripts/build-server.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { summarizeCpuProfile } from './cpu-profile';
import {
  generateLoad,
  LOAD_SETUP,
  onServerCore,
  placeDatabase,
  scriptedLoad,
  servedBy,
  type LoadResult,
} from './load-generator';

// What the benchmarks share: the built server as a child process on a fresh database, a bare
// node:http server answering a fixed 1 KB JSON (the machine's ceiling), both on the server's core,
// each figure as the median of TRIALS runs beside the ceiling (docs/decisions/0070), the figures'
// table and the peak memory of each server.

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
export const CONNECTIONS = 64;
/** BENCH_DURATION_S shortens a trial run of a benchmark; figures to compare take the 10 s. */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
export const WARM_UP_S = 2;

async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within 120 s`);
}

const CEILING_SCRIPT = `
const body = JSON.stringify({ message: 'ceiling', padding: 'x'.repeat(1000) });
require('node:http')
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
`;

async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  ipc = false,
): Promise<ChildProcess> {
  const [command, commandArgs] = onServerCore(process.execPath, args);
  const child = spawn(command, commandArgs, {
    cwd: SERVER_ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit', ...(ipc ? (['ipc'] as const) : [])],
  });
  await waitUntilAnswering(readyUrl, child);
  servedBy(readyUrl, child.pid!);
  return child;
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Each figure is the median of this many runs, each beside a ceiling run just before it. */
const TRIALS = Number(process.env.BENCH_TRIALS ?? 3);

/** One run's figures; `perSecond` is what the table reads, requests or (for orders) orders per second. */
export type Row = {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: string;
  cpuUsPerRequest?: number;
};
type Trial = { figure: Row; ceiling: Row; load: number };
/**
 * A figure beside the ceiling measured just before it (the machine is shared, so the ceiling drifts):
 * the median of its trials, each field on its own, and the trials themselves.
 */
export type Measured = Row & { ceiling: Row; trials: Trial[] };

export function row(name: string, result: LoadResult, perSecond = result.perSecond): Row {
  const unexpected = Object.entries(result.unexpected).map(([code, count]) => `${count}×${code}`);
  return {
    name,
    perSecond,
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
    non2xx: unexpected.join(' ') || '0',
    cpuUsPerRequest: result.cpuUsPerRequest,
  };
}

export const load = (options: Options, duration = DURATION_S) =>
  generateLoad(options, options.connections ?? CONNECTIONS, duration);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const medianOf = (rows: Row[], field: 'perSecond' | 'p50' | 'p99' | 'cpuUsPerRequest') => {
  const values = rows.map((r) => r[field]).filter((value) => value !== undefined);
  return values.length === rows.length ? median(values) : undefined;
};
function medianRow(rows: Row[]): Row {
  return {
    name: rows[0]!.name,
    perSecond: medianOf(rows, 'perSecond')!,
    p50: medianOf(rows, 'p50')!,
    p99: medianOf(rows, 'p99')!,
    errors: rows.reduce((sum, r) => sum + r.errors, 0),
    non2xx: rows.every((r) => r.non2xx === '0') ? '0' : rows.map((r) => r.non2xx).join(', '),
    cpuUsPerRequest: medianOf(rows, 'cpuUsPerRequest'),
  };
}

/** The medians of `trials`, each figure beside the ceiling run it was compared with. */
const measuredOf = (trials: Trial[]): Measured => ({
  ...medianRow(trials.map((t) => t.figure)),
  ceiling: medianRow(trials.map((t) => t.ceiling)),
  trials,
});

/** A ceiling run at `connections`. */
const ceilingRun = async (ceilingUrl: string, connections: number) =>
  row('ceiling', await load({ url: ceilingUrl, connections }));

/**
 * A scenario's figures beside the ceiling: TRIALS times the ceiling then the scenario, and their
 * medians; the ceiling at the scenario's concurrency.
 */
export async function beside(
  ceilingUrl: string,
  scenario: () => Promise<Row>,
  connections = CONNECTIONS,
): Promise<Measured> {
  const trials: Trial[] = [];
  for (let i = 0; i < TRIALS; i++) {
    const ceiling = await ceilingRun(ceilingUrl, connections);
    trials.push({ ceiling, figure: await scenario(), load: os.loadavg()[0]! });
  }
  return measuredOf(trials);
}

/**
 * One call's figures: warmed up for WARM_UP_S, then measured beside the ceiling at the call's own
 * concurrency. `around` wraps the measured part only (a CPU profile must not count the warm-up).
 */
export async function warmedBeside(
  ceilingUrl: string,
  name: string,
  options: Options,
  around: (measured: () => Promise<Measured>) => Promise<Measured> = (measured) => measured(),
): Promise<Measured> {
  await load(options, WARM_UP_S);
  return around(() => beside(ceilingUrl, async () => row(name, await load(options)), options.connections));
}

/**
 * A member of staff's calls, each as `token`'s: a fixed path, or a function giving each request a
 * path of its own (a random page, filter or search). Every call is warmed up first; then, TRIALS
 * times, one ceiling run and each call once after it. Each call's figure is still the median of
 * TRIALS runs of DURATION_S, but one ceiling run serves a round of calls instead of each run of each
 * call: the ceiling was half of a run's time, which took over 12 minutes for the staff lists.
 */
export async function staffCalls(
  ceilingUrl: string,
  baseUrl: string,
  token: string,
  calls: [name: string, path: string | (() => string)][],
  connections = CONNECTIONS,
): Promise<Measured[]> {
  const headers = { authorization: `Bearer ${token}` };
  const loads = calls.map(([name, path]): [string, Options] => [
    name,
    {
      connections,
      headers,
      ...(typeof path === 'string'
        ? { url: `${baseUrl}${path}` }
        : { url: baseUrl, requests: [{ setupRequest: (request: object) => ({ ...request, path: path() }) }] }),
    },
  ]);
  for (const [, options] of loads) await load(options, WARM_UP_S);
  const trials: Trial[][] = loads.map(() => []);
  for (let i = 0; i < TRIALS; i++) {
    const ceiling = await ceilingRun(ceilingUrl, connections);
    for (const [j, [name, options]] of loads.entries()) {
      trials[j]!.push({ ceiling, figure: row(name, await load(options)), load: os.loadavg()[0]! });
    }
  }
  return trials.map(measuredOf);
}

/** Figures taken alongside `measured`'s, one per trial, beside the same ceiling runs. */
export function alongside(measured: Measured, figures: Row[]): Measured {
  const trials = measured.trials.map((trial, i) => ({ ...trial, figure: figures[i]! }));
  return { ...medianRow(figures), ceiling: measured.ceiling, trials };
}

/** The most memory the process has held at once (the kernel's high-water mark), in MB; read before it stops. */
export function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1] ?? NaN) / 1024;
}

/** Forgets the process's memory high-water mark (Linux), so that `peakRssMb` covers only what follows. */
export function resetPeakRss(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

const spread = (values: number[]) => {
  const middle = median(values);
  return middle > 0 ? `±${(((Math.max(...values) - Math.min(...values)) / 2 / middle) * 100).toFixed(0)}%` : '';
};
const range = (values: number[], digits: number) =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

/**
 * The table of `rows`, then the peak RSS of each server process that answered them, then `notes`.
 * Each figure is a median of its trials, with the spread of its requests per second (half the range,
 * against the median) and the load average while it ran. The ratio is the median of the trials' ratios
 * to the ceiling run just before each; the CPU ratio is the ceiling's CPU time per request against
 * the server's, which the other processes on a shared machine hardly move. `connections` is the
 * concurrency they were measured at.
 */
export function print(
  label: string,
  rows: Measured[],
  peakRssMb: number[],
  notes: string[] = [],
  connections = CONNECTIONS,
): void {
  const cpu = (r: Row) => (r.cpuUsPerRequest === undefined ? '-' : r.cpuUsPerRequest.toFixed(0));
  const cells = (r: Row, perSecond: number[]) => [
    r.perSecond.toFixed(0),
    spread(perSecond),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.errors),
    r.non2xx,
    cpu(r),
  ];
  const table = [
    [
      '',
      'req/s',
      'spread',
      'p50 ms',
      'p99 ms',
      'errors',
      'non-2xx',
      'CPU µs/req',
      'ratio (range)',
      'CPU ratio',
      'load',
    ],
    ...rows.flatMap((r) => {
      const ratios = r.trials.map((t) => t.figure.perSecond / t.ceiling.perSecond);
      const cpuRatio =
        r.cpuUsPerRequest && r.ceiling.cpuUsPerRequest
          ? (r.ceiling.cpuUsPerRequest / r.cpuUsPerRequest).toFixed(2)
          : '-';
      return [
        [
          '  ceiling: node:http, 1 KB JSON',
          ...cells(
            r.ceiling,
            r.trials.map((t) => t.ceiling.perSecond),
          ),
          '1.00',
          '1.00',
          '',
        ],
        [
          r.name,
          ...cells(
            r,
            r.trials.map((t) => t.figure.perSecond),
          ),
          `${median(ratios).toFixed(2)} (${range(ratios, 2)})`,
          cpuRatio,
          range(
            r.trials.map((t) => t.load),
            1,
          ),
        ],
      ];
    }),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  const lines = [
    `\n${label} (${connections} connections, median of ${TRIALS} × ${DURATION_S} s, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
    `load generator: ${LOAD_SETUP}`,
    ...table.map((line) =>
      line.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join('  '),
    ),
    `peak RSS of ${peakRssMb.length === 1 ? 'the server' : 'each instance'} over the run: ${peakRssMb.map((mb) => mb.toFixed(0)).join(', ')} MB`,
    ...notes,
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

/** The ceiling server, started once per benchmark run; its URL and how to stop it. */
async function startCeiling(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const child = await startProcess(['-e', CEILING_SCRIPT], { ...process.env, PORT: String(port) }, url);
  return { url, stop: () => stop(child) };
}

export type BenchDatabase = 'embedded PostgreSQL' | 'PostgreSQL';
type Fill<Prepared> = (database: Database) => Promise<Prepared>;

/** Migrates `database`, fills it and closes it, so that a server can open it next. */
async function migrateAndFill<Prepared>(database: Database, fill: Fill<Prepared>): Promise<Prepared> {
  try {
    await database.migrate();
    return await fill(database);
  } finally {
    await database.close();
  }
}

/** A new database on DATABASE_URL's PostgreSQL server, migrated and filled by `fill`; `drop` removes it. */
export async function freshPgDatabase<Prepared>(
  fill: Fill<Prepared>,
): Promise<{ url: string; drop: () => Promise<void>; prepared: Prepared }> {
  const fresh = await createFreshPgDatabase(process.env.DATABASE_URL!);
  try {
    return { ...fresh, prepared: await migrateAndFill(openPg(fresh.url, { poolSize: 4 }), fill) };
  } catch (error) {
    await fresh.drop();
    throw error;
  }
}

/** The embedded PostgreSQL's cluster of `dataDir` (src/db/cluster-location.ts says where it lives). */
function clusterDirOf(dataDir: string): string {
  const pointer = path.join(dataDir, POINTER_FILE);
  const home = fs.existsSync(pointer) ? fs.readFileSync(pointer, 'utf8').trim() : dataDir;
  return path.join(home, 'postgres');
}

/** The postmaster of the embedded PostgreSQL in `dataDir`. */
function postmasterOf(dataDir: string): number {
  return Number(fs.readFileSync(path.join(clusterDirOf(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** A benchmarked server's environment: no rate limit, no demo catalogue, warnings only in its log. */
const serverEnv = (port: number, dataDir: string, databaseUrl: string): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '0',
  SEED_CATALOGUE: 'false',
  DATABASE_URL: databaseUrl,
  METRICS_TOKEN: BENCH_METRICS_TOKEN,
});

const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const PROFILER_PRELOAD = path.join(import.meta.dirname, 'cpu-profiler.preload.mjs');

/** Sends `message` to a server started with the profiler and waits for its answer. */
function askProfiler(server: ChildProcess, message: object): Promise<void> {
  return new Promise((resolve) => {
    server.once('message', () => resolve());
    server.send(message);
  });
}

type BenchServer<Prepared> = {
  baseUrl: string;
  prepared: Prepared;
  pid: number;
  /** The embedded PostgreSQL's postmaster, started on the server's core; none on DATABASE_URL's server. */
  databasePid: number | undefined;
  /**
   * Runs `scenario`; with BENCH_CPU_PROF=<dir>, under a CPU profile of the server written to
   * <dir>/<name>.cpuprofile, whose top entries are printed.
   */
  profiled: <T>(name: string, scenario: () => Promise<T>) => Promise<T>;
  stop: () => Promise<void>;
};

/**
 * A fresh database filled by `fill`, then the built server started on it (the build `npm start`
 * runs, made by `npm run bench` first). DATA_DIR is locked by one process, so the embedded
 * database is filled (and stopped again) before the server starts.
 */
export async function startServerOn<Prepared>(
  label: BenchDatabase,
  fill: Fill<Prepared>,
): Promise<BenchServer<Prepared>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-bench-'));
  let databaseUrl = '';
  let drop = async () => {};
  let prepared: Prepared;
  if (label === 'PostgreSQL') {
    ({ url: databaseUrl, drop, prepared } = await freshPgDatabase(fill));
  } else {
    prepared = await migrateAndFill(await openDatabase({ databaseUrl: undefined, dataDir }), fill);
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = serverEnv(port, dataDir, databaseUrl);
  const preload = PROFILE_DIR ? ['--import', PROFILER_PRELOAD] : [];
  const server = await startProcess([...preload, SERVER_BUILD], env, `${baseUrl}/api/health`, !!PROFILE_DIR);
  const databasePid = label === 'embedded PostgreSQL' ? postmasterOf(dataDir) : undefined;
  if (databasePid !== undefined) servedBy(baseUrl, server.pid!, [databasePid]);
  return {
    baseUrl,
    prepared,
    pid: server.pid!,
    databasePid,
    profiled: async (name, scenario) => {
      if (!PROFILE_DIR) return scenario();
      const file = path.join(PROFILE_DIR, `${`${label} ${name}`.replace(/[^\w-]+/g, '-')}.cpuprofile`);
      fs.mkdirSync(PROFILE_DIR, { recursive: true });
      await askProfiler(server, { start: true });
      const result = await scenario();
      await askProfiler(server, { stop: file });
      process.stdout.write(
        [`\nCPU profile of ${label}, ${name}: ${file}`, ...summarizeCpuProfile(file)].join('\n') + '\n',
      );
      return result;
    },
    stop: async () => {
      await stop(server);
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type StartedBuild<Prepared> = { baseUrl: string; prepared: Prepared; stop: () => Promise<void> };

/**
 * The server bundle `build` on a fresh embedded PostgreSQL, filled by `fill` over the cluster's
 * socket once the server answers: the server has migrated its database with its own migrations, so
 * two builds compared side by side each run on the tables their own code made.
 */
export async function startBuild<Prepared>(build: string, fill: Fill<Prepared>): Promise<StartedBuild<Prepared>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startProcess([build], serverEnv(port, dataDir, ''), `${baseUrl}/api/health`);
  const stopAll = async () => {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const postmaster = postmasterOf(dataDir);
    servedBy(baseUrl, server.pid!, [postmaster]);
    // Started from the server, the cluster shares its core; a database is a service of its own.
    placeDatabase(postmaster, 'either');
    const database = openPg(embeddedConnectionString(clusterDirOf(dataDir)), { poolSize: 4 });
    try {
      return { baseUrl, prepared: await fill(database), stop: stopAll };
    } finally {
      await database.close();
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** A new empty database of the kind measured, and what removes it. */
export async function emptyDatabase(
  label: BenchDatabase,
  bench: string,
): Promise<{ database: Database; dataDir: string; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `apotheca-bench-${bench}-`));
  if (label === 'embedded PostgreSQL') {
    return {
      database: await openDatabase({ databaseUrl: undefined, dataDir }),
      dataDir,
      drop: () => fs.promises.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const fresh = await createFreshPgDatabase(process.env.DATABASE_URL!);
  return {
    database: openPg(fresh.url, { poolSize: 4 }),
    dataDir,
    drop: async () => {
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every database the run measures: the embedded default, and PostgreSQL when DATABASE_URL is set. */
export async function forEachDatabase(measure: (label: BenchDatabase) => Promise<void>): Promise<void> {
  await measure('embedded PostgreSQL');
  if (process.env.DATABASE_URL) await measure('PostgreSQL');
  else process.stdout.write('\nPostgreSQL: skipped (set DATABASE_URL to measure it too)\n');
}

/** What a bench measures on one database's server, beside the ceiling at `ceilingUrl`. */
export type ServerBench<Prepared> = (
  label: BenchDatabase,
  ceilingUrl: string,
  server: BenchServer<Prepared>,
) => Promise<void>;

/**
 * A bench's start-up: the ceiling, then on each database the run measures the built server on a
 * fresh database filled by `fill`, measured, then stopped and its database dropped even when the
 * measuring fails.
 */
export async function onEachServer<Prepared>(fill: Fill<Prepared>, measure: ServerBench<Prepared>): Promise<void> {
  await withCeiling((ceilingUrl) =>
    forEachDatabase(async (label) => {
      const server = await startServerOn(label, fill);
      try {
        await measure(label, ceilingUrl, server);
      } finally {
        await server.stop();
      }
    }),
  );
}

/** Runs `measure` beside the node:http ceiling, stopped afterwards. */
export async function withCeiling(measure: (ceilingUrl: string) => Promise<void>): Promise<void> {
  const ceiling = await startCeiling();
  try {
    await measure(ceiling.url);
  } finally {
    await ceiling.stop();
  }
}

/** One per connection: each connection of the order load is a shopper of its own. */
export const SHOPPER_COUNT = CONNECTIONS;
/** Enough units that an order run measures checkouts, not sold-out answers. */
export const BENCH_STOCK = 10_000_000;

/**
 * The `i`th of many bench medicines: a generic of the demo catalogue in turn, under the brand of its
 * `product`th product (counted round), its name made unique by `i`.
 */
export function demoCatalogueMedicine(i: number, product: number, stock: number) {
  const { products, ...generic } = SEED_CATALOGUE[i % SEED_CATALOGUE.length]!;
  const [brand, developedBy, strength, priceCents] = products[product % products.length]!;
  return {
    ...generic,
    name: `${brand}-${i}`,
    developedBy,
    strength,
    priceCents,
    stock,
    imageUrl: `/uploads/medicines/bench-${i}-detail.webp`,
  };
}

/** Rows per INSERT: well under PostgreSQL's limit of bind parameters in one statement. */
const INSERT_BATCH = 500;

/** Inserts `rows` in batches: each medicine's id, stock and whether it needs a prescription. */
export async function insertMedicines(
  database: Database,
  rows: (typeof medicines.$inferInsert & { stock: number })[],
): Promise<{ id: string; stock: number; rx: boolean }[]> {
  const inserted = [];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const slice = rows.slice(i, i + INSERT_BATCH);
    const added = await database.db
      .insert(medicines)
      .values(slice)
      .returning({ id: medicines.id, rx: medicines.prescriptionRequired });
    // Each medicine's stock in one batch, as a migrated catalogue has it.
    await receiveFirstBatches(
      database.db,
      added.map((row, j) => ({
        medicineId: row.id,
        maxMonthsExpiry: slice[j]!.maxMonthsExpiry,
        quantity: slice[j]!.stock,
      })),
    );
    inserted.push(...added.map((row, j) => ({ ...row, stock: slice[j]!.stock })));
  }
  return inserted;
}

export type ApiBenchData = { medicineIds: string[]; inStockIds: string[]; tokens: string[] };

/** The API bench's catalogue: 1,000 medicines, every tenth out of stock; and its signed-in shoppers. */
export async function apiBenchData(database: Database): Promise<ApiBenchData> {
  const rows = Array.from({ length: 1000 }, (_, i) => ({
    name: `Bench-${i}`,
    developedBy: 'Bench Labs',
    maxMonthsExpiry: 12 + (i % 24),
    category: CATEGORIES[i % CATEGORIES.length]!,
    // Every tenth is out of stock, as in a real catalogue.
    stock: i % 10 === 0 ? 0 : BENCH_STOCK,
    priceCents: 100 + ((i * 7919) % 20_000),
    imageUrl: `/uploads/medicines/bench-${i}-detail.webp`,
  }));
  const inserted = await insertMedicines(database, rows);
  const tokens = await signedInShoppers(database, SHOPPER_COUNT);
  return {
    medicineIds: inserted.map((m) => m.id),
    inStockIds: inserted.filter((m) => m.stock > 0).map((m) => m.id),
    tokens,
  };
}

/** The shop's admin, for the figures that a member of staff's call or write needs: their id. */
export async function insertAdmin(database: Database): Promise<string> {
  const [admin] = await database.db
    .insert(users)
    .values({
      firstName: 'Bench',
      lastName: 'Admin',
      email: 'admin@bench.test',
      phNo: '0123456789',
      passwordHash: 'not used',
      role: ROLE.admin,
    })
    .returning({ id: users.id });
  return admin!.id;
}

/** `count` shoppers, each signed in: their bearer tokens. */
export async function signedInShoppers(database: Database, count: number): Promise<string[]> {
  const passwordHash = await hashPassword('Bench@12345');
  const shoppers = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        firstName: 'Bench',
        lastName: 'Shopper',
        email: `shopper-${i}@bench.test`,
        phNo: '0123456789',
        passwordHash,
      })),
    )
    .returning({ id: users.id });
  const tokens = [];
  for (const { id } of shoppers) tokens.push(await createSession(database.db, id, true));
  return tokens;
}

/** Lua's literal for the table of `texts` (ids and tokens: nothing a JSON string escapes differently). */
const luaStrings = (texts: string[]) => `{${texts.map((text) => JSON.stringify(text)).join(',')}}`;

/**
 * Each connection is a shopper of its own (no two connections ever share a cart) who empties their
 * cart, then adds one in-stock medicine to it and checks out, over and over, each checkout with a key
 * of its own as the storefront sends one; wrk's Lua counts the orders placed. With `ordersPerSecond`, each connection
 * starts an order every `connections / ordersPerSecond` seconds (read on LuaJIT's monotonic clock) rather than as fast
 * as the server answers.
 */
export async function orderLoad(
  baseUrl: string,
  { inStockIds, tokens }: { inStockIds: string[]; tokens: string[] },
  connections = CONNECTIONS,
  ordersPerSecond?: number,
  name = 'orders: add to cart + add-order (orders/s)',
): Promise<Row> {
  const scenario = `
local ids = ${luaStrings(inStockIds)}
local tokens = ${luaStrings(tokens)}
-- Keys are the shopper's for as long as their orders: a run of its own, so a shopper's next run never reuses one.
local run = ${JSON.stringify(Date.now().toString(36))}
local attempts = 0
counted = 0
-- A run stopped between an add and its checkout leaves a line behind: each shopper starts empty.
local cleared, checkingOut = false, false
local add, checkout
init = function()
  -- Each thread its own draw of medicines: LuaJIT's generator starts from one seed.
  math.randomseed(connection)
  local authorization = 'Bearer ' .. tokens[connection]
  add = { ['content-type'] = 'application/json', authorization = authorization }
  checkout = { authorization = authorization }
end
request = function()
  if not cleared then return wrk.format('DELETE', '/api/cart/clear', checkout) end
  if checkingOut then
    attempts = attempts + 1
    checkout[${JSON.stringify(IDEMPOTENCY_KEY_HEADER)}] = string.format('bench-%s-%04d-%08d', run, connection, attempts)
    return wrk.format('POST', '/api/orders/add-order', checkout)
  end
  return wrk.format('POST', '/api/cart/add', add, '{"medicineId":"' .. ids[math.random(#ids)] .. '","quantity":1}')
end
response = function(status)
  if not cleared then
    cleared = true
    return
  end
  if checkingOut and status == 201 then counted = counted + 1 end
  checkingOut = not checkingOut
end
${ordersPerSecond === undefined ? '' : pacedOrders((connections / ordersPerSecond) * 1000)}`;
  const result = await scriptedLoad(baseUrl, scenario, connections, DURATION_S, () => outboxSent(baseUrl));
  return row(name, result, result.countedPerSecond);
}

/** The bearer token of a benchmarked server's `GET /api/metrics`. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-not-secret';
/** Longer than the outbox worker ever took to catch up after a 10 s order load (about 8 s). */
const OUTBOX_SENT_WITHIN_MS = 120_000;

/**
 * Resolves once the server's outbox holds no mail to send, read from its metrics as an operator
 * would. The outbox worker falls behind during an order load and catches up after it
 * (docs/decisions/0095): an order's CPU includes its confirmation mail, and the next run does not
 * share the server with the mail of this one.
 */
async function outboxSent(baseUrl: string): Promise<void> {
  const deadline = Date.now() + OUTBOX_SENT_WITHIN_MS;
  let waiting = '';
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/metrics`, {
      headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
    });
    if (!response.ok) throw new Error(`GET /api/metrics answered ${response.status}: is METRICS_TOKEN set?`);
    waiting = /^apotheca_mail_outbox_waiting (\d+)$/m.exec(await response.text())?.[1] ?? 'no figure';
    if (waiting === '0') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${baseUrl}: the outbox still held ${waiting} mails ${OUTBOX_SENT_WITHIN_MS / 1000} s after the order load`,
  );
}

/**
 * wrk's `delay` hook: an order starts every `periodMs` on each connection, the first at a random
 * point of the first period.
 */
const pacedOrders = (periodMs: number) => `
local ffi = require('ffi')
ffi.cdef('struct timespec { long tv_sec; long tv_nsec; }; int clock_gettime(int, struct timespec *);')
local clock = ffi.new('struct timespec')
local function nowMs()
  ffi.C.clock_gettime(1, clock)
  return tonumber(clock.tv_sec) * 1000 + tonumber(clock.tv_nsec) / 1e6
end
local nextStart
delay = function()
  if checkingOut or not cleared then return 0 end
  local now = nowMs()
  nextStart = nextStart or now + math.random() * ${periodMs}
  local wait = math.max(0, nextStart - now)
  nextStart = math.max(nextStart, now) + ${periodMs}
  return math.floor(wait)
end
`;
