import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  IDEMPOTENCY_KEY_HEADER,
  type LoginResponse,
  type Medicine,
  type OrderResponse,
  type OrdersResponse,
} from '@apotheca/contract';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBalancer, startCluster, type Balancer, type Cluster } from '../scripts/cluster.mjs';
import { freePort } from '../scripts/free-port.mjs';
import { createFreshPgDatabase } from '../server/src/test/fresh-pg-database';
import { startRedisServer, type RedisServer } from '../server/src/test/redis-server';
import { adminEnv } from './support/admin-account';
import { medicineForm } from './support/admin-fixtures';
import { ADMIN, DELIVERY_ADDRESS, PASSWORD, uniqueEmail } from './support/shop';

const RATE_LIMIT = 6;

// Three instances of the built server on one PostgreSQL and one redis-server behind haproxy
// (docs/deploy.md): whatever one instance does, the others see at once. It runs only with
// DATABASE_URL (e2e/vitest.config.ts): instances share a PostgreSQL server, never one DATA_DIR.
describe('three instances behind the load balancer', () => {
  let database: { url: string; drop: () => Promise<void> };
  let redis: RedisServer;
  let cluster: Cluster;
  let urls: string[];
  let adminToken: string;
  let patient: LoginResponse;

  const call = (url: string, path: string, init: RequestInit = {}, token?: string) =>
    fetch(`${url}/api${path}`, {
      ...init,
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  beforeAll(async () => {
    database = await createFreshPgDatabase(process.env.DATABASE_URL!);
    redis = await startRedisServer();
    cluster = await startCluster({
      instances: 3,
      databaseUrl: database.url,
      redisUrl: redis.url,
      env: { RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), ...adminEnv() },
    });
    urls = cluster.instances.map((instance) => instance.url);
    const login = await call(urls[0]!, '/auth/login', { method: 'POST', body: JSON.stringify(ADMIN) });
    adminToken = ((await login.json()) as { token: string }).token;
    const email = uniqueEmail('cluster');
    const shopper = { first_name: 'Ann', last_name: 'Shopper', email, password: PASSWORD, ph_no: '0123456789' };
    await call(urls[0]!, '/auth/register', { method: 'POST', body: JSON.stringify(shopper) });
    const signedIn = await call(urls[0]!, '/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    patient = (await signedIn.json()) as LoginResponse;
  }, 300_000);
  afterAll(async () => {
    await cluster?.stop();
    await redis?.stop();
    await database?.drop();
  });

  it('serves an image uploaded through one instance from every instance', async () => {
    const form = medicineForm({
      name: 'Clusterol',
      developedBy: 'Shared Labs',
      maxMonthsExpiry: '12',
      category: 'Pain Relief',
      stock: '40',
      price: '3.50',
    });
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0d9488' } })
      .png()
      .toBuffer();
    form.append('medicine_img', new Blob([png], { type: 'image/png' }), 'clusterol.png');
    const added = await call(urls[0]!, '/medicines/add-medicine', { method: 'POST', body: form }, adminToken);
    expect(added.status).toBe(201);
    const { imageUrl } = ((await added.json()) as { newMedicine: Medicine }).newMedicine;
    const bodies = [];
    for (const url of [...urls, cluster.url]) {
      const image = await fetch(`${url}${imageUrl}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(image.headers.get('cache-control')).toContain('immutable');
      bodies.push(Buffer.from(await image.arrayBuffer()).toString('base64'));
    }
    expect(new Set(bodies).size).toBe(1);
  });

  it('shows a price changed on one instance on every other within seconds', async () => {
    const [medicine] = ((await (await call(urls[1]!, '/medicines?limit=1')).json()) as { medicines: Medicine[] })
      .medicines;
    // Every instance has the catalogue cached before the change.
    for (const url of urls) expect((await call(url, `/medicines/${medicine!._id}`)).status).toBe(200);
    const { name, developedBy, maxMonthsExpiry, category, stock } = medicine!;
    const form = medicineForm({ name, developedBy, maxMonthsExpiry, category, stock, price: 42.42 });
    const updated = await call(
      urls[1]!,
      `/medicines/update-medicine/${medicine!._id}`,
      { method: 'PATCH', body: form },
      adminToken,
    );
    expect(updated.status).toBe(200);
    // The other instances hear of the change through a database notice, so they see it soon, not at once.
    for (const url of [urls[0]!, urls[2]!]) {
      await vi.waitFor(
        async () => {
          const seen = (await (await call(url, `/medicines/${medicine!._id}`)).json()) as { medicine: Medicine };
          expect(seen.medicine.price).toBe(42.42);
        },
        { timeout: 5000, interval: 50 },
      );
    }
  });

  it('counts one address against the rate limit on every instance together', async () => {
    const statuses = [];
    for (let i = 0; i < RATE_LIMIT * 2; i += 1) {
      const url = urls[i % urls.length]!;
      const response = await call(url, '/auth/forgot-password', {
        method: 'POST',
        body: JSON.stringify({ email: 'nobody@example.test' }),
      });
      statuses.push(response.status);
    }
    // Counted per instance, no instance would have seen more than RATE_LIMIT calls.
    expect(statuses.slice(0, RATE_LIMIT)).not.toContain(429);
    expect(statuses.slice(RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(429));
  });

  it('refuses on every instance a session logged out on one', async () => {
    expect((await call(urls[2]!, '/auth/me', {}, adminToken)).status).toBe(200);
    expect((await call(urls[2]!, '/auth/logout', {}, adminToken)).status).toBe(200);
    // The other instances forget the session when the database's notice of it reaches them
    // (milliseconds, docs/decisions/0077): on a busy machine, not always before the next request.
    for (const url of [urls[0]!, urls[1]!, cluster.url]) {
      await vi.waitFor(async () => expect((await call(url, '/auth/me', {}, adminToken)).status).toBe(401), {
        timeout: 5000,
        interval: 20,
      });
    }
  });

  it('loses no request while an instance drains in the middle of a load', async () => {
    const outcomes = { ok: 0, failed: [] as string[] };
    let running = true;
    const worker = async () => {
      for (let i = 0; running; i += 1) {
        const path = i % 2 ? '/api/medicines?limit=6&sort=price_asc' : '/api/health';
        try {
          const response = await fetch(`${cluster.url}${path}`);
          await response.arrayBuffer();
          if (response.ok) outcomes.ok += 1;
          else outcomes.failed.push(`${path}: ${response.status}`);
        } catch (error) {
          outcomes.failed.push(`${path}: ${(error as Error).message}`);
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await cluster.instances[1]!.stop('SIGTERM')).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await Promise.all(workers);
    expect(outcomes.failed).toEqual([]);
    expect(outcomes.ok).toBeGreaterThan(50);
    expect(fs.existsSync(cluster.instances[1]!.dataDir)).toBe(false);
  });

  it('places an order once when the instance placing it dies before answering and the patient sends it again', async () => {
    const { medicines } = (await (await call(cluster.url, '/medicines?limit=100')).json()) as { medicines: Medicine[] };
    const medicine = medicines.find((candidate) => candidate.stock >= 2 && !candidate.prescriptionRequired)!;
    const stockOn = async (url: string) =>
      ((await (await call(url, `/medicines/${medicine._id}`)).json()) as { medicine: Medicine }).medicine.stock;
    const answering = async () => {
      const health = await Promise.all(
        urls.map((url) =>
          fetch(`${url}/api/health`).then(
            (r) => r.ok,
            () => false,
          ),
        ),
      );
      return urls.filter((_, i) => health[i]);
    };
    // Every instance has the medicine's answer cached before the checkout.
    for (const url of await answering()) expect(await stockOn(url)).toBe(medicine.stock);
    const addToCart = { method: 'POST', body: JSON.stringify({ medicineId: medicine._id, quantity: 2 }) };
    expect((await call(cluster.url, '/cart/add', addToCart, patient.token)).status).toBe(201);
    const checkout = {
      method: 'POST',
      headers: { [IDEMPOTENCY_KEY_HEADER]: 'cluster-resend-0000000000000001' },
      body: JSON.stringify({ address: DELIVERY_ADDRESS, saveAddress: true }),
    };
    const placedOrders = async () => {
      const reader = new pg.Client({ connectionString: database.url });
      await reader.connect();
      try {
        return (await reader.query<{ id: string }>('select id from orders where user_id = $1', [patient.user._id]))
          .rows;
      } finally {
        await reader.end();
      }
    };

    // The test holds the address book: the instance commits the order, then waits to keep the
    // address, and dies there, its answer never sent: the patient cannot tell whether it was placed.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    let lost: Response | undefined;
    try {
      await holder.query('begin');
      await holder.query('lock table addresses in share row exclusive mode');
      const first = call(cluster.url, '/orders/add-order', checkout, patient.token).catch(() => undefined);
      const placing = await vi.waitFor(
        async () => {
          const { rows } = await holder.query<{ application_name: string }>(
            `select application_name from pg_stat_activity where wait_event_type = 'Lock' and application_name like 'apotheca-app%'`,
          );
          expect(rows).toHaveLength(1);
          return rows[0]!.application_name;
        },
        { timeout: 10_000, interval: 50 },
      );
      const dying = cluster.instances.find((_, i) => placing === `apotheca-app${i + 1}`)!;
      await dying.stop('SIGKILL');
      lost = await first;
      expect(fs.existsSync(dying.dataDir)).toBe(false);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect(lost?.status).not.toBe(201);
    expect(await placedOrders()).toHaveLength(1);

    // What the storefront does: the same request with the same key, which the balancer gives a live
    // instance; sent here to one chosen, to read its catalogue next.
    const survivor = (await answering())[0]!;
    const resent = await call(survivor, '/orders/add-order', checkout, patient.token);
    expect(resent.status).toBe(201);
    // The instance that died never told the others of the stock it took; the one that answered the
    // resend does, so its own catalogue shows the new stock at once.
    expect(await stockOn(survivor)).toBe(medicine.stock - 2);
    const { order } = (await resent.json()) as OrderResponse;
    expect(await placedOrders()).toEqual([{ id: order._id }]);
    const mine = (await (await call(cluster.url, '/orders/my-orders', {}, patient.token)).json()) as OrdersResponse;
    expect(mine.orders.map((placed) => placed._id)).toEqual([order._id]);
    await vi.waitFor(
      async () => {
        const seen = (await (await call(cluster.url, `/medicines/${medicine._id}`)).json()) as { medicine: Medicine };
        expect(seen.medicine.stock).toBe(medicine.stock - 2);
      },
      { timeout: 5000, interval: 50 },
    );
  });
});

describe('a cluster whose instance cannot start', () => {
  const instanceDirectories = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('apotheca-instance-'));

  it('stops and leaves no instance directory behind', async () => {
    const before = new Set(instanceDirectories());
    const starting = startCluster({
      instances: 1,
      databaseUrl: process.env.DATABASE_URL!,
      redisUrl: 'redis://127.0.0.1:1',
      env: { RATE_LIMIT_PER_MINUTE: 'many' },
    });
    await expect(starting).rejects.toThrow('RATE_LIMIT_PER_MINUTE');
    expect(instanceDirectories().filter((name) => !before.has(name))).toEqual([]);
  });
});

describe('a cluster whose instance dies on its own', () => {
  it('removes that instance directory at once, not only when the cluster stops', async () => {
    const database = await createFreshPgDatabase(process.env.DATABASE_URL!);
    const cluster = await startCluster({
      instances: 1,
      databaseUrl: database.url,
      redisUrl: 'redis://127.0.0.1:1',
      env: adminEnv(),
    }).catch(async (error: unknown) => {
      await database.drop();
      throw error;
    });
    try {
      const instance = cluster.instances[0]!;
      expect(fs.existsSync(instance.dataDir)).toBe(true);
      // Killed from outside, as the kernel's out-of-memory killer or an operator's kill -9 would.
      process.kill(instance.pid, 'SIGKILL');
      await vi.waitFor(() => expect(fs.existsSync(instance.dataDir)).toBe(false), { timeout: 5000, interval: 50 });
    } finally {
      await cluster.stop();
      await database.drop();
    }
  }, 180_000);
});

describe('npm run cluster with a count or a port it cannot use', () => {
  it.each([
    ['INSTANCES', 'three', 'INSTANCES must be a whole number, 1 or more (it is "three").'],
    ['INSTANCES', '0', 'INSTANCES must be a whole number, 1 or more (it is "0").'],
    ['PORT', 'http', 'PORT must be a whole number from 1 to 65535 (it is "http").'],
  ])('refuses %s=%s in one line, before it starts anything', async (name, value, message) => {
    const run = promisify(execFile)(process.execPath, ['scripts/cluster.mjs'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, REDIS_URL: 'redis://127.0.0.1:1', [name]: value },
    });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: `${message}\n` });
  });
});

describe('npm run cluster told to stop through npm', () => {
  it('stops the load balancer and every instance', async () => {
    // As an operator runs it: `npm run cluster`, then `kill <npm's PID>` (or a service manager's SIGTERM to it).
    const database = await createFreshPgDatabase(process.env.DATABASE_URL!);
    const redis = await startRedisServer();
    const port = await freePort();
    let printed = '';
    const npm = spawn('npm', ['run', 'cluster'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        ...adminEnv(),
        INSTANCES: '1',
        PORT: String(port),
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    npm.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const answers = async (url: string) => (await fetch(`${url}/api/health`).catch(() => undefined)) !== undefined;
    try {
      await vi.waitFor(() => expect(printed).toMatch(/app1: http:\/\/\S+/), { timeout: 240_000, interval: 500 });
      const instance = /app1: (http:\/\/\S+)/.exec(printed)![1]!;
      npm.kill('SIGTERM');
      await vi.waitFor(
        async () =>
          expect([await answers(`http://127.0.0.1:${port}`), await answers(instance)]).toEqual([false, false]),
        { timeout: 30_000, interval: 250 },
      );
    } finally {
      await redis.stop();
      await database.drop();
    }
  }, 300_000);
});

// deploy/haproxy.cfg in front of two stand-ins for instances, one of which takes every request and
// dies before answering (an instance killed after its checkout committed): what the balancer sends
// on again is what a shopper's click does twice.
describe('the load balancer, when an instance dies before answering', () => {
  const received: string[] = [];
  let backends: http.Server[];
  let balancer: Balancer;

  const backend = (answers: boolean) =>
    new Promise<http.Server>((resolve) => {
      const server = http.createServer((request, response) => {
        if (request.url === '/api/health/ready') return void response.end('{"status":"ready"}');
        received.push(`${request.method} ${request.url}`);
        request.resume().on('end', () => (answers ? response.end('{}') : request.socket.destroy()));
      });
      server.listen(0, '127.0.0.1', () => resolve(server));
    });

  beforeAll(async () => {
    backends = [await backend(false), await backend(true)];
    balancer = await startBalancer({ ports: backends.map((server) => (server.address() as AddressInfo).port) });
  });
  afterAll(async () => {
    await balancer?.stop();
    for (const server of backends ?? []) server.closeAllConnections();
    await Promise.all((backends ?? []).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('sends a read on to another instance, and never a checkout or a cart change', async () => {
    const changes = ['POST /api/orders/add-order', 'PATCH /api/cart/update/1'].flatMap((change) =>
      [1, 2, 3, 4].map((n) => `${change}?n=${n}`),
    );
    const reads = changes.map((_, n) => `GET /api/medicines?n=${n}`);
    const answers = new Map<string, number | 'no answer'>();
    for (const request of [...reads, ...changes]) {
      const [method, path] = request.split(' ');
      const response = await fetch(`${balancer.url}${path}`, {
        method,
        body: method === 'GET' ? undefined : '{}',
      }).catch(() => undefined);
      answers.set(request, response?.status ?? 'no answer');
    }
    // Round robin gives some of each to the dying instance: a read is answered by the other one, a
    // change fails (502, or its connection closed, as the instance's was) instead of being made a
    // second time; the shopper looks at their orders or cart.
    expect(reads.map((request) => answers.get(request))).toEqual(reads.map(() => 200));
    expect(received.filter((request) => !request.startsWith('GET')).sort()).toEqual([...changes].sort());
    expect(changes.filter((request) => answers.get(request) !== 200)).not.toEqual([]);
  });
});
