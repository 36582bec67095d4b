import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** axe's findings on the page (or inside `selector`) as 'rule: target' lines, so a failure says what and where. */
export async function violations(page: Page, selector?: string): Promise<string[]> {
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
