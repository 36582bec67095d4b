import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import autocannon, { type Options } from 'autocannon';

// How the benchmarks load a server (docs/decisions/0070, 0092): Debian's wrk, pinned to one core
// with the server on the other, for a fixed request and for a sequence scripted in its Lua (a cart
// then a checkout); autocannon, in the bench process, where a scenario draws each path from the
// bench's own data (a new search each time). Without taskset, or without wrk for what autocannon can
// send, the figures are still taken, and `LOAD_SETUP` says how.

const onPath = (command: string) => {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk prints its version and exits 1: it is there all the same.
    return (error as { code?: string }).code !== 'ENOENT';
  }
};

const HAS_WRK = onPath('wrk');
/** One core serves, the other loads: they then never take turns on the same core. */
const PINNED = onPath('taskset') && os.cpus().length >= 2;
const SERVER_CORE = '0';
const LOAD_CORE = '1';

/** Where the embedded PostgreSQL a server starts may run, besides sharing the server's core. */
export const DATABASE_CORES = {
  serverCore: SERVER_CORE,
  loadCore: LOAD_CORE,
  either: `${SERVER_CORE},${LOAD_CORE}`,
} as const;
export type DatabaseCores = keyof typeof DATABASE_CORES;

/**
 * Moves the embedded PostgreSQL whose postmaster is `postmaster` (and its backends: later ones
 * inherit the postmaster's cores) to `cores`; the server stays where it is. Returns whether it
 * moved: never without taskset.
 */
export function placeDatabase(postmaster: number, cores: DatabaseCores): boolean {
  if (!PINNED) return false;
  for (const id of processTree(postmaster, processTable()))
    execFileSync('taskset', ['-a', '-p', '-c', DATABASE_CORES[cores], String(id)], { stdio: 'ignore' });
  return true;
}

/** `command args` on `core` when taskset is there; as it is otherwise. */
function onCore(core: string, command: string, args: string[]): [string, string[]] {
  return PINNED ? ['taskset', ['-c', core, command, ...args]] : [command, args];
}
/** How a server process is started: on the server's core. */
export const onServerCore = (command: string, args: string[]) => onCore(SERVER_CORE, command, args);

/** A line for each table: which load generator ran and where. */
export const LOAD_SETUP = [
  HAS_WRK
    ? 'wrk for fixed requests and orders, autocannon for searches'
    : 'autocannon for every request, no order load (wrk not found: apt-get install wrk)',
  PINNED
    ? `server on core ${SERVER_CORE}, load generator on core ${LOAD_CORE}`
    : `nothing pinned (${os.cpus().length < 2 ? 'one core' : 'taskset not found'})`,
].join('; ');

export type LoadResult = {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers by status code other than 2xx (wrk counts them without their codes: 'non-2xx'). */
  unexpected: Record<string, number>;
  /** CPU time the server (and its children, the embedded database) spent per answered request, in µs. */
  cpuUsPerRequest?: number;
  /** What a scripted wrk load counted (orders placed), per second. */
  countedPerSecond?: number;
};

/** Per origin, the serving process and any process its CPU time is read with (its embedded database). */
const pidsByOrigin = new Map<string, { pid: number; alongside: number[] }>();
/** The process that answers on `url`'s origin, so its CPU time is read around each load. */
export const servedBy = (url: string, pid: number, alongside: number[] = []) =>
  void pidsByOrigin.set(new URL(url).origin, { pid, alongside });

const CLOCK_TICKS_PER_S = 100;

type ProcessStat = { parent: number; ticks: number };

/** Every process's parent and CPU time (user and system, in clock ticks), from /proc. */
function processTable(): Map<number, ProcessStat> {
  const stats = new Map<number, ProcessStat>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields follow its last ')'.
      const text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone since the directory was listed
    }
  }
  return stats;
}

/** `pid` and every process under it. */
function processTree(pid: number, stats: Map<number, ProcessStat>): Set<number> {
  const under = new Set([pid]);
  // Parents have lower ids than most children, but not always: repeat until nothing is added.
  for (let added = true; added;) {
    added = false;
    for (const [id, stat] of stats) {
      if (!under.has(id) && under.has(stat.parent)) {
        under.add(id);
        added = true;
      }
    }
  }
  return under;
}

/**
 * User and system CPU time of `pids` and every process under them, in µs. The embedded database's
 * postmaster is not under the server (pg_ctl starts it detached), so it is given beside it.
 */
function treeCpuUs(pids: number[]): number {
  const stats = processTable();
  let ticks = 0;
  for (const id of new Set(pids.flatMap((pid) => [...processTree(pid, stats)]))) ticks += stats.get(id)?.ticks ?? 0;
  return (ticks / CLOCK_TICKS_PER_S) * 1e6;
}

/**
 * What every wrk run loads besides a scenario's own Lua: `setup` tells each thread its `connection`
 * (1, 2, …), and `done` prints the summary as one JSON line, with the sum of the threads' `counted`
 * (what a scripted scenario counts, such as orders placed).
 */
const SUMMARY_LUA = `
local threads = {}
setup = function(thread)
  threads[#threads + 1] = thread
  thread:set('connection', #threads)
end
done = function(summary, latency, requests)
  local counted = 0
  for _, thread in ipairs(threads) do counted = counted + (thread:get('counted') or 0) end
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"errors":%d,"status":%d,"counted":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status, counted))
end
`;
let scriptDir: string | undefined;
/** Each scenario's file, written once: every ceiling run loads the same one. */
const scriptFiles = new Map<string, string>();

/** A file holding the summary's Lua and `scenario`'s. */
function wrkScript(scenario: string): string {
  let file = scriptFiles.get(scenario);
  if (file === undefined) {
    if (scriptDir === undefined) {
      const dir = fs.mkdtempSync(`${os.tmpdir()}/apotheca-wrk-`);
      // Gone with the bench: each run left its folder of scripts in the temporary directory.
      process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
      scriptDir = dir;
    }
    file = `${scriptDir}/load-${scriptFiles.size + 1}.lua`;
    fs.writeFileSync(file, SUMMARY_LUA + scenario);
    scriptFiles.set(scenario, file);
  }
  return file;
}

/**
 * wrk on the load core: one thread for a fixed request; for a scripted one, a thread per
 * connection, so that each thread's Lua globals are one connection's own (whose turn it is in a
 * sequence, a shopper's token).
 */
async function runWrk(
  { url, headers = {} }: Pick<Options, 'url' | 'headers'>,
  connections: number,
  durationS: number,
  scenario?: string,
): Promise<LoadResult> {
  const threads = scenario === undefined ? 1 : connections;
  const [command, args] = onCore(LOAD_CORE, 'wrk', [
    ...[`-t${threads}`, `-c${connections}`, `-d${durationS}s`, '--timeout', '10s', '-s', wrkScript(scenario ?? '')],
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = output.split('\n').find((text) => text.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`wrk failed (${code}):\n${output}`);
  const summary = JSON.parse(line) as Record<
    'requests' | 'durationUs' | 'p50Us' | 'p99Us' | 'errors' | 'status' | 'counted',
    number
  >;
  const seconds = summary.durationUs / 1e6;
  return {
    requests: summary.requests,
    perSecond: summary.requests / seconds,
    p50: summary.p50Us / 1000,
    p99: summary.p99Us / 1000,
    errors: summary.errors,
    unexpected: summary.status > 0 ? { 'non-2xx': summary.status } : {},
    countedPerSecond: summary.counted / seconds,
  };
}

async function runAutocannon(options: Options, connections: number, durationS: number): Promise<LoadResult> {
  const result = await autocannon({ connections, duration: durationS, ...options });
  const unexpected = Object.entries(result.statusCodeStats).filter(([code]) => !code.startsWith('2'));
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    unexpected: Object.fromEntries(unexpected.map(([code, { count }]) => [code, count])),
  };
}

/** The loads running on each process; each is marked shared once another one overlaps it. */
const loadsUnderWay = new Map<number, Set<{ shared: boolean }>>();

/**
 * Loads `options.url` for `durationS` over `connections`: with wrk when the request is fixed (no
 * scripted `requests`), with autocannon otherwise.
 */
export function generateLoad(options: Options, connections: number, durationS: number): Promise<LoadResult> {
  const fixed = HAS_WRK && !options.requests && !options.body && (options.method ?? 'GET') === 'GET';
  return measured(options.url, () =>
    fixed ? runWrk(options, connections, durationS) : runAutocannon(options, connections, durationS),
  );
}

/**
 * Loads `url` for `durationS` over `connections` with wrk running `scenario`, Lua that defines
 * `request` and `response` (and `delay`, to pace them) over the globals `connection` (1, 2, …; a
 * thread per connection) and `counted`. Needs wrk: a sequence is written once, in its Lua. The CPU
 * time read around it includes `settled`: what the server still does for the load once it ends.
 */
export function scriptedLoad(
  url: string,
  scenario: string,
  connections: number,
  durationS: number,
  settled: () => Promise<void>,
) {
  if (!HAS_WRK) throw new Error('A scripted load runs on wrk: apt-get install wrk');
  return measured(url, async () => {
    const result = await runWrk({ url }, connections, durationS, scenario);
    await settled();
    return result;
  });
}

/**
 * `run`, with the CPU time of the process serving `url` read around it, unless another load shared
 * that process, whose requests would then be counted as its own.
 */
async function measured(url: string, run: () => Promise<LoadResult>): Promise<LoadResult> {
  const served = pidsByOrigin.get(new URL(url).origin);
  if (served === undefined) return run();
  const { pid, alongside } = served;
  const running = loadsUnderWay.get(pid) ?? new Set();
  loadsUnderWay.set(pid, running);
  const self = { shared: running.size > 0 };
  for (const other of running) other.shared = true;
  running.add(self);
  const cpuBefore = treeCpuUs([pid, ...alongside]);
  try {
    const result = await run();
    if (self.shared || result.requests === 0) return result;
    return { ...result, cpuUsPerRequest: (treeCpuUs([pid, ...alongside]) - cpuBefore) / result.requests };
  } finally {
    running.delete(self);
  }
}
