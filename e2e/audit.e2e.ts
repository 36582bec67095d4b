import { AUDIT_KIND, AUDIT_KIND_LABELS, PATHS, type AuditList } from '@apotheca/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageAs, useOwnMedicine, openFromAdminHeader } from './support/admin-fixtures';
import { api } from './support/shop';
import {
  cellsOnScreen,
  saveScreenshot,
  sidewaysScroll,
  tableOnLaptop,
  useBrowser,
  withinScreenWidth,
} from './support/browser';
import { expectTablesAccessible } from './support/axe';

describe('the audit log', () => {
  const browser = useBrowser();
  const description = 'Store below 25 °C in a dry place, in the original pack, out of the sight and reach of children.';
  const { admin, medicine } = useOwnMedicine('Auditol', {
    developedBy: 'Audit Labs',
    stock: '5',
    price: '2.50',
    description,
  });
  beforeAll(async () => {
    await api(
      `/medicines/${medicine._id}/reorder-level`,
      { method: 'PATCH', body: JSON.stringify({ reorderLevel: 37 }) },
      admin.token,
    );
  });

  const entries = (page: Page) => page.getByRole('table', { name: 'Audit log' }).getByRole('row');
  /** Each listed change's kind: the first line of its row's header, above its time and person. */
  const kindsListed = async (page: Page) =>
    (await entries(page).getByRole('rowheader').allInnerTexts()).map((text) => text.split('\n')[0]);

  it("lists the staff's changes and filters them by kind and by medicine", async () => {
    const page = await pageAs(browser, admin);
    await openFromAdminHeader(page, 'Audit log', PATHS.adminAudit);
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.getByRole('table', { name: 'Audit log' }).waitFor();

    const reorderLabel = AUDIT_KIND_LABELS[AUDIT_KIND.reorderLevelSet];
    await page.getByLabel('Kind of change').selectOption({ label: reorderLabel });
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/kind=/);
    const { total } = await api<AuditList>(`/audit?kind=${AUDIT_KIND.reorderLevelSet}`, {}, admin.token);
    // The whole count: until the filter's answer is drawn the list still shows the one before under the
    // same words, and that count can end in this one (17 in "117 matching changes").
    await page.getByText(new RegExp(`^${total} matching changes?$`)).waitFor();
    const kinds = await kindsListed(page);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set([reorderLabel]));

    // This medicine's changes: its addition and its reorder level, newest first, by the admin.
    await page.getByLabel('Kind of change').selectOption({ label: 'Every kind' });
    await page.getByLabel('Medicine or order').fill(medicine._id);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('2 matching changes', { exact: true }).waitFor();
    expect(await kindsListed(page)).toEqual([reorderLabel, AUDIT_KIND_LABELS[AUDIT_KIND.medicineCreated]]);
    const newest = entries(page).nth(1);
    expect(await newest.getByRole('rowheader').innerText()).toContain(`by ${admin.user.email}`);
    // The subject is named as staff know it, and links to the medicine's page.
    await newest.getByRole('link', { name: `Medicine ${medicine.name}` }).waitFor();
    expect(await newest.getByRole('cell').last().innerText()).toMatch(/Reorder level\s+37/);
  });

  it("shows a change's every column on a phone, its values whole on the screen, nothing to scroll sideways", async () => {
    const page = await pageAs(browser, admin, 'mobile');
    // The medicine's addition records every field (its leaflet's text, its image's URL), its reorder level one.
    await page.goto(`${PATHS.adminAudit}?subject=${medicine._id}`);
    await page.getByText('2 matching changes').waitFor();
    const table = page.getByRole('table', { name: 'Audit log' });
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await page.getByText('Scroll sideways to see every column.').count()).toBe(0);
    let cells: Locator[] = [];
    for (const row of await table.locator('tbody tr').all()) {
      cells = await cellsOnScreen(row, 4);
      // A change's fields and values go under their label, across the card: beside it, a leaflet's text
      // would stand a word a line.
      for (const values of await row.locator('dl').all()) {
        expect(await withinScreenWidth(values)).toBe(true);
        const cell = values.locator('xpath=ancestor::td');
        expect((await values.boundingBox())!.x).toBeLessThanOrEqual((await cell.boundingBox())!.x + 1);
      }
    }
    expect(await entries(page).nth(1).getByRole('cell').last().innerText()).toMatch(/Reorder level\s+37/);
    expect(await entries(page).nth(2).getByRole('cell').last().innerText()).toContain(description);
    await saveScreenshot(page, 'audit-phone-375');
    // A laptop keeps the table: the log's columns side by side, each change on one line.
    await tableOnLaptop(table, cells, ['Change', 'Subject', 'Before', 'After']);
    await saveScreenshot(page, 'audit-phone-1280');
    await page.context().close();
  });

  // A recorded text (a leaflet's paragraph) wraps between its words in the narrow Before and After
  // columns: "in a dr / y place" read as a misprint in the record itself.
  it('wraps a recorded text between its words, not inside them', async () => {
    const page = await pageAs(browser, admin);
    await page.goto(`${PATHS.adminAudit}?subject=${medicine._id}&kind=${AUDIT_KIND.medicineCreated}`);
    const value = entries(page).nth(1).getByRole('cell').last().getByText(description);
    await value.waitFor();
    const wordsSplit = await value.evaluate((node) => {
      const text = node.firstChild!;
      const split: string[] = [];
      for (const match of text.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        if (range.getClientRects().length > 1) split.push(match[0]);
      }
      return split;
    });
    // The column is narrower than the sentence: it takes several lines, so it had places to wrap.
    const lines = await value.evaluate((node) => {
      const whole = document.createRange();
      whole.selectNodeContents(node);
      return new Set([...whole.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBeGreaterThan(1);
    expect(wordsSplit).toEqual([]);
  });

  it('has no axe violations and no sideways scroll of the page on a phone or a laptop', async () => {
    await expectTablesAccessible(await pageAs(browser, admin), PATHS.adminAudit, ['Audit log'], 'audit');
  });
});
