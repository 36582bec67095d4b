import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATEGORIES } from '@apotheca/contract';
import autocannon, { type Options, type Result } from 'autocannon';
import { openPg, openPglite, type Database } from '../src/db/client';
import { medicines, users } from '../src/db/schema';
import { hashPassword } from '../src/features/auth/password-hash';
import { createSession } from '../src/features/auth/session.service';
import { createFreshPgDatabase } from '../src/test/fresh-pg-database';
import { startRedisServer } from '../src/test/redis-server';
import { startCluster } from '../../scripts/cluster.mjs';
import { freePort } from '../../scripts/free-port.mjs';

// The API under load (issue 3), and a server-rendered page (issue 4): the built server as a child process on a fresh database of 1,000
// medicines, against a bare node:http server answering a fixed 1 KB JSON, the machine's ceiling.
// Figures are printed, never asserted. PostgreSQL runs too when DATABASE_URL is set.

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const MEDICINE_COUNT = 1000;
const CONNECTIONS = 64;
const DURATION_S = 10;
const WARM_UP_S = 2;
/** Twice the connections, so every connection can hold a shopper of its own at any moment. */
const SHOPPER_COUNT = CONNECTIONS * 2;
/** Enough units that the order run measures checkouts, not sold-out answers. */
const BENCH_STOCK = 10_000_000;

type Prepared = { medicineIds: string[]; inStockIds: string[]; tokens: string[] };

async function prepare(database: Database): Promise<Prepared> {
  await database.migrate();
  const rows = Array.from({ length: MEDICINE_COUNT }, (_, i) => ({
    name: `Bench-${i}`,
    developedBy: 'Bench Labs',
    maxMonthsExpiry: 12 + (i % 24),
    category: CATEGORIES[i % CATEGORIES.length]!,
    // Every tenth is out of stock, as in a real catalogue.
    stock: i % 10 === 0 ? 0 : BENCH_STOCK,
    priceCents: 100 + ((i * 7919) % 20_000),
    imageUrl: `/uploads/medicines/bench-${i}-detail.webp`,
  }));
  const inserted = [];
  for (let i = 0; i < rows.length; i += 250) {
    inserted.push(
      ...(await database.db
        .insert(medicines)
        .values(rows.slice(i, i + 250))
        .returning({ id: medicines.id, stock: medicines.stock })),
    );
  }
  const passwordHash = await hashPassword('Bench@12345');
  const shoppers = await database.db
    .insert(users)
    .values(
      Array.from({ length: SHOPPER_COUNT }, (_, i) => ({
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
  return {
    medicineIds: inserted.map((m) => m.id),
    inStockIds: inserted.filter((m) => m.stock > 0).map((m) => m.id),
    tokens,
  };
}

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

async function startProcess(args: string[], env: NodeJS.ProcessEnv, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: SERVER_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitUntilAnswering(readyUrl, child);
  return child;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

type Row = { name: string; perSecond: number; p50: number; p99: number; errors: number; non2xx: string };
/** A figure beside the ceiling measured just before it: the machine is shared, so the ceiling drifts. */
type Measured = Row & { ceiling: Row };

function row(name: string, result: Result, perSecond = result.requests.average): Row {
  const unexpected = Object.entries(result.statusCodeStats).filter(([code]) => !code.startsWith('2'));
  return {
    name,
    perSecond,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: unexpected.map(([code, { count }]) => `${count}×${code}`).join(' ') || '0',
  };
}

const load = (options: Options, duration = DURATION_S) =>
  autocannon({ connections: CONNECTIONS, duration, ...options });

/** A scenario's figures beside the ceiling measured just before it. */
async function beside(ceilingUrl: string, scenario: () => Promise<Row>): Promise<Measured> {
  const ceiling = row('ceiling', await load({ url: ceilingUrl }));
  return { ...(await scenario()), ceiling };
}

const LIST_PATH = `/api/medicines?category=${encodeURIComponent(CATEGORIES[7])}&sort=price_asc&page=2&limit=6`;

async function measureList(baseUrl: string): Promise<Row> {
  await load({ url: baseUrl + LIST_PATH }, WARM_UP_S);
  return row('GET /api/medicines (category, sort, page)', await load({ url: baseUrl + LIST_PATH }));
}

async function measureDatabase(label: string, ceilingUrl: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-bench-'));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  let database: Database;
  if (label === 'PostgreSQL') {
    const fresh = await createFreshPgDatabase(process.env.DATABASE_URL!);
    databaseUrl = fresh.url;
    drop = fresh.drop;
    database = await openPg(fresh.url, { poolSize: 4 });
  } else {
    // PGlite's directory is locked by one process: the data is written before the server starts.
    database = await openPglite({ kind: 'dir', dataDir });
  }
  const prepared = await prepare(database);
  await database.close();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    SEED_CATALOGUE: 'false',
    DATABASE_URL: databaseUrl ?? '',
  };
  // The build `npm start` runs (scripts/build-server.mjs, built by `npm run bench` first);
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server = await startProcess([...profile, 'dist/main.js'], env, `${baseUrl}/api/health`);
  try {
    const rows: Measured[] = [];
    const measure = async (scenario: () => Promise<Row>) => void rows.push(await beside(ceilingUrl, scenario));

    await measure(() => measureList(baseUrl));

    const detailPath = `/api/medicines/${prepared.medicineIds[MEDICINE_COUNT / 2]}`;
    await load({ url: baseUrl + detailPath }, WARM_UP_S);
    await measure(async () => row('GET /api/medicines/:id', await load({ url: baseUrl + detailPath })));

    // A landing page rendered on the server (docs/decisions/0011), compressed as a browser asks for it.
    const pagePath = `/medicines?category=${encodeURIComponent(CATEGORIES[7])}&sort=price_asc&page=2`;
    const pageLoad = { url: baseUrl + pagePath, headers: { 'accept-encoding': 'br' } };
    await load(pageLoad, WARM_UP_S);
    await measure(async () => row('GET /medicines (server-rendered page)', await load(pageLoad)));

    await measure(() => measureOrders(baseUrl, prepared));
    print(label, rows, `peak RSS of the server over the run: ${peakRssMb(server.pid!).toFixed(0)} MB`);
  } finally {
    await stop(server);
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Each sequence takes an idle shopper, adds one in-stock medicine to their cart and checks out,
 * then frees the shopper: no two connections ever share a cart.
 */
async function measureOrders(baseUrl: string, { inStockIds, tokens }: Prepared): Promise<Row> {
  const idle = [...tokens];
  let placed = 0;
  const json = { 'content-type': 'application/json' };
  const result = await load({
    url: baseUrl,
    requests: [
      {
        method: 'POST',
        path: '/api/cart/add',
        setupRequest: (request, context) => {
          context.token = idle.pop();
          const medicineId = inStockIds[Math.floor(Math.random() * inStockIds.length)];
          return {
            ...request,
            headers: { ...json, authorization: `Bearer ${context.token}` },
            body: JSON.stringify({ medicineId, quantity: 1 }),
          };
        },
      },
      {
        method: 'POST',
        path: '/api/orders/add-order',
        setupRequest: (request, context) => ({ ...request, headers: { authorization: `Bearer ${context.token}` } }),
        onResponse: (status, _body, context) => {
          if (status === 201) placed++;
          idle.push(context.token as string);
        },
      },
    ],
  });
  return row('orders: add to cart + add-order (orders/s)', result, placed / DURATION_S);
}

/** The most memory the process held at once (the kernel's high-water mark), in MB. */
function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1] ?? NaN) / 1024;
}

function print(label: string, rows: Measured[], memory: string): void {
  const figures = (r: Row) => [r.perSecond.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), r.errors, r.non2xx];
  const lines = [
    `\n${label} (${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
    ['', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'ratio'].join('\t'),
    ...rows.flatMap((r) => [
      ['  ceiling: node:http, 1 KB JSON'.padEnd(45), ...figures(r.ceiling), '1.00'].join('\t'),
      [r.name.padEnd(45), ...figures(r), (r.perSecond / r.ceiling.perSecond).toFixed(2)].join('\t'),
    ]),
    memory,
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

/**
 * The catalogue and order placement through haproxy (npm run cluster, docs/deploy.md) with one and
 * with three instances on one PostgreSQL and one redis-server, and the speed-up from the third.
 */
async function measureCluster(ceilingUrl: string): Promise<void> {
  const fresh = await createFreshPgDatabase(process.env.DATABASE_URL!);
  const database = await openPg(fresh.url, { poolSize: 4 });
  const prepared = await prepare(database);
  await database.close();
  const redis = await startRedisServer();
  const figures = new Map<number, Measured[]>();
  try {
    for (const instances of [1, 3]) {
      const cluster = await startCluster({
        instances,
        databaseUrl: fresh.url,
        redisUrl: redis.url,
        env: { RATE_LIMIT_PER_MINUTE: '0', SEED_CATALOGUE: 'false', LOG_LEVEL: 'warn' },
      });
      try {
        const rows = [
          await beside(ceilingUrl, () => measureList(cluster.url)),
          await beside(ceilingUrl, () => measureOrders(cluster.url, prepared)),
        ];
        figures.set(instances, rows);
        const rss = cluster.instances.map((instance) => `${peakRssMb(instance.pid).toFixed(0)} MB`).join(', ');
        print(`PostgreSQL through haproxy, ${instances} instance(s)`, rows, `peak RSS of each instance: ${rss}`);
      } finally {
        await cluster.stop();
      }
    }
    const [one, three] = [figures.get(1)!, figures.get(3)!];
    const lines = one.map((r, i) => `  ${r.name}: ×${(three[i]!.perSecond / r.perSecond).toFixed(2)}`);
    process.stdout.write(`speed-up from 1 to 3 instances (${os.cpus().length} cores):\n${lines.join('\n')}\n`);
  } finally {
    await redis.stop();
    await fresh.drop();
  }
}

async function main() {
  const ceilingPort = await freePort();
  const ceilingUrl = `http://127.0.0.1:${ceilingPort}/`;
  const ceiling = await startProcess(['-e', CEILING_SCRIPT], { ...process.env, PORT: String(ceilingPort) }, ceilingUrl);
  try {
    await measureDatabase('PGlite', ceilingUrl);
    if (process.env.DATABASE_URL) {
      await measureDatabase('PostgreSQL', ceilingUrl);
      await measureCluster(ceilingUrl);
    } else process.stdout.write('\nPostgreSQL and the cluster: skipped (set DATABASE_URL to measure them too)\n');
  } finally {
    await stop(ceiling);
  }
}

await main();
