import fs from 'node:fs';

// The top of a V8 CPU profile as a few lines: where a server spent its CPU (not its idle time)
// while one scenario loaded it, by function and by package. docs/decisions/0071 quotes them.

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[] };

const IDLE = '(idle)';

/** Where a script comes from: its npm package, node's own code, or the server's bundle. */
function origin(url: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  if (url.startsWith('node:')) return 'node';
  if (url.includes('/server/dist/')) return 'server';
  if (url.includes('/client/dist-ssr/')) return 'client renderer';
  return url ? url.slice(url.lastIndexOf('/') + 1) : 'V8';
}

const share = (samples: number, total: number) => `${((samples / total) * 100).toFixed(1).padStart(5)} %`;

/** The `top` functions and packages by self time in `file`, as lines to print. */
export function summarizeCpuProfile(file: string, top = 12): string[] {
  const { nodes, samples } = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  let busy = 0;
  for (const id of samples) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === IDLE) continue;
    busy += 1;
    const where = origin(url);
    const name = `${functionName || '(anonymous)'} ${url ? `${where}:${lineNumber + 1}` : ''}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + 1);
    byOrigin.set(where, (byOrigin.get(where) ?? 0) + 1);
  }
  const ranked = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `  self time by function (${busy} busy samples):`,
    ...ranked(byFunction).map(([name, count]) => `    ${share(count, busy)}  ${name}`),
    '  self time by package:',
    ...ranked(byOrigin).map(([name, count]) => `    ${share(count, busy)}  ${name}`),
  ];
}
