import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildClientIfStale } from './build-client.mjs';

// `npm start`: build what is not built, then run the server, which serves the built client.
const root = path.resolve(import.meta.dirname, '..');
buildClientIfStale();
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'server'),
  stdio: 'inherit',
  env: { NODE_ENV: 'production', HOST: '127.0.0.1', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
