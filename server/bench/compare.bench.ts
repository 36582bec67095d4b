import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_BUILD } from '../../scripts/build-server.mjs';
import { apiBenchData, orderLoad, startBuild, type ApiBenchData, type Row, type StartedBuild } from './bench-server';

// `npm run bench -- compare REF`: order placement on this checkout's server against REF's, side by
// side. Both servers run at once, each on its own embedded PostgreSQL and under its own order load,
// in rounds. A single run of the order bench moves 10-20 % with the machine's moment; two builds
// loaded at the same moments meet the same machine, so a change of a few per cent in CPU an order
// shows (docs/decisions/0095). Prints, asserts nothing.

type Side = { name: string } & StartedBuild<ApiBenchData>;

const ROOT = path.resolve(import.meta.dirname, '../..');
const ref = process.argv[2];
/** Rounds in all, half of them in each half (below); each half's first round warms both sides up and is not counted. */
const ROUNDS = 2 * Math.ceil(Number(process.env.BENCH_ROUNDS ?? 6) / 2);
/** Shoppers on each side: the two loads together stay under the order bench's 64 connections. */
const SHOPPERS = 16;

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/**
 * REF's server, built in a worktree of its own. Its npm packages are this checkout's (a change of
 * dependencies is not what this compares); its workspaces are its own. It renders pages with this
 * checkout's client build, which the order load never asks for.
 */
function buildRef(ref: string): { build: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-compare-'));
  git('worktree', 'add', '--detach', dir, ref);
  const remove = () => git('worktree', 'remove', '--force', dir);
  try {
    const modules = (workspace: string) => path.join(ROOT, workspace, 'node_modules');
    fs.mkdirSync(path.join(dir, 'node_modules/@apotheca'), { recursive: true });
    for (const entry of fs.readdirSync(modules('')).filter((name) => name !== '@apotheca'))
      fs.symlinkSync(path.join(modules(''), entry), path.join(dir, 'node_modules', entry));
    for (const workspace of fs.readdirSync(path.join(modules(''), '@apotheca'))) {
      fs.symlinkSync(path.join('../..', workspace), path.join(dir, 'node_modules/@apotheca', workspace));
      if (fs.existsSync(modules(workspace)))
        fs.symlinkSync(modules(workspace), path.join(dir, workspace, 'node_modules'));
    }
    for (const built of ['client/dist', 'client/dist-ssr'])
      fs.symlinkSync(path.join(ROOT, built), path.join(dir, built));
    execFileSync(process.execPath, [path.join(dir, 'scripts/build-server.mjs')], { cwd: dir, stdio: 'inherit' });
    return { build: path.join(dir, 'server/dist/main.js'), remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** CPU of the server and its database an order: two requests an order, an add and a checkout. */
const cpuPerOrder = (row: Row) => 2 * (row.cpuUsPerRequest ?? Number.NaN);
/** The median of `sorted`. */
const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;

const figures = (row: Row) =>
  `${row.perSecond.toFixed(0).padStart(5)} orders/s ${cpuPerOrder(row).toFixed(0).padStart(6)} µs CPU an order` +
  (row.errors > 0 || row.non2xx !== '0' ? ` (errors ${row.errors}, non-2xx ${row.non2xx})` : '');

/** Loads both sides at once, a round at a time; the ratio of each round's CPU an order, after to before. */
async function compare(sides: Side[]): Promise<number[]> {
  const ratios: number[] = [];
  for (let round = 0; round <= ROUNDS / 2; round += 1) {
    // Each round starts the other side's load first: neither side always has the head start.
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    const rows = await Promise.all(
      order.map((side) => orderLoad(side.baseUrl, side.prepared, SHOPPERS, undefined, side.name)),
    );
    const [before, after] = round % 2 === 0 ? rows : rows.reverse();
    if (round === 0) continue;
    const ratio = cpuPerOrder(after!) / cpuPerOrder(before!);
    ratios.push(ratio);
    process.stdout.write(
      `  round ${round}: ${sides[0]!.name} ${figures(before!)} | ${sides[1]!.name} ${figures(after!)} | ${percent(ratio)}\n`,
    );
  }
  return ratios;
}

if (ref === undefined) {
  // `npm run bench` runs every benchmark; a comparison is asked for with what to compare against.
  process.stdout.write(
    'Skipped: `npm run bench -- compare REF` compares order placement with REF (a commit or branch).\n',
  );
  process.exit(0);
}
const base = buildRef(ref);
try {
  const ratios: number[] = [];
  // In two halves, each on servers started anew: in trials the side started second ran 1-2 % cheaper
  // whichever build it was, so each build is started first in one half.
  for (const half of [0, 1]) {
    const sides: Side[] = [];
    try {
      const starts = [
        async () => ({
          name: `${ref} (${git('rev-parse', '--short', ref)})`,
          ...(await startBuild(base.build, apiBenchData)),
        }),
        async () => ({ name: 'this checkout', ...(await startBuild(SERVER_BUILD, apiBenchData)) }),
      ];
      for (const start of half === 0 ? starts : [...starts].reverse()) sides.push(await start());
      if (half === 1) sides.reverse();
      process.stdout.write(
        `order placement side by side, ${SHOPPERS} shoppers each, ${ROUNDS / 2} rounds after a warm-up, ${sides[half]!.name} started first (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})\n`,
      );
      ratios.push(...(await compare(sides)));
    } finally {
      for (const side of sides) await side.stop();
    }
  }
  ratios.sort((a, b) => a - b);
  process.stdout.write(
    `CPU an order (server and database), this checkout against ${ref}: ${percent(median(ratios))} (median of ${ratios.length} rounds; ${percent(ratios[0]!)} to ${percent(ratios.at(-1)!)})\n`,
  );
} finally {
  base.remove();
}
