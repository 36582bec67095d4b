import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** axe's findings on the page (or inside `selector`) as 'rule: target' lines, so a failure says what and where. */
export async function violations(page: Page, selector?: string): Promise<string[]> {
  // A transition still running (a toast fading in or out) is let finish first: axe reads a colour
  // mid-fade as it is at that instant, and would report a contrast the reader never sees settled.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page });
  const { violations: found } = await (selector ? builder.include(selector) : builder).analyze();
  return found.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** The page as a reader at `width` px sees it: no axe violation, and no sideways scroll of the page itself. */
export async function expectAccessibleAt(page: Page, width: number): Promise<void> {
  expect(await violations(page), `${width} px`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
}
