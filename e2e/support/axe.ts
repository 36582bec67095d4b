import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe's findings on the page (or inside `selector`) as 'rule: target' lines, so a failure says what and where. */
export async function violations(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations: found } = await (selector ? builder.include(selector) : builder).analyze();
  return found.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}
