import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium-flags';
const base = process.argv[2]!;
const routes = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const js of [true, false]) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: width === 375 ? 667 : 900 },
      javaScriptEnabled: js,
    });
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
    page.on('pageerror', (e) => console.log('pageerror:', e.message));
    for (const route of routes) {
      await page.goto(base + route);
      if (js) await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15000 });
      await page.waitForTimeout(300);
      const name = `/tmp/sf/${route.replace(/[^a-z0-9]/gi, '_') || 'home'}-${width}-${js ? 'js' : 'nojs'}.png`;
      await page.screenshot({ path: name });
      console.log(name);
    }
    await context.close();
  }
}
await browser.close();
