import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Medicine, Order } from '@apotheca/contract';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { isRunning } from '../server/src/db/data-dir-lock';
import { freePort, serverEnv, spawnServer, type ServerProcess } from './support/product-server';

const repositoryRoot = path.resolve(import.meta.dirname, '..');

/**
 * For a test of how the process starts and stops on a DATA_DIR of its own: the demo catalogue, whose
 * artwork takes seconds to draw at every first start, is no part of what it checks.
 */
const NO_DEMO_CATALOGUE = { SEED_CATALOGUE: 'false' };

// On the embedded database (the PostgreSQL the app starts in DATA_DIR, whatever DATABASE_URL the
// run has): a clean stop that stops PostgreSQL too, every row kept across a restart, and a second
// process on the same DATA_DIR refused with a clear message.
describe('the server process on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-lifecycle-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stops cleanly on SIGTERM and SIGINT, keeps every row, and refuses a second process', async () => {
    const first = await spawnServer(env);
    expect(first.output()).toContain('Seeded the demo catalogue with 222 medicines.');
    const register = await fetch(`${first.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Rita',
        last_name: 'Restart',
        email: 'rita@example.test',
        password: 'Secret@123',
        ph_no: '0123456789',
      }),
    });
    expect(register.status).toBe(201);

    const second = await spawnServer(env);
    expect(await second.stop()).toBe(1);
    expect(second.output()).toContain('already in use by another Apotheca process');
    // The refused process did not disturb the running one.
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);

    expect(await first.stop('SIGTERM')).toBe(0);
    // PostgreSQL removes its postmaster.pid as it stops: the app leaves no database running.
    expect(fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);

    const restarted = await spawnServer(env);
    expect(restarted.output()).not.toContain('Seeded the demo catalogue');
    const medicines = (await (await fetch(`${restarted.baseUrl}/api/medicines?limit=1`)).json()) as { total: number };
    expect(medicines.total).toBe(222);
    const login = await fetch(`${restarted.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'rita@example.test', password: 'Secret@123' }),
    });
    expect(login.status).toBe(200);
    expect(await restarted.stop('SIGINT')).toBe(0);
  });

  it('stops cleanly on SIGHUP, as when the terminal it runs in closes, and leaves no database running', async () => {
    const server = await spawnServer(env);
    expect(await server.stop('SIGHUP')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
  });

  it('exits when its embedded PostgreSQL is killed under it, and a restart brings both back', async () => {
    const server = await spawnServer(env);
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');
    // Exiting non-zero is what makes a container's restart policy or systemd start it again.
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('stopped: exiting, for a restart to start it again');

    const restarted = await spawnServer(env);
    expect((await fetch(`${restarted.baseUrl}/api/health/ready`)).status).toBe(200);
    const medicines = (await (await fetch(`${restarted.baseUrl}/api/medicines?limit=1`)).json()) as { total: number };
    expect(medicines.total).toBe(222);
    expect(await restarted.stop()).toBe(0);
  });

  it('takes the scheduled backup again after a process killed while writing it restarts', async () => {
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-lifecycle-backups-'));
    const backupEnv = { ...env, BACKUP_EVERY_HOURS: '24', BACKUP_DIR: backupDir };
    const written = () => fs.readdirSync(backupDir);
    let restarted: ServerProcess | undefined;
    try {
      // A start looks at once, and the process dies while the demo shop's backup is being written (it
      // ran out of memory, say): its partial file is there, the file it would become is not.
      const starting = spawnServer(backupEnv);
      await vi.waitFor(() => expect(written().filter((name) => name.endsWith('.partial'))).toHaveLength(1), {
        timeout: 60_000,
        interval: 5,
      });
      process.kill(Number(fs.readFileSync(path.join(dataDir, 'apotheca.pid'), 'utf8')), 'SIGKILL');
      expect(await (await starting).stop()).toBeNull();
      expect(written().filter((name) => name.endsWith('.gz'))).toEqual([]);

      restarted = await spawnServer(backupEnv);
      // Its period's backup, written whole, and nothing left of the killed one's partial file (health data).
      await vi.waitFor(
        () => expect(written()).toEqual([expect.stringMatching(/^apotheca-scheduled-.+\.backup\.gz$/)]),
        {
          timeout: 30_000,
          interval: 100,
        },
      );
      expect(await restarted.stop()).toBe(0);
    } finally {
      await restarted?.stop();
      fs.rmSync(backupDir, { recursive: true, force: true });
    }
    // Two starts and two backups of the demo shop.
  }, 120_000);

  it("starts as root with DATA_DIR under a 0700 directory, as a clone in root's home directory", async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-root-home-'));
    const closedEnv = { DATA_DIR: path.join(home, 'apotheca', 'data'), DATABASE_URL: '', ...NO_DEMO_CATALOGUE };
    const pointer = path.join(closedEnv.DATA_DIR, 'postgres.location');
    let server: ServerProcess | undefined;
    try {
      expect(process.getuid?.()).toBe(0);
      expect(fs.statSync(home).mode & 0o777).toBe(0o700);
      server = await spawnServer(closedEnv);
      expect((await fetch(`${server.baseUrl}/api/medicines?limit=1`)).status).toBe(200);
      const cluster = fs.readFileSync(pointer, 'utf8').trim();
      expect(server.output()).toContain(`embedded PostgreSQL in ${cluster}/postgres`);
      expect(await server.stop()).toBe(0);
      expect(fs.existsSync(path.join(cluster, 'postgres/postmaster.pid'))).toBe(false);
      expect(fs.statSync(home).mode & 0o777).toBe(0o700);
    } finally {
      await server?.stop();
      if (fs.existsSync(pointer)) fs.rmSync(fs.readFileSync(pointer, 'utf8').trim(), { recursive: true, force: true });
      fs.rmSync(home, { recursive: true, force: true });
    }
  }, 120_000);

  it("prints a generated first admin password once, which logs in where the README's old one is refused", async () => {
    const freshEnv = {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-admin-')),
      DATABASE_URL: '',
      ADMIN_PASSWORD: '',
      ...NO_DEMO_CATALOGUE,
    };
    const logIn = (baseUrl: string, password: string) =>
      fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@apotheca.test', password }),
      });
    const started: ServerProcess[] = [];
    try {
      const first = await spawnServer(freshEnv);
      started.push(first);
      const printed = /admin@apotheca\.test \/ password (\S+)/.exec(first.output())?.[1];
      expect(printed).toBeDefined();
      expect((await logIn(first.baseUrl, 'Admin@12345')).status).toBe(401);
      expect((await logIn(first.baseUrl, printed!)).status).toBe(200);
      expect(await first.stop()).toBe(0);

      // Shown once: the next start names the admin and no password.
      const second = await spawnServer(freshEnv);
      started.push(second);
      expect(second.output()).toContain('Admin: admin@apotheca.test');
      expect(second.output()).not.toContain(printed);
      expect(await second.stop()).toBe(0);
    } finally {
      for (const server of started) await server.stop();
      fs.rmSync(freshEnv.DATA_DIR, { recursive: true, force: true });
    }
    // Two starts, the first creating the embedded cluster.
  }, 240_000);

  it('refuses a PORT already in use with a message naming it, and leaves no database running', async () => {
    const portEnv = {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-port-')),
      DATABASE_URL: '',
      ...NO_DEMO_CATALOGUE,
    };
    // Another program on the port, whose health answer is no Apotheca's.
    const other = http.createServer((_request, response) => response.writeHead(503).end());
    const port = await freePort();
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    try {
      const refused = await spawnServer(portEnv, port);
      expect(await refused.stop()).toBe(1);
      expect(refused.output()).toContain(`PORT ${port} on 127.0.0.1 is already in use by another process`);
      expect(fs.existsSync(path.join(portEnv.DATA_DIR, 'postgres/postmaster.pid'))).toBe(false);
    } finally {
      other.close();
      fs.rmSync(portEnv.DATA_DIR, { recursive: true, force: true });
    }
  }, 120_000);

  it.each([
    [
      'a malformed DATABASE_URL',
      'postgres://apotheca:s3cret-pass@[db-host/apotheca',
      /^Invalid configuration:\n {2}DATABASE_URL: must be a URL starting with postgres:\/\/ or postgresql:\/\/\n$/,
    ],
    [
      'a DATABASE_URL nothing answers on',
      'postgres://apotheca:s3cret-pass@127.0.0.1:1/apotheca',
      /^Connecting to the PostgreSQL of DATABASE_URL \(postgres:\/\/apotheca:\*\*\*@127\.0\.0\.1:1\/apotheca\) failed: .*ECONNREFUSED.*\n$/,
    ],
  ])(
    'refuses %s with a message naming it, never its password',
    async (_case, databaseUrl, message) => {
      const refused = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
      expect(await refused.stop()).toBe(1);
      expect(refused.output()).toMatch(message);
      expect(refused.output()).not.toContain('s3cret-pass');
    },
    60_000,
  );

  it('drains on SIGTERM: not ready, still answering, then a clean exit', async () => {
    const server = await spawnServer({ ...env, DRAIN_DELAY_MS: '1500' });
    expect((await fetch(`${server.baseUrl}/api/health/ready`)).status).toBe(200);
    const exited = server.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await fetch(`${server.baseUrl}/api/health/ready`)).status).toBe(503);
    expect((await fetch(`${server.baseUrl}/api/medicines?limit=1`)).status).toBe(200);
    expect(await exited).toBe(0);
  });

  it('ends the requests still running STOP_GRACE_MS after SIGTERM, says so, and leaves no database running', async () => {
    const server = await spawnServer({ ...env, STOP_GRACE_MS: '2000' });
    // The test holds the users table: a login waits on it for as long as the test likes.
    const holder = new pg.Client({ host: path.join(dataDir, 'postgres'), user: 'postgres', database: 'postgres' });
    await holder.connect();
    holder.on('error', () => {}); // its session ends with the database
    try {
      await holder.query('begin');
      await holder.query('lock table users in access exclusive mode');
      const stuck = fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'stuck@example.test', password: 'Secret@123' }),
      }).catch(() => undefined);
      await vi.waitFor(
        async () => {
          const { rows } = await holder.query(`select 1 from pg_stat_activity where wait_event_type = 'Lock'`);
          expect(rows).toHaveLength(1);
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(await server.stop('SIGTERM')).toBe(1);
      await stuck;
    } finally {
      await holder.end().catch(() => {});
    }
    expect(server.output()).toContain('Requests still running 2 s after SIGTERM');
    expect(fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
  }, 60_000);

  it('stops the server and its database when the npm running `npm start` is told to stop', async () => {
    // As an operator runs it: `npm start`, then `kill <npm's PID>` (or a service manager's SIGTERM to it).
    const npmEnv = {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-npm-start-')),
      DATABASE_URL: '',
      ...NO_DEMO_CATALOGUE,
    };
    const port = await freePort();
    const health = `http://127.0.0.1:${port}/api/health`;
    const npm = spawn('npm', ['start'], { cwd: repositoryRoot, env: serverEnv(port, npmEnv), stdio: 'ignore' });
    const serverPid = () => Number(fs.readFileSync(path.join(npmEnv.DATA_DIR, 'apotheca.pid'), 'utf8'));
    try {
      await vi.waitFor(async () => expect((await fetch(health)).status).toBe(200), { timeout: 120_000, interval: 250 });
      npm.kill('SIGTERM');
      // PostgreSQL removes its postmaster.pid as it stops: the server stopped it on its way out.
      await vi.waitFor(() => expect(fs.existsSync(path.join(npmEnv.DATA_DIR, 'postgres/postmaster.pid'))).toBe(false), {
        timeout: 30_000,
        interval: 250,
      });
      await expect(fetch(health)).rejects.toThrow();
    } finally {
      // A server left running by a failure above is stopped by its PID, which its DATA_DIR names.
      if (fs.existsSync(path.join(npmEnv.DATA_DIR, 'postgres/postmaster.pid'))) process.kill(serverPid(), 'SIGTERM');
      await vi.waitFor(() => expect(fs.existsSync(path.join(npmEnv.DATA_DIR, 'postgres/postmaster.pid'))).toBe(false), {
        timeout: 30_000,
      });
      fs.rmSync(npmEnv.DATA_DIR, { recursive: true, force: true });
    }
  }, 180_000);

  it('keeps serving when started without npm from a shell that then exits', async () => {
    // `node scripts/start.mjs &` in a shell gone a few seconds later: the shop is meant to outlive it.
    const direct = {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-direct-start-')),
      DATABASE_URL: '',
      ...NO_DEMO_CATALOGUE,
    };
    const { npm_lifecycle_event: _, ...env } = serverEnv(await freePort(), direct);
    const health = `http://127.0.0.1:${env.PORT}/api/health`;
    const shell = spawn('sh', ['-c', 'node scripts/start.mjs > /dev/null 2>&1 & echo $!; sleep 5'], {
      cwd: repositoryRoot,
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let printed = '';
    shell.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    await new Promise((resolve) => shell.on('exit', resolve));
    const starter = Number(printed.trim());
    expect(starter).toBeGreaterThan(1);
    try {
      await vi.waitFor(async () => expect((await fetch(health)).status).toBe(200), { timeout: 120_000, interval: 250 });
      // Several of the starter watch's half-second checks later, it still answers.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect((await fetch(health)).status).toBe(200);
    } finally {
      // start.mjs passes the signal on to the server, which stops its database on its way out; one
      // already gone (the failure above says why) has nothing left to stop.
      if (isRunning(starter)) process.kill(starter, 'SIGTERM');
      await vi.waitFor(() => expect(fs.existsSync(path.join(direct.DATA_DIR, 'postgres/postmaster.pid'))).toBe(false), {
        timeout: 30_000,
      });
      fs.rmSync(direct.DATA_DIR, { recursive: true, force: true });
    }
  }, 180_000);

  it('keeps every acknowledged order through a SIGKILL in the middle of a checkout rush, and restarts at once', async () => {
    const crashEnv = { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-crash-')), DATABASE_URL: '' };
    const server = await spawnServer(crashEnv);
    const call = async <T = unknown>(baseUrl: string, route: string, body?: unknown, token?: string) => {
      const response = await fetch(`${baseUrl}/api${route}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: (await response.json()) as T };
    };
    const { medicines } = (await call<{ medicines: Medicine[] }>(server.baseUrl, '/medicines?limit=100')).json;
    // Medicines a shopper may order without a prescription, so every order of the rush is placed.
    const inStock = medicines.filter((medicine) => medicine.stock > 0 && !medicine.prescriptionRequired);
    const tokens: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const email = `rush-${i}@example.test`;
      const registration = {
        first_name: 'Rush',
        last_name: 'Hour',
        email,
        password: 'Secret@123',
        ph_no: '0123456789',
      };
      await call(server.baseUrl, '/auth/register', registration);
      tokens.push(
        ((await call(server.baseUrl, '/auth/login', { email, password: 'Secret@123' })).json as { token: string })
          .token,
      );
    }
    const acknowledged = new Map<string, string[]>(tokens.map((token) => [token, []]));
    let killed = false;
    const shopper = async (token: string) => {
      for (let i = 0; !killed; i += 1) {
        try {
          await call(server.baseUrl, '/cart/add', { medicineId: inStock[i % inStock.length]!._id, quantity: 1 }, token);
          const placed = await call<{ order: Order }>(server.baseUrl, '/orders/add-order', {}, token);
          if (placed.status === 201) acknowledged.get(token)!.push(placed.json.order._id);
        } catch {
          // the server is gone: an unanswered order was never acknowledged
        }
      }
    };
    const rush = tokens.map(shopper);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await server.stop('SIGKILL');
    killed = true;
    await Promise.all(rush);

    // No waiting for a lock left by the killed process.
    const restarted = await spawnServer(crashEnv);
    try {
      const placedCount = [...acknowledged.values()].flat().length;
      expect(placedCount).toBeGreaterThan(0);
      for (const [token, orderIds] of acknowledged) {
        const { orders } = (await call(restarted.baseUrl, '/orders/my-orders', undefined, token)).json as {
          orders: Order[];
        };
        expect(orders.map((order) => order._id)).toEqual(expect.arrayContaining(orderIds));
      }
    } finally {
      await restarted.stop();
      fs.rmSync(crashEnv.DATA_DIR, { recursive: true, force: true });
    }
  });
});
