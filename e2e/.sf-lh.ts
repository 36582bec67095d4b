import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium-flags';
import { startProduct } from './support/product-server';
const product = await startProduct();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
try {
  const { medicines } = (await (await fetch(`${product.baseUrl}/api/medicines?limit=1`)).json()) as {
    medicines: { _id: string }[];
  };
  for (const route of process.argv.slice(2).map((r) => r.replace('ID', medicines[0]!._id))) {
    const r = await lighthouse(`${product.baseUrl}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const a = r!.lhr.audits;
    console.log(route, 'TBT', a['total-blocking-time']?.numericValue, 'TTI', a['interactive']?.numericValue);
    console.log(
      JSON.stringify(
        (a['long-tasks']?.details as any)?.items?.map((i: any) => [
          i.url?.split('/').pop(),
          Math.round(i.startTime),
          Math.round(i.duration),
        ]),
      ),
    );
    console.log(
      JSON.stringify(
        (a['bootup-time']?.details as any)?.items?.map((i: any) => [
          i.url?.split('/').pop(),
          Math.round(i.total),
          Math.round(i.scripting),
          Math.round(i.scriptParseCompile),
        ]),
      ),
    );
    console.log(
      JSON.stringify(
        (a['mainthread-work-breakdown']?.details as any)?.items?.map((i: any) => [i.group, Math.round(i.duration)]),
      ),
    );
  }
} finally {
  chrome.kill();
  await product.stop();
}
