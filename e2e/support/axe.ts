import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { saveScreenshot } from './browser';
import { expect } from 'vitest';

/** Every running transition (a toast fading in or out) finished, and the toasts' states as a string. */
const settle = (page: Page): Promise<string> =>
  page.evaluate(async () => {
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    return Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toast]'), (toast) =>
      JSON.stringify(toast.dataset),
    ).join('|');
  });

/** axe's findings on the page (or inside `selector`) as 'rule: target' lines, so a failure says what and where. */
export async function violations(page: Page, selector?: string): Promise<string[]> {
  // axe reads a colour mid-fade as it is at that instant and would report a contrast the reader never
  // sees settled. So it reads a settled page, and reads again when a toast began to come or go while
  // it read (a toast's timer can end in the middle of an analysis).
  for (let attempt = 1; ; attempt += 1) {
    const before = await settle(page);
    // axe.run in the page itself ('legacy' mode): the default runs the rules in parts and then merges them
    // in a blank page it opens with a second copy of axe, meant for pages with frames of other origins,
    // which this shop has none of. The findings are the same; each analysis takes a sixth of the time.
    const builder = new AxeBuilder({ page }).setLegacyMode(true);
    const { violations: found } = await (selector ? builder.include(selector) : builder).analyze();
    const after = await settle(page);
    if (before === after || attempt === 5)
      return found.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  }
}

/**
 * The page as a reader sees it on a phone and on a laptop (or at the given `widths`): at each width
 * `open` brings it to what the reader sees, then it has no axe violation and no sideways scroll of the
 * page itself; `then` adds the page's own checks at that width.
 */
export async function expectAccessibleOnPhoneAndLaptop(
  page: Page,
  open: () => Promise<unknown>,
  then?: (width: number) => Promise<unknown>,
  widths: readonly number[] = [375, 1280],
): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await open();
    expect(await violations(page), `${width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    await then?.(width);
  }
}

/**
 * A staff page of tables at `path`, checked as above once its `tables` are shown and nothing more
 * loads; each width's whole page is saved as screenshot `<shot>-<width>` for a reviewer's eye.
 */
export function expectTablesAccessible(page: Page, path: string, tables: string[], shot: string): Promise<void> {
  return expectAccessibleOnPhoneAndLaptop(
    page,
    async () => {
      await page.goto(path);
      for (const name of tables) await page.getByRole('table', { name }).waitFor();
      await page.waitForLoadState('networkidle');
    },
    (width) => saveScreenshot(page, `${shot}-${width}`),
  );
}
