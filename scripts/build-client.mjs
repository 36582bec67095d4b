import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The browser's build and the server-side renderer's, written by the client's build script in that order.
const BUILT = ['client/dist/index.html', 'client/dist-ssr/entry-server.js'].map((file) => path.join(root, file));
const SOURCES = ['client/src', 'client/public', 'client/index.html', 'client/vite.config.ts', 'contract/src'];

/** The newest modification time of a file, or of anything in a folder, relative to the repository. */
export function newestMtime(target) {
  const full = path.join(root, target);
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(full, { recursive: true })
    .map((entry) => fs.statSync(path.join(full, String(entry))).mtimeMs)
    .reduce((a, b) => Math.max(a, b), stat.mtimeMs);
}

/** Builds the client unless both builds are newer than every source they are built from. */
export function buildClientIfStale() {
  const built = Math.min(...BUILT.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
  if (built > Math.max(...SOURCES.map(newestMtime))) return false;
  process.stdout.write('Building the client…\n');
  // A production build whoever calls it: under a test runner NODE_ENV is 'test', and Vite would then
  // build React's development JSX runtime into the server-side renderer, which production cannot load.
  execFileSync('npm', ['run', '-s', 'build', '-w', 'client'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return true;
}
