import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { newestMtime } from './build-client.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SERVER_DIR = path.join(root, 'server');
/** `npm start` runs this plain JavaScript: no TypeScript compiler in a production process. */
export const SERVER_BUILD = path.join(SERVER_DIR, 'dist/main.js');
const SOURCES = ['server/src', 'server/package.json', 'contract/src'];
const MIGRATIONS_DIR = path.join(SERVER_DIR, 'src/db/migrations');
const CONTRACT_PACKAGE = '@apotheca/contract';

/**
 * Bundles the server (and the contract's TypeScript it imports) into server/dist/main.js, beside
 * the migrations it applies at start; npm packages stay in node_modules. Skipped when the build is
 * newer than every source.
 */
export async function buildServerIfStale() {
  const built = fs.existsSync(SERVER_BUILD) ? fs.statSync(SERVER_BUILD).mtimeMs : 0;
  if (built > Math.max(...SOURCES.map(newestMtime))) return false;
  process.stdout.write('Building the server…\n');
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8'));
  await build({
    entryPoints: [path.join(SERVER_DIR, 'src/main.ts')],
    outfile: SERVER_BUILD,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Packages load from node_modules as they are; the contract (a workspace) is TypeScript and is bundled in.
    external: Object.keys(dependencies).filter((name) => name !== CONTRACT_PACKAGE),
    logLevel: 'warning',
  });
  // The bundle resolves its migrations beside itself, as src/db/client.ts does in development.
  fs.rmSync(path.join(SERVER_DIR, 'dist/migrations'), { recursive: true, force: true });
  fs.cpSync(MIGRATIONS_DIR, path.join(SERVER_DIR, 'dist/migrations'), { recursive: true });
  return true;
}

// `npm run build` builds the server after the client.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServerIfStale();
