import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildClientIfStale } from './build-client.mjs';
import { buildServerIfStale, SERVER_BUILD } from './build-server.mjs';

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
// npm runs this script through a shell: a SIGTERM to npm (`kill`, a service manager) ends npm and that
// shell and never reaches this process, which would keep the server, and its database, running with
// nobody to stop them. Once whoever started this process is gone, the server is stopped as that
// signal would have stopped it: draining, then finishing the requests in flight.
const starter = process.ppid;
const starterWatch = setInterval(() => {
  if (process.ppid === starter) return;
  clearInterval(starterWatch);
  server.kill('SIGTERM');
}, 500);
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
