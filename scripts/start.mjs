import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildClientIfStale } from './build-client.mjs';
import { buildServerIfStale, SERVER_BUILD } from './build-server.mjs';
import { whenStarterGone } from './starter-watch.mjs';

// `npm start`: build what is not built, then run the server, which serves the built client.
const root = path.resolve(import.meta.dirname, '..');
buildClientIfStale();
await buildServerIfStale();
// Plain JavaScript: the TypeScript loader would cost every instance memory and start-up time.
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUILD], {
  cwd: path.join(root, 'server'),
  stdio: 'inherit',
  env: { NODE_ENV: 'production', HOST: '127.0.0.1', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
// Once npm is gone, the server stops as on a SIGTERM: draining, then finishing the requests in flight.
whenStarterGone(() => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
