import { PATHS, medicinePath } from '@apotheca/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium-flags';
import { startProduct } from '../support/product-server';

// `npm run bench`: Lighthouse (mobile, its default simulated throttling) on the storefront's main
// routes of the built product. Targets (issue 4): performance ≥ 98, accessibility 100, LCP ≤ 1.5 s.
// It prints figures and asserts nothing.

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
  const routes = [PATHS.home, PATHS.medicines, medicinePath(medicines[0]!._id)];
  const rows = [];
  for (const route of routes) {
    const result = await lighthouse(`${product.baseUrl}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result!.lhr;
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
} finally {
  chrome.kill();
  await product.stop();
}
