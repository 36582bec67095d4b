import { PATHS } from '@apotheca/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, saveScreenshot, useBrowser } from './support/browser';
import { createShopper, logInContext } from './support/shop';

/** The search box's whole placeholder, shown wherever the box has room for it. */
const SEARCH_PLACEHOLDER = 'Search medicines';

/**
 * What the header's empty search box shows of what it is for: its placeholder, or the shorter hint drawn
 * in its place (the element after it, hidden from screen readers) where the placeholder would be cut.
 * `fits` says the text is shown whole in the box's room (its width inside the padding), measured in its font.
 */
const searchHint = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('combobox', { name: SEARCH_PLACEHOLDER })
    .evaluate((input) => {
      const box = input as HTMLInputElement;
      const style = getComputedStyle(box);
      const hint = box.nextElementSibling;
      const drawn = hint?.getAttribute('aria-hidden') === 'true' && hint.checkVisibility() ? hint.textContent : null;
      const placeholderHidden = getComputedStyle(box, '::placeholder').color === 'rgba(0, 0, 0, 0)';
      const text = drawn ?? box.placeholder;
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return {
        text,
        fits: context.measureText(text).width <= room,
        fullFits: context.measureText(box.placeholder).width <= room,
        // Never the placeholder and the hint over one another.
        twice: drawn !== null && !placeholderHidden,
        room: Math.floor(room),
      };
    });

/** A page of the storefront at `width`, signed out or as a newly registered patient. */
async function storefrontAt(browser: Browser, width: number, signedIn: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height: 800 } });
  const shopper = signedIn ? await createShopper() : null;
  if (shopper) await logInContext(context, shopper);
  const page = await context.newPage();
  await page.goto(PATHS.home);
  // The signed-in header's avatar (the phone's or the desktop's) takes its room once the session is known.
  if (shopper)
    await page.getByRole('banner').getByRole('link', { name: shopper.user.email }).filter({ visible: true }).waitFor();
  return page;
}

/** The brand's teal, #0f766e, the ground of its mark. */
const BRAND_TEAL = [15, 118, 110];

/** How many pixels of a PNG screenshot are the brand's teal, counted in a page of its own (the shop's may run no script). */
async function brandTealPixels(browser: Browser, png: Buffer): Promise<number> {
  const page = await browser.newPage();
  const count = await page.evaluate(
    async ([data, teal]) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      let teals = 0;
      for (let at = 0; at < pixels.length; at += 4) {
        if ([0, 1, 2].every((channel) => Math.abs(pixels[at + channel]! - teal[channel]!) <= 6)) teals += 1;
      }
      return teals;
    },
    [png.toString('base64'), BRAND_TEAL] as const,
  );
  await page.close();
  return count;
}

describe('the storefront header', () => {
  const browser = useBrowser();

  it('shows its logo at once on a first visit, before /favicon.svg arrives and with JavaScript off', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    // The favicon is held back for the whole visit, as a slow connection holds it for its first seconds.
    await context.route('**/favicon.svg', () => undefined);
    const page = await context.newPage();
    await page.goto(PATHS.home, { waitUntil: 'domcontentloaded' });
    const logo = page.getByRole('banner').getByRole('link', { name: 'Apotheca' });
    // The mark is a 32 px square, most of it the brand's teal: far more than a few hundred pixels of it.
    expect(await brandTealPixels(browser, await logo.screenshot())).toBeGreaterThan(400);
    await context.close();
  });

  it.each([
    { width: 320, signedIn: false },
    { width: 320, signedIn: true },
    { width: 375, signedIn: false },
    { width: 375, signedIn: true },
    // A tablet upright and on its side: the links go in the menu until the row has room for them.
    { width: 768, signedIn: false },
    { width: 768, signedIn: true },
    { width: 1024, signedIn: false },
    { width: 1024, signedIn: true },
    { width: 1280, signedIn: false },
    { width: 1280, signedIn: true },
  ])(
    'shows a search box at $width px (signed in: $signedIn) with what it is for whole, not cut',
    async ({ width, signedIn }) => {
      const page = await storefrontAt(browser, width, signedIn);
      const hint = await searchHint(page);
      expect(hint.twice).toBe(false);
      expect(hint.fits, `"${hint.text}" in ${hint.room} px`).toBe(true);
      // The whole placeholder wherever it fits, a shorter hint only where it would be cut.
      if (hint.fullFits) expect(hint.text).toBe(SEARCH_PLACEHOLDER);
      // Room to see what is typed: a word of about seven letters.
      expect(hint.room).toBeGreaterThanOrEqual(48);
      // Nothing in the header is pushed off the screen, so the page never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await saveScreenshot(page, `header-${width}-${signedIn ? 'signed-in' : 'signed-out'}`, { fullPage: false });
      await page.context().close();
    },
  );
});
