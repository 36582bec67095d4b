import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildClientIfStale } from './build-client.mjs';
import { buildServerIfStale, SERVER_BUILD } from './build-server.mjs';
import { freePort } from './free-port.mjs';
import { whenStarterGone } from './starter-watch.mjs';

// `npm run cluster`: N instances of the built server on one PostgreSQL (DATABASE_URL) and one Redis
// (REDIS_URL), behind Debian's haproxy with deploy/haproxy.cfg. docs/deploy.md explains it.

const root = path.resolve(import.meta.dirname, '..');
const HAPROXY_CONFIG = path.join(root, 'deploy/haproxy.cfg');
/** Two failed checks a second apart (deploy/haproxy.cfg) and a margin: a draining instance is out of rotation by then. */
const DRAIN_DELAY_MS = 3000;

async function waitForReady(url, child, output) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not ready within 120 s:\n${output()}`);
}

function spawnLogged(command, args, env, label, echo) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      output += chunk.toString();
      if (echo) process.stdout.write(chunk.toString().replace(/^(?=.)/gm, `[${label}] `));
    });
  }
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return { child, output: () => output, stop };
}

/** `databaseUrl` with the name each of its connections gives PostgreSQL: pg_stat_activity then tells the instances apart. */
function namedConnection(databaseUrl, name) {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  return url.toString();
}

/**
 * One instance of the built server on a free port; `stop` drains it (SIGTERM) unless told otherwise.
 * Its DATA_DIR (the mail outbox) is a temporary directory that goes with it: once it has stopped,
 * died, or failed to start.
 */
async function startInstance({ databaseUrl, redisUrl, env, echo, index }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-instance-'));
  const processEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
    // haproxy is the one hop in front: its X-Forwarded-For names the client (rate limits per client).
    TRUST_PROXY: '1',
    ...env,
    PORT: String(port),
    DATABASE_URL: namedConnection(databaseUrl, `apotheca-app${index}`),
    REDIS_URL: redisUrl,
    // Migrations and the seed ran on the first instance; the others only serve.
    DATA_DIR: dataDir,
  };
  const instance = spawnLogged(
    process.execPath,
    ['--enable-source-maps', SERVER_BUILD],
    processEnv,
    `app${index}`,
    echo,
  );
  // Its directory goes with the process however it ends: drained by `stop`, failed to start, or
  // killed from outside (out of memory, kill -9), which would otherwise leave it until the cluster stops.
  instance.child.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const { stop } = instance;
  try {
    await waitForReady(url, instance.child, instance.output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, pid: instance.child.pid, dataDir, output: instance.output, stop };
}

/** Debian's haproxy with deploy/haproxy.cfg in front of the instances on `ports`; resolves once it answers. */
export async function startBalancer({ ports, port, echo = false }) {
  const lbPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${lbPort}`;
  const config = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-haproxy-')), 'haproxy.cfg');
  const servers = ports.map((serverPort, i) => `    server app${i + 1} 127.0.0.1:${serverPort}\n`).join('');
  fs.writeFileSync(config, `${fs.readFileSync(HAPROXY_CONFIG, 'utf8')}${servers}`);
  const haproxy = spawnLogged(
    'haproxy',
    ['-db', '-f', config],
    { ...process.env, APOTHECA_LB_ADDRESS: `127.0.0.1:${lbPort}` },
    'haproxy',
    echo,
  );
  const stop = async () => {
    await haproxy.stop();
    fs.rmSync(path.dirname(config), { recursive: true, force: true });
  };
  try {
    await waitForReady(url, haproxy.child, haproxy.output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/**
 * Starts `instances` servers one after another (the first migrates and seeds), then haproxy in
 * front of them, and resolves once the load balancer answers.
 */
export async function startCluster({ instances = 3, databaseUrl, redisUrl, port, env = {}, echo = false }) {
  if (!databaseUrl || !redisUrl) throw new Error('A cluster needs DATABASE_URL (PostgreSQL) and REDIS_URL (Redis).');
  buildClientIfStale();
  await buildServerIfStale();
  const started = [];
  try {
    for (let index = 1; index <= instances; index += 1) {
      started.push(await startInstance({ databaseUrl, redisUrl, env, echo, index }));
    }
  } catch (error) {
    await Promise.all(started.map((instance) => instance.stop()));
    throw error;
  }
  let balancer;
  try {
    balancer = await startBalancer({ ports: started.map((instance) => instance.port), port, echo });
  } catch (error) {
    await Promise.all(started.map((instance) => instance.stop()));
    throw error;
  }
  return {
    url: balancer.url,
    instances: started,
    stop: async () => {
      await Promise.all(started.map((instance) => instance.stop()));
      await balancer.stop();
    },
  };
}

/**
 * The whole number a variable holds, from `min` to `max`, or its default when unset; anything else
 * ends the command with one line naming it, before anything starts (no instances, or haproxy on port
 * NaN, would otherwise fail two minutes later with haproxy's words).
 */
function wholeNumberSetting(name, fallback, min, max) {
  const value = process.env[name] || String(fallback);
  const number = Number(value);
  if (/^\d+$/.test(value) && number >= min && number <= (max ?? Infinity)) return number;
  const range = max === undefined ? `, ${min} or more` : ` from ${min} to ${max}`;
  process.stderr.write(`${name} must be a whole number${range} (it is ${JSON.stringify(value)}).\n`);
  process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const instances = wholeNumberSetting('INSTANCES', 3, 1);
  const port = wholeNumberSetting('PORT', 3000, 1, 65535);
  const cluster = await startCluster({
    instances,
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    port,
    echo: true,
  }).catch((error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
  process.stdout.write(
    `\n  Apotheca: ${instances} instances behind haproxy at ${cluster.url}\n` +
      cluster.instances.map((instance, i) => `    app${i + 1}: ${instance.url}\n`).join('') +
      '  Ctrl-C drains and stops them.\n\n',
  );
  let stopping;
  const stop = () => (stopping ??= cluster.stop().then(() => process.exit(0)));
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, stop);
  whenStarterGone(stop);
}
