import { PATHS, REPORT_PAGE_SIZE, type ExpiryReport, type LowStockReport, shopDayOf } from '@apotheca/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addExpiredBatch,
  addMedicineAs,
  pageAs,
  useOwnMedicine,
  type Session,
  openFromAdminHeader,
} from './support/admin-fixtures';
import { api, toast } from './support/shop';
import {
  cellsOnScreen,
  saveScreenshot,
  sidewaysScroll,
  tableOnLaptop,
  useBrowser,
  withinScreenWidth,
} from './support/browser';
import { expectTablesAccessible } from './support/axe';

/** The shop's day `days` from now, as the reports' dates read (YYYY-MM-DD). */
const daysFromToday = (days: number) => shopDayOf(new Date(Date.now() + days * 86_400_000));

const addBatch = (admin: Session, medicineId: string, lot: string, expiresInDays: number, quantity: number) =>
  api(
    `/medicines/${medicineId}/batches`,
    { method: 'POST', body: JSON.stringify({ lot, expiresOn: daysFromToday(expiresInDays), quantity }) },
    admin.token,
  );

/**
 * Steps the report's list to the page holding the `index`th row (counted in the server's whole list),
 * as a reader pages to it: the demo shop lists more than one page.
 */
async function openPageOf(page: Page, pages: string, index: number) {
  expect(index).toBeGreaterThanOrEqual(0);
  const number = Math.floor(index / REPORT_PAGE_SIZE) + 1;
  if (number > 1)
    await page
      .getByRole('navigation', { name: pages })
      .getByRole('button', { name: `Page ${number}`, exact: true })
      .click();
}

describe('stock reports', () => {
  const browser = useBrowser();
  // No stock until its batches arrive, so no other test's stock moves.
  const { admin, medicine } = useOwnMedicine('Reportol', { developedBy: 'Report Labs', stock: '0', price: '3.50' });
  beforeAll(async () => {
    // 20 sellable units: one lot expiring in 20 days, one in 45 (a delivery already expired is refused).
    await addBatch(admin, medicine._id, 'SOON-20', 20, 10);
    await addBatch(admin, medicine._id, 'LATER-45', 45, 10);
  });

  /** The report's row of the medicine (this test's unless named) with the lot, if it is listed. */
  const batchRow = (page: Page, table: string, lot: string, medicineName = medicine.name) =>
    page
      .getByRole('table', { name: table })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: medicineName, exact: true }) })
      .filter({ hasText: lot });

  /** A medicine of its own with a name as long as the catalogue's longest and no stock: below its reorder level. */
  const addLongNamedMedicine = () =>
    addMedicineAs(admin, {
      name: `Hydroxychloroquine-Sulfate-Extended-Release-${Date.now()}`,
      developedBy: 'Report Labs',
      stock: '0',
      price: '3.50',
    });

  it('has no axe violations and no sideways scroll of the page on a phone or a laptop', async () => {
    // An expired lot of its own, so the expired list is shown whatever was written off before.
    await addExpiredBatch(medicine._id, 'EXPIRED-READ', 4);
    await expectTablesAccessible(
      await pageAs(browser, admin),
      PATHS.adminReports,
      ['Batches expiring within 30 days', 'Expired batches not yet written off'],
      'stock-reports',
    );
  });

  it('shows a delivery in the windows it expires within, and writes an expired batch off with a reason', async () => {
    await addExpiredBatch(medicine._id, 'EXPIRED-GONE', 6);
    const page = await pageAs(browser, admin);
    await openFromAdminHeader(page, 'Stock reports', PATHS.adminReports);
    await page.getByRole('heading', { level: 1, name: 'Stock reports' }).waitFor();

    const expiring = async (days: number) =>
      (await api<ExpiryReport>(`/reports/expiry?days=${days}&limit=100`, {}, admin.token)).expiring.map((b) => b.lot);
    // 30 days: the lot expiring in 20 days, not the one in 45 (which would be on the list's last page).
    const thirty = await expiring(30);
    expect(thirty).not.toContain('LATER-45');
    await openPageOf(page, 'Expiring batches pages', thirty.indexOf('SOON-20'));
    await batchRow(page, 'Batches expiring within 30 days', 'SOON-20').waitFor();
    await openPageOf(page, 'Expiring batches pages', thirty.length - 1);
    await page.getByRole('table', { name: 'Batches expiring within 30 days' }).getByText(thirty.at(-1)!).waitFor();
    expect(await batchRow(page, 'Batches expiring within 30 days', 'LATER-45').count()).toBe(0);
    // 60 days: both, from page 1 again.
    await page.getByText('60 days', { exact: true }).click();
    await page.getByRole('heading', { name: 'Expiring within 60 days' }).waitFor();
    await openPageOf(page, 'Expiring batches pages', (await expiring(60)).indexOf('LATER-45'));
    await batchRow(page, 'Batches expiring within 60 days', 'LATER-45').waitFor();
    await page.getByText('90 days', { exact: true }).click();
    // The window is in the URL before the report is drawn with it: a page button of the 60 days' report
    // would set the page of that window again.
    await page.getByRole('heading', { name: 'Expiring within 90 days' }).waitFor();
    await openPageOf(page, 'Expiring batches pages', (await expiring(90)).indexOf('SOON-20'));
    await batchRow(page, 'Batches expiring within 90 days', 'SOON-20').waitFor();

    // Each medicine links to its admin page.
    const link = batchRow(page, 'Batches expiring within 90 days', 'SOON-20').getByRole('link', {
      name: medicine.name,
    });
    expect(await link.getAttribute('href')).toBe(`/admin/update/${medicine._id}`);

    // The test's own expired lot is the one written off, so the other tests find the shop's as it was.
    const expiredLots = async () => (await api<ExpiryReport>('/reports/expiry?limit=100', {}, admin.token)).expired;
    const lots = await expiredLots();
    const gone = lots.find((batch) => batch.medicine._id === medicine._id && batch.lot === 'EXPIRED-GONE');
    expect(gone).toBeDefined();
    await openPageOf(page, 'Expired batches pages', lots.indexOf(gone!));
    const name = `lot ${gone!.lot} of ${medicine.name}`;
    const expired = batchRow(page, 'Expired batches not yet written off', gone!.lot);
    await expired.getByRole('button', { name: `Write off ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Write off ${name}` });
    await dialog.getByLabel('Reason').fill('Expired on the shelf');
    await dialog.getByRole('button', { name: 'Write off' }).click();
    await toast(page, `Lot ${gone!.lot} of ${medicine.name} written off.`);
    await expired.waitFor({ state: 'detached' });
    // Kept as written off: the server no longer lists it either.
    expect((await expiredLots()).map((batch) => batch._id)).not.toContain(gone!._id);
  });

  it('lists a medicine below the reorder level the admin sets, and edits the level in place', async () => {
    const page = await pageAs(browser, admin);
    await page.goto(PATHS.adminReports);
    const low = page.getByRole('table', { name: 'Medicines below their reorder level' });
    const row = low.getByRole('row').filter({ has: page.getByRole('rowheader', { name: medicine.name, exact: true }) });
    await page.getByText(/below the reorder level$/).waitFor();
    // 20 units are not below the default level of 10.
    expect(await row.count()).toBe(0);

    await api(
      `/medicines/${medicine._id}/reorder-level`,
      { method: 'PATCH', body: JSON.stringify({ reorderLevel: 30 }) },
      admin.token,
    );
    await page.reload();
    const { medicines } = await api<LowStockReport>('/reports/low-stock?limit=100', {}, admin.token);
    await openPageOf(
      page,
      'Low stock pages',
      medicines.findIndex((candidate) => candidate._id === medicine._id),
    );
    const level = row.getByRole('spinbutton', { name: `Reorder level of ${medicine.name}` });
    expect(await level.inputValue()).toBe('30');
    expect(await row.getByRole('cell').first().innerText()).toBe('20');

    await level.fill('50');
    await row.getByRole('button', { name: 'Save' }).click();
    await toast(page, `Reorder level of ${medicine.name} set to 50.`);
    expect(await level.inputValue()).toBe('50');
    // At its stock the medicine is no longer below its level: it leaves the report.
    await level.fill('20');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.waitFor({ state: 'detached' });
  });

  it('fits a phone: an expired lot of a long-named medicine, every column and its Write off on the screen', async () => {
    const long = await addLongNamedMedicine();
    const lot = `EXPIRED-PHONE-${Date.now()}`;
    await addExpiredBatch(long._id, lot, 7);
    const page = await pageAs(browser, admin, 'mobile');
    await page.goto(PATHS.adminReports);
    const { expired } = await api<ExpiryReport>('/reports/expiry?limit=100', {}, admin.token);
    await openPageOf(
      page,
      'Expired batches pages',
      expired.findIndex((batch) => batch.lot === lot),
    );
    const table = page.getByRole('table', { name: 'Expired batches not yet written off' });
    const row = batchRow(page, 'Expired batches not yet written off', lot, long.name);
    await row.waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    // Every column is shown whole on the screen, the lot and its units too: the admin writes off a lot, not a medicine.
    const cells = await cellsOnScreen(row, 5);
    const shown = await row.innerText();
    for (const value of [long.name, lot, '7']) expect(shown).toContain(value);
    const writeOff = row.getByRole('button', { name: `Write off lot ${lot} of ${long.name}` });
    expect(await withinScreenWidth(writeOff)).toBe(true);
    await saveScreenshot(page, 'stock-reports-expired-phone-375');
    // A laptop keeps the table: the report's columns side by side, each row on one line.
    await tableOnLaptop(table, cells, ['Medicine', 'Lot', 'Expired on', 'Units', 'Action']);
    await saveScreenshot(page, 'stock-reports-expired-phone-1280');
    await page.context().close();
  });

  it('fits a phone: a long-named medicine below its reorder level, every column and its level and Save on the screen', async () => {
    const long = await addLongNamedMedicine();
    const page = await pageAs(browser, admin, 'mobile');
    await page.goto(PATHS.adminReports);
    const { medicines } = await api<LowStockReport>('/reports/low-stock?limit=100', {}, admin.token);
    await openPageOf(
      page,
      'Low stock pages',
      medicines.findIndex((candidate) => candidate._id === long._id),
    );
    const table = page.getByRole('table', { name: 'Medicines below their reorder level' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: long.name, exact: true }) });
    await row.waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    const cells = await cellsOnScreen(row, 3);
    for (const control of [
      row.getByRole('spinbutton', { name: `Reorder level of ${long.name}` }),
      row.getByRole('button', { name: 'Save' }),
    ])
      expect(await withinScreenWidth(control), String(control)).toBe(true);
    await saveScreenshot(page, 'stock-reports-low-stock-phone-375');
    // A laptop keeps the table: the report's columns side by side, each row on one line.
    await tableOnLaptop(table, cells, ['Medicine', 'Stock', 'Reorder level']);
    await saveScreenshot(page, 'stock-reports-low-stock-phone-1280');
    await page.context().close();
  });
});
