import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildClientIfStale } from './build-client.mjs';
import { buildServerIfStale } from './build-server.mjs';

// `npm run bench`: runs every benchmark (server/bench/*.bench.ts, e2e/bench/*.bench.ts) in turn.
// Each starts what it measures, prints its figures and asserts nothing. `npm run bench -- NAME …`
// runs only NAME.bench.ts, with the words after NAME as its arguments.
const root = path.resolve(import.meta.dirname, '..');
const [only, ...benchArgs] = process.argv.slice(2);
const benches = ['server/bench', 'e2e/bench'].flatMap((dir) => {
  const full = path.join(root, dir);
  return fs.existsSync(full)
    ? fs
        .readdirSync(full)
        .filter((file) => file.endsWith('.bench.ts') && (!only || file === `${only}.bench.ts`))
        .map((file) => path.join(full, file))
    : [];
});

buildClientIfStale();
await buildServerIfStale();
let failed = false;
for (const bench of benches) {
  process.stdout.write(`\n=== ${path.relative(root, bench)}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', bench, ...benchArgs], { cwd: root, stdio: 'inherit' });
  failed ||= run.status !== 0;
}
if (benches.length === 0) process.stdout.write('No benchmarks found.\n');
process.exit(failed ? 1 : 0);
