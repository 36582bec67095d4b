import {
  formatPrice,
  ORDER_SORT,
  PATHS,
  PRESCRIPTION_REVIEW,
  SALES_REPORT_DAYS,
  type Order,
  type OrderListResponse,
  type SalesReport,
} from '@apotheca/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addExpiredBatch,
  addMedicineAs,
  pageAs,
  placeOrder,
  testPayment,
  useAdminSession,
  openFromAdminHeader,
} from './support/admin-fixtures';
import { saveScreenshot, useBrowser, withinScreenWidth } from './support/browser';
import { holdChunks } from './support/chunks';
import { api, createShopper } from './support/shop';
import { expectAccessibleOnPhoneAndLaptop } from './support/axe';

/** Opens the overview and waits for its three charts to be drawn; collects what the browser refuses (CSP) or fails. */
async function openOverview(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(PATHS.adminOverview);
  for (const title of [
    `Revenue and orders, last ${SALES_REPORT_DAYS} days`,
    'Orders by status',
    'Top medicines by units sold',
  ])
    await chart(page, title).locator('.recharts-bar-rectangle').first().waitFor();
  await page.waitForLoadState('networkidle');
  return errors;
}
const chart = (page: Page, title: string) => page.getByRole('region', { name: title });

describe('the admin overview', () => {
  const browser = useBrowser();
  const admin = useAdminSession();
  let paid: Order;
  beforeAll(async () => {
    // A paid order today, so that today has revenue and a medicine has sold.
    paid = await placeOrder(await createShopper(), testPayment());
  });

  it('is linked from the admin header and shows the sales charts with the server’s figures, with no refused style or script', async () => {
    const page = await pageAs(browser, admin);
    await openFromAdminHeader(page, 'Overview', PATHS.adminOverview);
    const salesReport = () => api<SalesReport>(`/reports/sales?days=${SALES_REPORT_DAYS}`, {}, admin.token);
    const before = await salesReport();
    const errors = await openOverview(page);
    expect(errors).toEqual([]);
    const report = await salesReport();
    // The page counts its days by the server's clock when it loads. If a day ended between the two
    // reads (a run at midnight), the page may show either day: it is opened again, on the new one.
    if (report.daily.at(-1)!.date !== before.daily.at(-1)!.date) await openOverview(page);
    expect(report.totals.revenue).toBeGreaterThanOrEqual(paid.totalPrice);
    const daily = chart(page, `Revenue and orders, last ${SALES_REPORT_DAYS} days`);
    await daily
      .getByText(
        `${report.totals.orders} order${report.totals.orders === 1 ? '' : 's'} placed, ` +
          `${formatPrice(report.totals.revenue)} revenue from the paid ones`,
        { exact: false },
      )
      .waitFor();
    // The chart's figures as a table: today's row says what the server counted.
    await daily.getByText('Show the figures as a table').click();
    const today = report.daily.at(-1)!;
    const todayRow = daily.getByRole('table').getByRole('row').last();
    expect(await todayRow.getByRole('cell').allInnerTexts()).toEqual([
      String(today.orders),
      formatPrice(today.revenue),
    ]);
    // Every bar of the status chart is named on its axis, not told apart by colour.
    const statuses = chart(page, 'Orders by status');
    for (const { status, orders } of report.byStatus)
      await statuses.getByText(`${status}: ${orders}`, { exact: false }).waitFor();
    await chart(page, 'Top medicines by units sold')
      .getByText(`Best seller: ${report.topMedicines[0]!.name}`)
      .waitFor();

    const queue = await api<OrderListResponse>(
      `/orders?review=${PRESCRIPTION_REVIEW.pending}&sort=${ORDER_SORT.oldest}&limit=1`,
      {},
      admin.token,
    );
    await page
      .getByRole('region', { name: 'Prescriptions awaiting review' })
      .getByText(queue.total === 1 ? 'prescription waits for review' : 'prescriptions wait for review', {
        exact: false,
      })
      .waitFor();
    await page
      .getByRole('region', { name: 'Stock warnings' })
      .getByRole('link', { name: 'All stock reports' })
      .waitFor();
  });

  // The chart library is most of the overview's code: on a slow connection the page and its figures
  // come first, and each chart is drawn once the library is in.
  it('shows its heading and each chart’s figures while the chart library is still on its way, then draws the charts', async () => {
    const page = await pageAs(browser, admin);
    const release = await holdChunks(page, 'recharts');
    await page.goto(PATHS.adminOverview);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const daily = chart(page, `Revenue and orders, last ${SALES_REPORT_DAYS} days`);
    await daily.getByText('placed,', { exact: false }).waitFor();
    await daily.getByText('Show the figures as a table').click();
    await daily.getByRole('table').waitFor();
    await chart(page, 'Orders by status').getByText('Show the figures as a table').waitFor();
    expect(await page.locator('.recharts-surface').count()).toBe(0);
    release();
    for (const title of [`Revenue and orders, last ${SALES_REPORT_DAYS} days`, 'Orders by status'])
      await chart(page, title).locator('.recharts-bar-rectangle').first().waitFor();
    await page.context().close();
  });

  it('has no axe violations and no sideways scroll, its tables open, on a phone and a laptop', async () => {
    const page = await pageAs(browser, admin);
    await expectAccessibleOnPhoneAndLaptop(
      page,
      async () => {
        await openOverview(page);
        for (const summary of await page.getByText('Show the figures as a table').all()) await summary.click();
      },
      async (width) => {
        // The daily chart is drawn as wide as the phone allows, its 30 days each a bar.
        const bars = chart(page, `Revenue and orders, last ${SALES_REPORT_DAYS} days`).locator(
          '.recharts-bar-rectangle',
        );
        expect(await bars.count(), `${width} px`).toBeGreaterThan(0);
      },
    );
  });

  it("fits a phone: a long-named medicine's expired lot in the stock warnings, its expiry and state on the screen", async () => {
    // Named to come first among the lots expired the same day (first expiry, then the medicine's name).
    const medicine = await addMedicineAs(admin, {
      name: `Amoxicillinclavulanate-Potassium-Extended-${Date.now()}`,
      developedBy: 'Report Labs',
      stock: '0',
      price: '3.50',
    });
    await addExpiredBatch(medicine._id, `EXPIRED-WARN-${Date.now()}`, 3);
    const page = await pageAs(browser, admin, 'mobile');
    await page.goto(PATHS.adminOverview);
    const table = page.getByRole('table', { name: /^Batches expired or expiring within/ });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: medicine.name }) });
    await row.waitFor();
    // The table fits its frame: no column (the State) cut at the screen's edge.
    expect(
      await table.locator('xpath=..').evaluate((frame) => frame.scrollWidth - frame.clientWidth),
    ).toBeLessThanOrEqual(0);
    for (const cell of await row.locator('th, td').all())
      if (await cell.isVisible()) expect(await withinScreenWidth(cell), await cell.innerText()).toBe(true);
    await saveScreenshot(page, 'overview-stock-warnings-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await saveScreenshot(page, 'overview-stock-warnings-1280');
    await page.context().close();
  });
});
