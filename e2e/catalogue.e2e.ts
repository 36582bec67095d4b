import { cataloguePath, PATHS, PRICE_RANGE_MESSAGE } from '@apotheca/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, textsOf, useBrowser } from './support/browser';
import { listMedicines } from './support/shop';

const cards = (page: Page) => page.locator('article');
const query = (page: Page) => new URL(page.url()).searchParams;

describe('the catalogue in chromium', () => {
  const browser = useBrowser();
  it('shows 6 medicines a page with Page X of Y and pages with Previous/Next in the URL', async () => {
    const { total } = await listMedicines();
    const page = await openPage(browser, PATHS.medicines);
    await page.getByText(`Page 1 of ${Math.ceil(total / 6)}`).waitFor();
    expect(await cards(page).count()).toBe(6);
    const first = await cards(page).first().locator('h3').textContent();
    await page.getByRole('link', { name: 'Next', exact: true }).click();
    await page.getByText(`Page 2 of ${Math.ceil(total / 6)}`).waitFor();
    expect(query(page).get('page')).toBe('2');
    expect(await cards(page).first().locator('h3').textContent()).not.toBe(first);
    await page.getByRole('link', { name: 'Previous', exact: true }).click();
    await page.getByText('Page 1 of').waitFor();
    expect(await page.getByRole('link', { name: 'Previous', exact: true }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('reads every filter from the URL, and a filter change writes it back with page 1', async () => {
    const { medicines, total } = await listMedicines('category=Antibiotic&limit=100');
    const page = await openPage(browser, cataloguePath({ category: 'Antibiotic', limit: 2, page: 2 }));
    await page.getByText(`Page 2 of ${Math.ceil(total / 2)}`).waitFor();
    expect(await page.getByLabel('Category').inputValue()).toBe('Antibiotic');
    expect(await cards(page).count()).toBe(2);
    for (const category of await cards(page).locator('dd:nth-of-type(2)').allTextContents()) {
      expect(category).toBe('Antibiotic');
    }

    await page.getByLabel('Sort by').selectOption('price_desc');
    await page.waitForURL(/sort=price_desc/);
    expect(query(page).get('page')).toBe('1');
    expect(query(page).get('category')).toBe('Antibiotic');
    const mostExpensive = [...medicines].sort((a, b) => b.price - a.price)[0]!;
    await cards(page).first().getByText(mostExpensive.name, { exact: true }).waitFor();

    await page.getByLabel('Category').selectOption('Pain Relief');
    await page.waitForURL(/category=Pain\+Relief|category=Pain%20Relief/);
    expect(query(page).get('page')).toBe('1');
    await page.waitForFunction(() => document.querySelector('select')?.value === 'Pain Relief');
    await cards(page).first().getByText('Pain Relief').waitFor();
    await page.context().close();
  });

  it('narrows by price through the URL and says when nothing matches', async () => {
    const page = await openPage(browser, cataloguePath({ minPrice: 10, maxPrice: 20 }));
    await cards(page).first().waitFor();
    const prices = await cards(page).locator('h3 + p').allTextContents();
    for (const price of prices) {
      const dollars = Number(price.replace(/[$,]/g, ''));
      expect(dollars).toBeGreaterThanOrEqual(10);
      expect(dollars).toBeLessThanOrEqual(20);
    }
    // A maximum below the minimum holds no price: said at the fields, and not searched.
    await page.getByLabel('Max price ($)').fill('1');
    await page.getByLabel('Max price ($)').press('Enter');
    await page.getByText(PRICE_RANGE_MESSAGE).waitFor();
    expect(query(page).get('maxPrice')).toBe('20');
    await page.getByLabel('Min price ($)').fill('1999');
    await page.getByLabel('Max price ($)').fill('1999.5');
    await page.getByLabel('Max price ($)').press('Enter');
    await page.getByText('No medicines found').waitFor();
    // With no facet column beside it, the notice takes the page's width, not the results' column alone.
    const notice = await page.getByText('No medicines found').locator('..').boundingBox();
    const heading = await page.getByRole('heading', { name: 'Medicines', level: 1 }).boundingBox();
    expect(notice!.x).toBeLessThanOrEqual(heading!.x + 1);
    expect(await page.getByText(PRICE_RANGE_MESSAGE).count()).toBe(0);
    expect(query(page).get('maxPrice')).toBe('1999.5');
    expect(query(page).get('page')).toBe('1');
    await page.context().close();
  });

  it("takes a price typed over the field's 0 as the price typed, not with the 0 before it", async () => {
    const page = await openPage(browser, PATHS.medicines);
    await cards(page).first().waitFor();
    const min = page.getByLabel('Min price ($)');
    expect(await min.inputValue()).toBe('0');
    await min.click();
    await page.keyboard.type('150');
    expect(await min.inputValue()).toBe('150');
    // The URL turns before the page is drawn with its price, which gives the field anew; the list of that
    // price is asked for only once it has been, so the field is read after that request.
    const listed = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname === '/api/medicines' && url.searchParams.get('minPrice') === '150';
    });
    await page.keyboard.press('Tab');
    await page.waitForURL(/minPrice=150/);
    await listed;
    expect(await min.inputValue()).toBe('150');
    await page.context().close();
  });

  it('sends a page past the last one to the last page, not to a spelling hint, when the search has matches', async () => {
    const { total } = await listMedicines('q=amox&limit=100');
    const last = Math.ceil(total / 6);
    const page = await openPage(browser, cataloguePath({ q: 'amox', page: last + 5 }));
    await page.getByText(`Page ${last + 5} is past the last page of ${total} medicines.`).waitFor();
    expect(await page.getByText('No medicines found').count()).toBe(0);
    // Nor does a pager claim it is a page of the list.
    expect(await page.getByText(`Page ${last + 5} of`).count()).toBe(0);
    await page.getByRole('link', { name: `Go to page ${last}` }).click();
    await page.getByText(`Page ${last} of ${last}`).waitFor();
    expect(query(page).get('q')).toBe('amox');
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(total - (last - 1) * 6);
    await page.context().close();
  });

  it("shows 'Out of Stock' instead of the button for a medicine without stock", async () => {
    const page = await openPage(browser, cataloguePath({ sort: 'out_of_stock', limit: 3 }));
    await cards(page).first().getByText('Out of Stock').waitFor();
    expect(await cards(page).first().getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
    await page.context().close();
  });

  it('opens a medicine from its card, with every field and a way back', async () => {
    const page = await openPage(browser, PATHS.medicines);
    const name = (await cards(page).first().locator('h3').textContent())!;
    await cards(page).first().getByRole('link', { name }).click();
    await expect.poll(() => textsOf(page.getByRole('heading', { level: 1 }))).toContain(name);
    expect(await textsOf(page.locator('main dt'))).toEqual(
      expect.arrayContaining(['Developed By', 'Category', 'Max Expiry', 'Stock']),
    );
    await page.getByRole('link', { name: '← Back to medicines' }).click();
    await page.waitForURL(`${baseUrl()}/medicines`);
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('goes back from a medicine to the search and page it was opened from, after a reload too', async () => {
    const list = cataloguePath({ q: 'paracetmol', page: 2 });
    const page = await openPage(browser, list);
    await page.getByText('Page 2 of').waitFor();
    const name = (await cards(page).first().locator('h3').textContent())!;
    await cards(page).first().getByRole('link', { name }).click();
    await expect.poll(() => textsOf(page.getByRole('heading', { level: 1 }))).toContain(name);
    await page.getByRole('link', { name: '← Back to medicines' }).click();
    await page.waitForURL(`${baseUrl()}${list}`);
    await expect.poll(() => cards(page).first().locator('h3').textContent()).toBe(name);
    // The server renders a medicine's page without knowing where it was opened from; a reload of it
    // hydrates to the link the server wrote, with no mismatch.
    await cards(page).first().getByRole('link', { name }).click();
    await expect.poll(() => textsOf(page.getByRole('heading', { level: 1 }))).toContain(name);
    await page.reload();
    await page.getByRole('link', { name: '← Back to medicines' }).click();
    await page.waitForURL(`${baseUrl()}${list}`);
    await page.context().close();
  });

  it('moves the banner carousel with its arrows and dots', async () => {
    const page = await openPage(browser, PATHS.medicines);
    const dots = page.getByRole('button', { name: /Go to slide/ });
    await dots.first().waitFor();
    expect(await dots.count()).toBe(3);
    const current = (slide: number) =>
      page.waitForFunction(
        (label) => document.querySelector(`[aria-label="${label}"]`)?.getAttribute('aria-current') === 'true',
        `Go to slide ${slide}`,
      );
    // The pointer stays over the carousel, which pauses its autoplay.
    await page.getByRole('button', { name: 'Go to slide 3' }).click();
    await current(3);
    await page.getByRole('button', { name: 'Next slide' }).click();
    await current(1); // it loops
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await current(3);
    await page.context().close();
  });

  it("keeps every slide's text clear of the banner's arrows and dots from a small phone to a laptop", async () => {
    const page = await openPage(browser, PATHS.medicines);
    await page.getByRole('button', { name: 'Go to slide 1' }).waitFor();
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      // Each slide's text is placed as it stands when that slide is shown, whichever slide is shown now.
      const overlaps = await page.getByRole('region', { name: 'Highlights' }).evaluate((carousel) => {
        const controls = [...carousel.querySelectorAll('button')].map((button) => button.getBoundingClientRect());
        const frame = carousel.getBoundingClientRect();
        return [...carousel.querySelectorAll('[aria-roledescription="slide"] p')].flatMap((text) => {
          if (!(text as HTMLElement).offsetParent) return [];
          const slideLeft = text.closest('[aria-roledescription="slide"]')!.getBoundingClientRect().left;
          const range = document.createRange();
          range.selectNodeContents(text);
          const { top, bottom, left, right } = range.getBoundingClientRect();
          const [from, to] = [left - slideLeft + frame.left, right - slideLeft + frame.left];
          const hit = controls.some((c) => from < c.right && to > c.left && top < c.bottom && bottom > c.top);
          return hit ? [text.textContent] : [];
        });
      });
      expect(overlaps, `${width} px`).toEqual([]);
    }
    await page.context().close();
  });
});
