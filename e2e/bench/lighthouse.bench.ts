import fs from 'node:fs';
import path from 'node:path';
import { medicinePath, PATHS } from '@apotheca/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium-flags';
import { startProduct } from '../support/product-server';

// `npm run bench`: Lighthouse (mobile, its default simulated throttling) on the storefront's main
// routes of the built product. Targets: performance ≥ 98, accessibility 100, LCP ≤ 1.5 s, TBT ≤ 100 ms,
// CLS 0; and the JavaScript the home route downloads, gzip, chunk by chunk with what each holds.
// It prints figures and asserts nothing.

const CLIENT_DIST = path.resolve(import.meta.dirname, '../../client/dist');
/** Written by the client build (client/vite.config.ts, chunkContents): the packages and folders in each chunk. */
const chunkContents = JSON.parse(
  fs.readFileSync(path.join(CLIENT_DIST, '.vite/chunk-contents.json'), 'utf8'),
) as Record<string, string[]>;

type NetworkRequest = { url: string; resourceType?: string };

/** The scripts a page loaded, with their size as the build's gzip copy and what they hold. */
function scriptsOf(requests: NetworkRequest[]) {
  return requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => {
      const file = new URL(request.url).pathname.slice(1);
      return {
        chunk: file,
        'gzip (kB)': Number((fs.statSync(path.join(CLIENT_DIST, `${file}.gz`)).size / 1024).toFixed(1)),
        // A chunk of nothing but re-exports is the entry of a dynamic import whose code lives elsewhere.
        holds: (chunkContents[file] ?? []).slice(0, 6).join(', ') || 're-exports only',
      };
    });
}

/** chrome-launcher now and then finds chromium's debugging port not yet open (ECONNREFUSED): one retry. */
const launchChromium = () =>
  chromeLauncher
    .launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS })
    .catch(() => chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS }));

const product = await startProduct();
const chrome = await launchChromium();
try {
  const { medicines } = (await (await fetch(`${product.baseUrl}/api/medicines?limit=1`)).json()) as {
    medicines: { _id: string }[];
  };
  const routes = [PATHS.home, PATHS.medicines, medicinePath(medicines[0]!._id), PATHS.login];
  const rows = [];
  let homeScripts: ReturnType<typeof scriptsOf> = [];
  for (const route of routes) {
    const result = await lighthouse(`${product.baseUrl}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result!.lhr;
    if (route === PATHS.home) {
      const requests = lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined;
      homeScripts = scriptsOf(requests?.items ?? []);
    }
    if (lhr.runtimeError) console.warn(`${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const ms = (audit: string) => Math.round(lhr.audits[audit]?.numericValue ?? NaN);
    const failedAudits = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id);
    rows.push({
      route,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'LCP (ms)': ms('largest-contentful-paint'),
      'FCP (ms)': ms('first-contentful-paint'),
      'TBT (ms)': ms('total-blocking-time'),
      CLS: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      'failed a11y audits': failedAudits.join(' ') || '-',
    });
  }
  console.table(rows);
  const total = homeScripts.reduce((sum, script) => sum + script['gzip (kB)'], 0);
  console.log(`JavaScript of ${PATHS.home}: ${total.toFixed(1)} kB gzip in ${homeScripts.length} files`);
  console.table(homeScripts);
} finally {
  chrome.kill();
  await product.stop();
}
