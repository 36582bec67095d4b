import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-flags';

export const baseUrl = (): string => inject('baseUrl');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * One chromium for the test file that calls this: launched before its tests, closed after them.
 * The returned object forwards to that browser, so it can be passed around as one.
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
