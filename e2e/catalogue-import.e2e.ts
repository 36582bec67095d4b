import { MEDICINE_NAME_MESSAGE, PATHS, sameMedicineMessage } from '@apotheca/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalogue, pageAs, useAdminSession, openFromAdminHeader } from './support/admin-fixtures';
import { baseUrl, hasFocus, saveScreenshot, useBrowser } from './support/browser';
import { listMedicines } from './support/shop';
import { expectAccessibleOnPhoneAndLaptop, violations } from './support/axe';

const COLUMNS = 'name,developedBy,strength,maxMonthsExpiry,category,stock,price,imageUrl';

/** A CSV file of this text, as the file input is given it. */
const csvFile = (text: string) => ({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

/**
 * A CSV of new medicines, each with the picture of a medicine the shop stores itself, by its URL:
 * another test's medicine may name a picture on a host this machine cannot reach. `strengths` are
 * the rows' strengths, in order; a row without one states none.
 */
async function catalogueFile(names: string[], strengths: string[] = []) {
  const picture = (await catalogue()).find((medicine) => medicine.imageUrl.startsWith('/'))!.imageUrl;
  const imageUrl = `${baseUrl()}${picture}`;
  const rows = names.map((name, i) => `${name},Import Labs,${strengths[i] ?? ''},24,Pain Relief,12,6.75,${imageUrl}`);
  return csvFile([COLUMNS, ...rows].join('\n'));
}

/**
 * The words (runs of text between spaces or elements) in the cells `cells` finds that the browser has
 * broken over two lines: a name or a message that wraps between its words gives none.
 */
const brokenWords = (cells: Locator): Promise<string[]> =>
  cells.evaluateAll((elements) =>
    elements.flatMap((cell) => {
      const broken: string[] = [];
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        for (const word of text.textContent!.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          if (new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size > 1) broken.push(word[0]);
        }
      }
      return broken;
    }),
  );

async function chooseAndCheck(page: Page, file: ReturnType<typeof csvFile>) {
  await page.getByLabel('CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check the file' }).click();
}

describe('catalogue import', () => {
  const browser = useBrowser();
  const admin = useAdminSession();

  it('shows a bad row with its number and message, then imports the fixed file', async () => {
    const page = await pageAs(browser, admin);
    await openFromAdminHeader(page, 'Import', PATHS.adminImport);

    const stamp = Date.now();
    const good = `Importol-${stamp}`;
    await chooseAndCheck(page, await catalogueFile([good, `Importol ${stamp}`]));
    const refused = page.getByRole('table', { name: 'Refused rows' });
    const badRow = refused.getByRole('row').filter({ hasText: MEDICINE_NAME_MESSAGE });
    await badRow.waitFor();
    expect(await badRow.getByRole('cell').allInnerTexts()).toEqual(['3', 'name', MEDICINE_NAME_MESSAGE]);
    await page.getByText('1 created, 0 updated, 0 unchanged, 1 row refused.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Import the file' }).count()).toBe(0);
    // The button keeps the keyboard while the file is checked: choosing the fixed file is a Shift+Tab away.
    expect(await hasFocus(page.getByRole('button', { name: 'Check the file' }))).toBe(true);
    // The dry run wrote nothing. Typos are forgiven, so another test's medicine may match: only
    // this file's names count.
    const ours = async () =>
      (await listMedicines('q=Importol&limit=100')).medicines
        .map((m) => m.name)
        .filter((name) => name.includes(String(stamp)));
    expect(await ours()).toEqual([]);

    expect(await violations(page)).toEqual([]);

    const fixed = `Importol-${stamp}-B`;
    await chooseAndCheck(page, await catalogueFile([good, fixed]));
    await page.getByText('2 created, 0 updated, 0 unchanged, 0 rows refused.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Import the file' }).click();
    await page.getByRole('heading', { name: 'Imported' }).waitFor();
    await page.getByText('2 created, 0 updated, 0 unchanged.').waitFor();
    // The Import button leaves with the check it belonged to: the keyboard goes to the result, not the page's start.
    // Moved in an effect after the result's render, which a busy machine may show a moment later.
    await expect.poll(() => hasFocus(page.getByRole('heading', { name: 'Imported' }))).toBe(true);

    expect((await ours()).sort()).toEqual([good, fixed].sort());
  });

  it('refuses a second row of one medicine rather than add it twice, and imports the file without it', async () => {
    const page = await pageAs(browser, admin);
    await page.goto(PATHS.adminImport);
    const name = `Twicol-${Date.now()}`;
    // The same medicine twice, its name and strength typed otherwise the second time.
    await chooseAndCheck(page, await catalogueFile([name, name.toLowerCase()], ['200 mg', '200mg']));
    const refused = page.getByRole('table', { name: 'Refused rows' });
    const sameRow = refused.getByRole('row').filter({ hasText: sameMedicineMessage(2) });
    await sameRow.waitFor();
    expect(await sameRow.getByRole('cell').allInnerTexts()).toEqual(['3', 'The whole row', sameMedicineMessage(2)]);
    await page.getByText('1 created, 0 updated, 0 unchanged, 1 row refused.', { exact: false }).waitFor();

    await chooseAndCheck(page, await catalogueFile([name], ['200 mg']));
    await page.getByRole('button', { name: 'Import the file' }).click();
    await page.getByText('1 created, 0 updated, 0 unchanged.').waitFor();
    // Imported again, typed otherwise, the file finds its medicine rather than add another.
    await page.goto(PATHS.adminImport);
    await chooseAndCheck(page, await catalogueFile([name.toUpperCase()], ['200MG']));
    await page.getByText('0 created, 1 updated, 0 unchanged, 0 rows refused.', { exact: false }).waitFor();
    const named = (await catalogue()).filter((m) => m.name.toLowerCase() === name.toLowerCase());
    expect(named).toHaveLength(1);
  });

  it("keeps a refusal and the refused rows within a phone's width, long column names and messages wrapped", async () => {
    const page = await pageAs(browser, admin);
    const longColumn = 'QUJD'.repeat(300);
    await expectAccessibleOnPhoneAndLaptop(
      page,
      async () => {
        await page.goto(PATHS.adminImport);
        await chooseAndCheck(page, csvFile(`${COLUMNS},${longColumn}\n`));
        await page.getByRole('alert').filter({ hasText: 'Unknown columns' }).waitFor();
      },
      async (width) => {
        await saveScreenshot(page, `import-unknown-columns-${width}`);
        // A row refused in the longest column names (prescriptionRequired, maxMonthsExpiry) and with long
        // messages: the table fits its frame, each name whole on its line and the messages wrapped between words.
        const badRow = `Widol ${Date.now()},Import Labs,,many,Pain Relief,-3,6.75,,perhaps`;
        await chooseAndCheck(page, csvFile(`${COLUMNS},prescriptionRequired\n${badRow}`));
        const refused = page.getByRole('table', { name: 'Refused rows' });
        await refused.waitFor();
        const frame = refused.locator('xpath=..');
        expect
          .soft(await frame.evaluate((el) => el.scrollWidth - el.clientWidth), `${width} px`)
          .toBeLessThanOrEqual(0);
        const names = refused.getByRole('row').locator('td:nth-child(2)');
        expect(await names.allInnerTexts()).toEqual(
          expect.arrayContaining(['prescriptionRequired', 'maxMonthsExpiry']),
        );
        expect.soft(await brokenWords(refused.locator('td')), `${width} px`).toEqual([]);
        await saveScreenshot(page, `import-refused-rows-${width}`);
      },
      // 320 px too: the narrowest phone, where a name and its message leave the least room between them.
      [320, 375, 1280],
    );
  });
});
