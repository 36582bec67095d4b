import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildClientIfStale } from './build-client.mjs';
import { ensureChromium } from './chromium.mjs';

// `npm test`: every test (contract, server, client, browser), then one plain
// 'N passed, M failed' line, because CI reads that line and not Vitest's own summary.
const root = path.resolve(import.meta.dirname, '..');
const report = path.join(root, '.test-results/vitest.json');

ensureChromium();
buildClientIfStale();
fs.rmSync(report, { force: true });
const run = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);

let passed = 0;
let failed = 0;
if (fs.existsSync(report)) {
  const results = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = results.numPassedTests;
  failed = results.numFailedTests + (results.numRuntimeErrorTestSuites ?? 0);
  // CI shows only the tail of its log, so what failed is named again here, next to the count.
  for (const file of results.testResults) {
    const name = path.relative(root, file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of tests) {
      const why = String(test.failureMessages[0] ?? '').split('\n')[0];
      process.stdout.write(`\nFAILED ${name} > ${test.fullName}\n  ${why}\n`);
    }
    if (tests.length === 0 && file.status === 'failed') {
      process.stdout.write(`\nFAILED ${name}: ${String(file.message).split('\n')[0]}\n`);
    }
  }
} else {
  failed = 1;
}
// Route tests run on DATABASE_URL's server or else one embedded PostgreSQL started for the run (a
// database per test file, copied from a migrated template); the built server runs on DATABASE_URL's
// server or else its own embedded PostgreSQL, and its lifecycle tests always on the latter.
const database = process.env.DATABASE_URL
  ? 'PostgreSQL server (lifecycle tests: embedded PostgreSQL)'
  : 'embedded PostgreSQL (one for the route tests, one per built server)';
process.stdout.write(`\nDatabase: ${database}\ntests: ${passed} passed, ${failed} failed\n`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
