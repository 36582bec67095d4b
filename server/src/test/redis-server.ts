import { spawn } from 'node:child_process';
import { freePort } from '../../../scripts/free-port.mjs';

export type RedisServer = { url: string; port: number; stop: () => Promise<void>; kill: () => Promise<void> };

/**
 * A real Debian `redis-server` on a free port, in memory only (no snapshot, no append-only file),
 * for as long as a test needs it. `kill` ends it with SIGKILL, as a crash would.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  child.removeAllListeners('exit');
  child.stdout.resume();
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return { url: `redis://127.0.0.1:${port}`, port, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}
