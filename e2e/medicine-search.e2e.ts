import { cataloguePath, formatPrice, medicinePath, PATHS } from '@apotheca/contract';
import type {
  Medicine,
  MedicineListResponse,
  MedicineSuggestionsResponse,
  SubstitutesResponse,
} from '@apotheca/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, openPage, saveScreenshot, textsOf, useBrowser, VIEWPORTS } from './support/browser';
import { api } from './support/shop';
import { violations } from './support/axe';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search medicines' });
const cardNames = (page: Page) => page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
const query = (page: Page) => new URL(page.url()).searchParams;
/** The catalogue's line above the results of a search. */
const resultsLine = (q: string, total: number) =>
  `Results for “${q}” · ${total} ${total === 1 ? 'medicine' : 'medicines'}`;
const search = (q: string, more = '') =>
  api<MedicineListResponse>(`/medicines?${new URLSearchParams({ q }).toString()}&limit=6${more}`);

/** A substitute that shows a saving: cheaper by at least a cent per tablet, capsule or mL. */
const savesPerUnit = (substitute: Substitutes[number]) => Math.round((substitute.savingPerUnit ?? 0) * 100) > 0;

type Substitutes = SubstitutesResponse['substitutes'];

/**
 * The first medicine in the catalogue whose substitutes are `wanted` (by default: one at least cheaper per
 * unit), and its substitutes.
 */
async function medicineWithSubstitutes(
  wanted: (substitutes: Substitutes) => boolean = (substitutes) => substitutes.some(savesPerUnit),
): Promise<{ medicine: Medicine; substitutes: SubstitutesResponse }> {
  const { medicines } = await api<MedicineListResponse>('/medicines?limit=100&sort=price_desc');
  for (const medicine of medicines.filter((candidate) => candidate.activeIngredient)) {
    const substitutes = await api<SubstitutesResponse>(`/medicines/${medicine._id}/substitutes`);
    if (wanted(substitutes.substitutes)) return { medicine, substitutes };
  }
  throw new Error('The demo catalogue has no medicine with such substitutes');
}

describe('finding a medicine', () => {
  const browser = useBrowser();

  it.each<keyof typeof VIEWPORTS>(['mobile', 'desktop'])(
    'searches a misspelt ingredient from the header on %s and shows the query with its results',
    async (viewport) => {
      const expected = await search('paracetmol');
      expect(expected.medicines[0]?.activeIngredient).toBe('Paracetamol');
      const page = await newPage(browser, viewport);
      await page.goto(PATHS.home);
      await searchBox(page).fill('paracetmol');
      await searchBox(page).press('Enter');
      await page.waitForURL(`${baseUrl()}/medicines?q=paracetmol`);
      await page.getByText(resultsLine('paracetmol', expected.total)).waitFor();
      await page.getByRole('article').first().waitFor();
      expect(await cardNames(page)).toEqual(expected.medicines.map((medicine) => medicine.name));
      // The box keeps the search, and every card says what it is.
      expect(await searchBox(page).inputValue()).toBe('paracetmol');
      const first = expected.medicines[0]!;
      await page.getByRole('article').first().getByText(`${first.strength} · ${first.dosageForm}`).waitFor();
      await page.context().close();
    },
  );

  it('picks a suggestion with the keyboard, as a combobox, and opens its page', async () => {
    const { suggestions } = await api<MedicineSuggestionsResponse>('/medicines/suggestions?q=amoxicilin');
    expect(suggestions.length).toBeGreaterThan(1);
    const page = await openPage(browser, PATHS.medicines, 'desktop');
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('amoxicilin');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await options.first().waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await options.count()).toBe(suggestions.length);
    expect(await violations(page), 'with the suggestions open').toEqual([]);

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const second = options.nth(1);
    expect(await second.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await second.getAttribute('id'));
    await box.press('Enter');

    const chosen = suggestions[1]!;
    await page.waitForURL(`${baseUrl()}/medicines/${chosen._id}`);
    await page.getByRole('heading', { level: 1, name: chosen.name }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it.each<keyof typeof VIEWPORTS>(['mobile', 'desktop'])(
    'offers the strengths stocked for a strength not stocked, as typed on %s, and searches the one chosen',
    async (viewport) => {
      const { otherStrengths } = await api<MedicineSuggestionsResponse>(
        `/medicines/suggestions?${new URLSearchParams({ q: 'metformin 750 mg' }).toString()}`,
      );
      expect(otherStrengths?.strengths.length).toBeGreaterThan(1);
      const page = await openPage(browser, PATHS.home, viewport);
      const box = searchBox(page);
      await box.click();
      await box.pressSequentially('metformin 750 mg');
      const offered = page.getByRole('group', { name: 'We don’t stock “metformin” in that strength. It comes in:' });
      await offered.waitFor();
      expect(await textsOf(offered.getByRole('option'))).toEqual([
        ...otherStrengths!.strengths.map((strength) => `metformin ${strength}`),
        'All “metformin”',
      ]);
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      expect(await violations(page), 'with the strengths offered').toEqual([]);

      await box.press('ArrowDown');
      await box.press('Enter');
      const q = `metformin ${otherStrengths!.strengths[0]}`;
      const expected = await search(q);
      await page.waitForURL(`${baseUrl()}${cataloguePath({ q })}`);
      await page.getByText(resultsLine(q, expected.total)).waitFor();
      await expect.poll(() => cardNames(page)).toEqual(expected.medicines.map((medicine) => medicine.name));
      await page.context().close();
    },
  );

  it('closes the suggestions with Escape and keeps what was typed', async () => {
    const page = await openPage(browser, '/', 'mobile');
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('ibu');
    await page.getByRole('option').first().waitFor();
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('option').count()).toBe(0);
    expect(await box.inputValue()).toBe('ibu');
    await page.context().close();
  });

  it.each<keyof typeof VIEWPORTS>(['mobile', 'desktop'])(
    'narrows a search by a facet on %s, with the counts the API gives',
    async (viewport) => {
      const all = await search('paracetamol');
      const form = all.facets.dosageForm.find(({ count }) => count < all.total) ?? all.facets.dosageForm[0]!;
      const narrowed = await search('paracetamol', `&dosageForm=${form.value}`);
      const page = await newPage(browser, viewport);
      await page.goto(cataloguePath({ q: 'paracetamol' }));
      // On a phone the counts are folded under 'Refine results'.
      if (viewport === 'mobile') await page.locator('summary', { hasText: 'Refine results' }).click();
      expect(await violations(page), 'with the facets in view').toEqual([]);
      const facet = page.getByRole('link', { name: `${form.value} (${form.count})`, exact: true });
      await facet.click();

      await page.waitForURL(/dosageForm=/);
      expect(query(page).get('dosageForm')).toBe(form.value);
      expect(query(page).get('q')).toBe('paracetamol');
      expect(query(page).get('page')).toBe('1');
      await page.getByText(resultsLine('paracetamol', narrowed.total)).waitFor();
      expect(narrowed.total).toBe(form.count);
      expect(await cardNames(page)).toEqual(narrowed.medicines.map((medicine) => medicine.name));
      // The folded panel stays as the shopper left it: open.
      expect(await facet.isVisible()).toBe(true);
      expect(await facet.getAttribute('aria-current')).toBe('true');
      await page.context().close();
    },
  );

  it("says 'No medicines found' with a hint when nothing matches", async () => {
    const page = await openPage(browser, cataloguePath({ q: 'xqzvwk' }), 'mobile');
    await expect
      .poll(() => textsOf(page.locator('main p')))
      .toEqual(expect.arrayContaining(['No medicines found', expect.stringMatching(/^Check the spelling/)]));
    expect(await page.getByRole('article').count()).toBe(0);
    await page.getByRole('link', { name: 'See all medicines' }).click();
    await page.waitForURL(`${baseUrl()}/medicines`);
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    expect(await page.getByText('No medicines found').count()).toBe(0);
    await page.context().close();
  });

  it('opens a medicine with its record and leaflet, then a cheaper substitute', async () => {
    const { medicine, substitutes } = await medicineWithSubstitutes();
    const page = await openPage(browser, medicinePath(medicine._id), 'desktop');
    await page.getByRole('heading', { level: 1, name: medicine.name }).waitFor();
    for (const value of [medicine.activeIngredient, medicine.strength, medicine.dosageForm!, medicine.packSize]) {
      await page.locator('dd', { hasText: value }).first().waitFor();
    }
    expect(await page.getByRole('note').filter({ hasText: 'Prescription required' }).count()).toBe(
      medicine.prescriptionRequired ? 1 : 0,
    );
    await page.getByRole('heading', { level: 2, name: 'About this medicine' }).waitFor();
    if (medicine.directions) await page.getByRole('heading', { level: 3, name: 'Directions' }).waitFor();

    const list = page.getByRole('region', { name: 'Substitutes' }).getByRole('listitem');
    expect(await list.count()).toBe(substitutes.substitutes.length);
    const prices = substitutes.substitutes.map((substitute) => substitute.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The saving is per unit (tablet, capsule, mL), since packs differ in size.
    const index = substitutes.substitutes.findIndex(savesPerUnit);
    const cheaper = substitutes.substitutes[index]!;
    await list
      .nth(index)
      .getByText(`Save ${formatPrice(cheaper.savingPerUnit!)} per ${cheaper.unit}`)
      .waitFor();

    await list.nth(index).getByRole('link', { name: cheaper.name }).click();
    await page.waitForURL(`${baseUrl()}/medicines/${cheaper._id}`);
    await page.getByRole('heading', { level: 1, name: cheaper.name }).waitFor();
    await page.context().close();
  });

  it.each<keyof typeof VIEWPORTS>(['mobile', 'desktop'])(
    "lines up the substitutes' prices on a %s screen, whether or not a row shows a saving",
    async (viewport) => {
      const { medicine, substitutes } = await medicineWithSubstitutes(
        (listed) => listed.some(savesPerUnit) && listed.some((substitute) => !savesPerUnit(substitute)),
      );
      const page = await openPage(browser, medicinePath(medicine._id), viewport);
      const rows = page.getByRole('region', { name: 'Substitutes' }).getByRole('listitem');
      await rows.first().waitFor();
      const rightEdges = await Promise.all(
        substitutes.substitutes.map(async (substitute, index) => {
          const box = await rows.nth(index).getByText(formatPrice(substitute.price), { exact: true }).boundingBox();
          return Math.round(box!.x + box!.width);
        }),
      );
      await page
        .getByRole('heading', { level: 2, name: 'Substitutes' })
        .evaluate((heading) => heading.scrollIntoView());
      await saveScreenshot(page, `substitutes-${VIEWPORTS[viewport].width}`, { fullPage: false });
      expect(new Set(rightEdges).size, `the prices' right edges: ${rightEdges.join(', ')}`).toBe(1);
      await page.context().close();
    },
  );

  it('searches from the header with JavaScript off, and the page it lands on hydrates without an error', async () => {
    const expected = await search('ibuprofen');
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const offline = await context.newPage();
    await offline.goto(PATHS.home);
    await searchBox(offline).fill('ibuprofen');
    await searchBox(offline).press('Enter');
    await offline.waitForURL(`${baseUrl()}/medicines?q=ibuprofen`);
    expect(await cardNames(offline)).toEqual(expected.medicines.map((medicine) => medicine.name));
    await context.close();

    const page = await newPage(browser, 'mobile');
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(cataloguePath({ q: 'ibuprofen', prescriptionRequired: 'false' }));
    await page.goto(medicinePath(expected.medicines[0]!._id));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
