import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-flags';

export const baseUrl = (): string => inject('baseUrl');

/** Where the browser tests leave screenshots for a reviewer's eye: with the test results, out of git. */
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../.test-results/screenshots');

/** Saves what `page` shows (its whole length unless `fullPage` is false) as `<name>.png` for a reviewer. */
export function saveScreenshot(page: Page, name: string, { fullPage = true } = {}): Promise<Buffer> {
  return page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * page.goto and page.reload resolve once the app is live (main.tsx marks `<html data-hydrated>`), as a
 * user would wait for it: a server-rendered page is on screen before its controls answer.
 */
function waitingForTheApp(page: Page): Page {
  const thenLive =
    <Args extends unknown[], Result>(navigate: (...args: Args) => Promise<Result>) =>
    async (...args: Args) => {
      const result = await navigate(...args);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      return result;
    };
  page.goto = thenLive(page.goto.bind(page));
  page.reload = thenLive(page.reload.bind(page));
  return page;
}

async function newContextWaitingForTheApp(browser: Browser, ...args: Parameters<Browser['newContext']>) {
  const context: BrowserContext = await browser.newContext(...args);
  // With JavaScript off there is no app to wait for: the page is what the server sent.
  if (args[0]?.javaScriptEnabled === false) return context;
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitingForTheApp(await newPage());
  return context;
}

/**
 * One chromium for the test file that calls this: launched before its tests, closed after them.
 * The returned object forwards to that browser, so it can be passed around as one; its contexts'
 * pages wait for the app after each navigation.
 */
export function useBrowser(): Browser {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return new Proxy({} as Browser, {
    get: (_target, key) => {
      if (!launched) throw new Error('useBrowser(): the browser is launched in beforeAll; use it inside tests.');
      const browser = launched;
      if (key === 'newContext') {
        return (...args: Parameters<Browser['newContext']>) => newContextWaitingForTheApp(browser, ...args);
      }
      const value: unknown = Reflect.get(launched, key, launched);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(launched) : value;
    },
  });
}

export const VIEWPORTS = { mobile: { width: 375, height: 812 }, desktop: { width: 1280, height: 800 } } as const;

/** A page in a fresh context (its own storage), at the given viewport. */
export async function newPage(browser: Browser, viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl() });
  return context.newPage();
}

/** A fresh page (as `newPage`) opened at `path`. */
export async function openPage(
  browser: Browser,
  path: string,
  viewport: keyof typeof VIEWPORTS = 'desktop',
): Promise<Page> {
  const page = await newPage(browser, viewport);
  await page.goto(path);
  return page;
}

/**
 * Types into the field labelled `label` a value its rule refuses and waits for the rule's message,
 * shown while typing, then types `accepted`.
 */
export async function fillAfterRefusal(
  page: Page,
  label: string,
  [refused, message]: [string, string],
  accepted: string,
): Promise<void> {
  await page.getByLabel(label).fill(refused);
  await page.getByText(message).waitFor();
  await page.getByLabel(label).fill(accepted);
}

/** The texts of the elements `locator` finds now, as written (a CSS case change is not read). */
export const textsOf = async (locator: Locator): Promise<string[]> =>
  (await locator.allTextContents()).map((text) => text.trim());

/** Whether the control `locator` finds has the keyboard focus now (a control disabled while it saves loses it). */
export const hasFocus = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element === document.activeElement);

/** How far the page scrolls sideways: 0 when it fits the screen. */
export const sidewaysScroll = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Whether the element `locator` finds is shown wholly within the screen's width, from its left edge to
 * its right: neither hidden, nor cut off by a frame that scrolls, nor past the screen's edge.
 */
export async function withinScreenWidth(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = locator.page().viewportSize()!.width;
  return box !== null && box.width > 1 && box.x >= 0 && box.x + box.width <= width && (await locator.isVisible());
}

/** A staff list's row on a phone: each of its `columns` cells shown whole within the screen's width. */
export async function cellsOnScreen(row: Locator, columns: number): Promise<Locator[]> {
  const cells = await row.locator('th, td').all();
  expect(cells).toHaveLength(columns);
  for (const cell of cells) expect(await withinScreenWidth(cell), await cell.innerText()).toBe(true);
  return cells;
}

/** A staff list at a laptop's width: a table again, its `headers` side by side and a row's `cells` on one line. */
export async function tableOnLaptop(table: Locator, cells: Locator[], headers: string[]) {
  await table.page().setViewportSize({ width: 1280, height: 800 });
  expect(await textsOf(table.getByRole('columnheader'))).toEqual(headers);
  const tops = await Promise.all(cells.map(async (cell) => (await cell.boundingBox())!.y));
  expect(new Set(tops).size).toBe(1);
}
