import os from 'node:os';
import type { Options } from 'autocannon';
import { CATEGORIES } from '@apotheca/contract';
import { startRedisServer } from '../src/test/redis-server';
import { startCluster } from '../../scripts/cluster.mjs';
import {
  apiBenchData,
  BENCH_METRICS_TOKEN,
  beside,
  forEachDatabase,
  freshPgDatabase,
  load,
  orderLoad,
  peakRssMb,
  resetPeakRss,
  print,
  row,
  startServerOn,
  WARM_UP_S,
  warmedBeside,
  withCeiling,
  type BenchDatabase,
  type Measured,
  type Row,
} from './bench-server';
import { DATABASE_CORES, placeDatabase, type DatabaseCores } from './load-generator';

// The API under load, and a server-rendered page: the built server as a child process on a fresh database of 1,000
// medicines, against a bare node:http server answering a fixed 1 KB JSON, the machine's ceiling.
// Figures are printed, never asserted. PostgreSQL runs too when DATABASE_URL is set, and then the
// catalogue and order placement through haproxy with one and with three instances.

/** `npm run bench -- api orders` measures order placement alone: a change to checkout is compared in a minute, not ten. */
const ONLY_ORDERS = process.argv[2] === 'orders';

const LIST_PATH = `/api/medicines?category=${encodeURIComponent(CATEGORIES[7])}&sort=price_asc&page=2&limit=6`;

async function measureList(baseUrl: string): Promise<Row> {
  return row('GET /api/medicines (category, sort, page)', await load({ url: baseUrl + LIST_PATH }));
}

async function measureDatabase(label: BenchDatabase, ceilingUrl: string): Promise<void> {
  const { baseUrl, prepared, pid, databasePid, profiled, stop } = await startServerOn(label, apiBenchData);
  try {
    const rows: Measured[] = [];
    // Each route warmed up, then measured beside the ceiling (and profiled with BENCH_CPU_PROF).
    const measure = async (name: string, options: Options) => {
      rows.push(await warmedBeside(ceilingUrl, name, options, (measured) => profiled(name, measured)));
    };

    if (!ONLY_ORDERS) {
      await measure('GET /api/medicines (category, sort, page)', { url: baseUrl + LIST_PATH });
      await measure('GET /api/medicines/:id', {
        url: `${baseUrl}/api/medicines/${prepared.medicineIds[prepared.medicineIds.length / 2]}`,
      });
      // A landing page rendered on the server (docs/decisions/0011), compressed as a browser asks for it.
      const pagePath = `/medicines?category=${encodeURIComponent(CATEGORIES[7])}&sort=price_asc&page=2`;
      await measure('GET /medicines (server-rendered page)', {
        url: baseUrl + pagePath,
        headers: { 'accept-encoding': 'br' },
      });
    }

    // The run's peak includes start-up (the admin's password hash alone needs scrypt's 128 MB); the
    // order load's own peak is the figure its memory target is about.
    const runPeak = peakRssMb(pid);
    resetPeakRss(pid);
    rows.push(await profiled('orders', () => beside(ceilingUrl, () => orderLoad(baseUrl, prepared))));
    // The arrangement above has the embedded PostgreSQL on the server's core; a database is
    // a service of its own in production, so the same load again with it free to use either core.
    const cores = (process.env.BENCH_ORDERS_DATABASE_CORES ?? 'either') as DatabaseCores;
    if (databasePid !== undefined && placeDatabase(databasePid, cores)) {
      const name = `orders, database on core(s) ${DATABASE_CORES[cores]}`;
      rows.push(
        await profiled(name, () => beside(ceilingUrl, () => orderLoad(baseUrl, prepared, undefined, undefined, name))),
      );
    }
    const orderPeak = peakRssMb(pid);
    print(label, rows, [Math.max(runPeak, orderPeak)], [`peak RSS under the order load: ${orderPeak.toFixed(0)} MB`]);
  } finally {
    await stop();
  }
}

/**
 * The catalogue and order placement through haproxy (npm run cluster, docs/deploy.md) with one and
 * with three instances on one PostgreSQL and one redis-server, and the speed-up from the third.
 */
async function measureCluster(ceilingUrl: string): Promise<void> {
  const database = await freshPgDatabase(apiBenchData);
  const redis = await startRedisServer();
  const figures = new Map<number, Measured[]>();
  try {
    for (const instances of [1, 3]) {
      const cluster = await startCluster({
        instances,
        databaseUrl: database.url,
        redisUrl: redis.url,
        env: {
          RATE_LIMIT_PER_MINUTE: '0',
          SEED_CATALOGUE: 'false',
          LOG_LEVEL: 'warn',
          METRICS_TOKEN: BENCH_METRICS_TOKEN,
        },
      });
      try {
        await load({ url: cluster.url + LIST_PATH }, WARM_UP_S);
        const rows = [
          await beside(ceilingUrl, () => measureList(cluster.url)),
          await beside(ceilingUrl, () => orderLoad(cluster.url, database.prepared)),
        ];
        figures.set(instances, rows);
        const rss = cluster.instances.map((instance) => peakRssMb(instance.pid));
        print(`PostgreSQL through haproxy, ${instances} instance(s)`, rows, rss, [
          'haproxy and the instances are not pinned: they share both cores with the load generator, so the ceiling (on one core) is not their limit.',
        ]);
      } finally {
        await cluster.stop();
      }
    }
    const [one, three] = [figures.get(1)!, figures.get(3)!];
    const lines = one.map((r, i) => `  ${r.name}: ×${(three[i]!.perSecond / r.perSecond).toFixed(2)}`);
    process.stdout.write(`speed-up from 1 to 3 instances (${os.cpus().length} cores):\n${lines.join('\n')}\n`);
  } finally {
    await redis.stop();
    await database.drop();
  }
}

await withCeiling(async (ceilingUrl) => {
  await forEachDatabase((label) => measureDatabase(label, ceilingUrl));
  if (ONLY_ORDERS) return;
  if (process.env.DATABASE_URL) await measureCluster(ceilingUrl);
  else process.stdout.write('\nThe cluster: skipped (set DATABASE_URL to measure it too)\n');
});
