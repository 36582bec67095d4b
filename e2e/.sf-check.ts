import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium-flags';
const base = process.argv[2]!;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(base + '/medicines');
await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
console.log(
  await page.evaluate(() =>
    [...document.images].map((i) => `${i.loading} ${i.complete} ${i.naturalWidth} ${i.getAttribute('src')}`),
  ),
);
await page.mouse.wheel(0, 3000);
await page.waitForTimeout(1000);
console.log(
  await page.evaluate(() =>
    [...document.images].map((i) => `${i.complete} ${i.naturalWidth} ${i.getAttribute('src')}`),
  ),
);
await page.goto(base + '/login');
await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
console.log(await page.evaluate(() => document.querySelector('fieldset')?.disabled));
await page.screenshot({ path: '/tmp/sf/login.png' });
await browser.close();
