import { CATALOGUE_PAGE_SIZE, cataloguePath, medicinePath, PATHS, type Cart } from '@apotheca/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './support/browser';
import {
  addToCart,
  api,
  createShopper,
  listMedicines,
  logInContext,
  medicinesInStock,
  PASSWORD,
  toast,
} from './support/shop';

const cards = (page: Page) => page.locator('article');
const query = (page: Page) => new URL(page.url()).searchParams;
const pageCountOf = (total: number) => Math.ceil(total / 6);

/** The app's module (what boot.ts loads) is held back until `release()`: the page stays as the server sent it. */
async function holdTheApp(context: BrowserContext) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** index.html's notice while a page the browser renders alone waits for the app. */
const PAGE_LOADING = 'Loading the page…';

/** The colour a control is filled with, as the eye sees it once its colour transition is over. */
const backgroundOf = (control: Locator) =>
  control.evaluate(async (element) => {
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
    return getComputedStyle(element).backgroundColor;
  });

const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
/** The 1 kB boot module that keeps early taps has run (lib/early-input.ts); the app has not. */
const keepingTaps = (page: Page) => page.locator('html[data-early-input]').waitFor({ state: 'attached' });

describe('the storefront with JavaScript off', () => {
  const browser = useBrowser();
  const noScript = () => browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });

  it('pages through the catalogue with Next and Previous', async () => {
    const { total } = await listMedicines();
    const context = await noScript();
    const page = await context.newPage();
    await page.goto(PATHS.medicines);
    await page.getByText(`Page 1 of ${pageCountOf(total)}`).waitFor();
    expect(await page.getByRole('link', { name: 'Previous', exact: true }).isDisabled()).toBe(true);
    const first = await cards(page).first().locator('h3').textContent();

    await page.getByRole('link', { name: 'Next', exact: true }).click();
    await page.getByText(`Page 2 of ${pageCountOf(total)}`).waitFor();
    expect(query(page).get('page')).toBe('2');
    expect(await cards(page).first().locator('h3').textContent()).not.toBe(first);

    await page.getByRole('link', { name: 'Previous', exact: true }).click();
    await page.getByText(`Page 1 of ${pageCountOf(total)}`).waitFor();
    expect(await cards(page).first().locator('h3').textContent()).toBe(first);
    await context.close();
  });

  it('filters by category and sorts through the form, from page 1', async () => {
    const { medicines } = await listMedicines('category=Antibiotic&limit=100');
    const context = await noScript();
    const page = await context.newPage();
    await page.goto(cataloguePath({ page: 2 }));
    await page.getByLabel('Category').selectOption('Antibiotic');
    await page.getByLabel('Sort by').selectOption('price_desc');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/category=Antibiotic/);
    expect(query(page).get('sort')).toBe('price_desc');
    expect(query(page).get('page')).toBeNull();
    await page.getByText(`Page 1 of ${pageCountOf(medicines.length)}`).waitFor();
    expect(await page.getByLabel('Category').inputValue()).toBe('Antibiotic');
    for (const category of await cards(page).locator('dd:nth-of-type(2)').allTextContents()) {
      expect(category).toBe('Antibiotic');
    }
    const mostExpensive = [...medicines].sort((a, b) => b.price - a.price)[0]!;
    expect(await cards(page).first().locator('h3').textContent()).toBe(mostExpensive.name);
    await context.close();
  });

  it("shows the banner's first slide without the arrows and dots that need JavaScript to move it", async () => {
    const context = await noScript();
    const page = await context.newPage();
    await page.goto(PATHS.medicines);
    const banner = page.getByRole('region', { name: 'Highlights' });
    await banner.getByRole('group', { name: '1 of 3' }).waitFor();
    for (const name of ['Previous slide', 'Next slide', 'Go to slide 1']) {
      expect(await banner.getByRole('button', { name }).isVisible(), name).toBe(false);
    }
    await context.close();
  });

  it('says beside the login fields and under Add to cart that they need JavaScript', async () => {
    const context = await noScript();
    const page = await context.newPage();
    await page.goto(PATHS.login);
    // Playwright's text matching skips <noscript>, so its line is found by its place.
    const why = page.locator('form noscript > p');
    expect(await why.isVisible()).toBe(true);
    expect(await why.textContent()).toBe(
      'Logging in needs JavaScript, which is off in this browser: your session is kept by it.',
    );
    expect(await page.getByLabel('Email').isDisabled()).toBe(true);
    await page.goto(PATHS.medicines);
    const card = cards(page)
      .filter({ has: page.getByRole('button', { name: 'Add to cart' }) })
      .first();
    const underButton = card.locator('noscript > p');
    expect(await underButton.isVisible()).toBe(true);
    expect(await underButton.textContent()).toBe('Adding to the cart needs JavaScript, which is off in this browser.');
    await context.close();
  });

  it('shows the same header as the app, Login/Sign Up to the login page included', async () => {
    /** The header's links a user sees: each one's name and where it leads. */
    const headerLinks = async (page: Page) => {
      const seen: [string, string | null][] = [];
      for (const link of await page.getByRole('navigation', { name: 'Main' }).getByRole('link').all()) {
        if (!(await link.isVisible())) continue;
        const name = (await link.getAttribute('aria-label')) ?? (await link.innerText()).trim();
        seen.push([name, await link.getAttribute('href')]);
      }
      return seen;
    };
    const viewport = { width: 1280, height: 800 };
    const withoutScript = await browser.newContext({ baseURL: baseUrl(), viewport, javaScriptEnabled: false });
    const page = await withoutScript.newPage();
    await page.goto(PATHS.home);
    const links = await headerLinks(page);
    expect(links).toEqual(
      expect.arrayContaining([
        ['Medicines', PATHS.medicines],
        ['Cart', PATHS.cart],
        ['Contact', PATHS.contact],
        ['Orders', PATHS.orders],
        ['About', PATHS.about],
        ['Login/Sign Up', PATHS.login],
      ]),
    );
    const withScript = await browser.newContext({ baseURL: baseUrl(), viewport });
    const hydrated = await withScript.newPage();
    await hydrated.goto(PATHS.home);
    expect(await headerLinks(hydrated)).toEqual(links);

    await page.getByRole('link', { name: 'Login/Sign Up' }).click();
    await page.waitForURL(`${baseUrl()}${PATHS.login}`);
    await Promise.all([withoutScript.close(), withScript.close()]);
  });

  it('lays the menu out on a phone, where its button needs JavaScript, and hides the button', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 375, height: 740 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(PATHS.medicines);
    const menu = page.getByRole('navigation', { name: 'Menu' });
    for (const [name, path] of [
      ['Medicines', PATHS.medicines],
      ['Cart', PATHS.cart],
      ['Orders', PATHS.orders],
      ['Login/Sign Up', PATHS.login],
    ] as const) {
      const link = menu.getByRole('link', { name, exact: true });
      expect(await link.isVisible(), name).toBe(true);
      expect(await link.getAttribute('href')).toBe(path);
    }
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await menu.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.waitForURL(`${baseUrl()}${PATHS.orders}`);
    await context.close();
  });

  it('says on a page the browser renders alone that it needs JavaScript, and leads to the catalogue', async () => {
    const context = await noScript();
    const page = await context.newPage();
    const notice = page.locator('noscript#page-needs-script');
    for (const path of [PATHS.contact, PATHS.register, PATHS.cart]) {
      await page.goto(path);
      expect((await notice.locator('p').nth(1).textContent())?.trim()).toBe(
        'This page needs JavaScript, which is off in this browser.',
      );
      expect(await notice.isVisible()).toBe(true);
      // The notice of a page still loading is for a browser that runs the app.
      expect(await page.getByText(PAGE_LOADING).isVisible()).toBe(false);
    }
    await notice.getByRole('link', { name: 'browse medicines' }).click();
    await page.getByRole('heading', { level: 1, name: 'Medicines' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(PATHS.medicines);
    // The server's pages say beside each control what needs it, so they carry no page-wide notice.
    expect(await notice.count()).toBe(0);
    await context.close();
  });

  it('opens a medicine and goes back to the catalogue', async () => {
    const context = await noScript();
    const page = await context.newPage();
    await page.goto(cataloguePath({ page: 2 }));
    const name = (await cards(page).first().locator('h3').textContent())!;
    await cards(page).first().getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${PATHS.medicines}/`));

    await page.getByRole('link', { name: '← Back to medicines' }).click();
    await page.getByRole('heading', { level: 1, name: 'Medicines' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(PATHS.medicines);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.goBack();
    await page.getByText('Page 2 of').waitFor();
    await context.close();
  });
});

describe('the storefront before its app has hydrated', () => {
  const browser = useBrowser();

  it('loses none of a Next, a category change and an Add to cart made before hydration', async () => {
    const { total } = await listMedicines();
    const antibiotics = await listMedicines('category=Antibiotic&limit=100');
    const shopper = await createShopper();
    const page = await browser.newPage({ baseURL: baseUrl() });
    await logInContext(page.context(), shopper);
    const release = await holdTheApp(page.context());

    await page.goto(PATHS.medicines);
    await page.getByRole('link', { name: 'Next', exact: true }).click();
    await page.getByText(`Page 2 of ${pageCountOf(total)}`).waitFor();

    await page.getByLabel('Category').selectOption('Antibiotic');
    await page.waitForURL(/category=Antibiotic/);
    await page.getByText(`Page 1 of ${pageCountOf(antibiotics.total)}`).waitFor();
    await keepingTaps(page);

    const card = cards(page)
      .filter({ has: page.getByRole('button', { name: 'Add to cart' }) })
      .first();
    const name = (await card.locator('h3').textContent())!;
    const addButton = card.getByRole('button', { name: 'Add to cart' });
    // Under the pointer, as a tap leaves it, before and after.
    await addButton.hover();
    const untapped = await backgroundOf(addButton);
    await addButton.click();
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    // The tap is seen to be taken: the button waits, greyed as a button busy with its request is, until
    // the app carries it out; one that shows no change reads as a tap that did nothing.
    expect(await backgroundOf(addButton)).not.toBe(untapped);

    release();
    await hydrated(page);
    await toast(page, 'Item added to cart');
    await card.getByText('In cart · Quantity: 1').waitFor();
    const { cart } = await api<{ cart: Cart | null }>('/cart', {}, shopper.token);
    expect(cart?.items.map((item) => item.medicineId.name)).toEqual([name]);
    expect(await page.getByLabel('Category').inputValue()).toBe('Antibiotic');
    await page.context().close();
  });

  it('takes the login typed and sent before hydration, and logs in once the app is there', async () => {
    const shopper = await createShopper();
    const page = await browser.newPage({ baseURL: baseUrl() });
    const release = await holdTheApp(page.context());
    await page.goto(PATHS.login);
    await keepingTaps(page);

    // The fields look ready, so a patient on a slow connection types and sends while the app is on its way.
    await page.getByLabel('Email').fill(shopper.user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    // Nothing left natively: no password in the address bar.
    expect(page.url()).toBe(`${baseUrl()}${PATHS.login}`);

    release();
    await hydrated(page);
    await toast(page, 'Logged-in successfully');
    await page.waitForURL(`${baseUrl()}${PATHS.home}`);
    await page.context().close();
  });

  it('keeps words typed in the header search box before hydration, with their suggestions', async () => {
    const page = await browser.newPage({ baseURL: baseUrl() });
    const release = await holdTheApp(page.context());
    await page.goto(PATHS.home);
    const box = page.getByRole('combobox', { name: 'Search medicines' });
    await box.pressSequentially('ibuprfen');
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);

    release();
    await hydrated(page);
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await suggestions.first().waitFor();
    expect(await suggestions.first().textContent()).toContain('Ibuprofen');
    expect(await box.inputValue()).toBe('ibuprfen');
    await box.press('Escape');
    await box.press('Enter');
    await page.waitForURL(/\/medicines\?q=ibuprfen$/);
    await page.getByText(/Results for “ibuprfen”/).waitFor();
    await page.context().close();
  });

  it('shows the placeholder for an image that fails before hydration, at the same size', async () => {
    const [medicine] = await medicinesInStock(1);
    const page = await browser.newPage({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 } });
    const release = await holdTheApp(page.context());
    await page.route(`**${medicine!.imageUrl.replace(/-detail\.webp$/, '')}*`, (route) => route.abort());
    await page.goto(medicinePath(medicine!._id));
    const image = page.getByRole('img', { name: medicine!.name });
    await page.waitForFunction(
      (alt) =>
        document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`)?.src.endsWith('/art/medicine-placeholder.svg'),
      medicine!.name,
    );
    const before = await image.boundingBox();
    release();
    await hydrated(page);
    expect(await image.getAttribute('src')).toBe('/art/medicine-placeholder.svg');
    // Once the placeholder has loaded (complete), it is drawn: a broken image completes with no width.
    await image.evaluate((img: HTMLImageElement) => img.decode().catch(() => undefined));
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await image.boundingBox()).toEqual(before);
    await page.context().close();
  });
});

describe('a page the browser renders alone, while its app loads', () => {
  const browser = useBrowser();

  it('says the page is loading rather than showing a blank page, until the page is there', async () => {
    const page = await browser.newPage({ baseURL: baseUrl() });
    const release = await holdTheApp(page.context());
    await page.goto(PATHS.register);
    const notice = page.getByRole('status').filter({ hasText: PAGE_LOADING });
    await notice.waitFor();

    release();
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    expect(await notice.isVisible()).toBe(false);
    await page.context().close();
  });
});

describe('a sort chosen while the catalogue loads on a slow phone', () => {
  const browser = useBrowser();

  /**
   * Chooses "Price: low to high" in the page itself, in the first task after React has taken over the
   * select and before the page is marked live: the moment the early-input module still answers for a
   * control that React already owns. False if the page went live first.
   */
  const chooseWhileHydrating = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const select = document.querySelector<HTMLSelectElement>('select[name="sort"]')!;
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            if (document.documentElement.dataset.hydrated) return resolve(false);
            if (!Object.keys(select).some((key) => key.startsWith('__reactProps')))
              return channel.port2.postMessage(null);
            select.value = 'price_asc';
            select.dispatchEvent(new Event('input', { bubbles: true }));
            select.dispatchEvent(new Event('change', { bubbles: true }));
            resolve(true);
          };
          channel.port2.postMessage(null);
        }),
    );

  /** Each moment chooses the sort on its page; true once chosen at that moment. */
  const moments: Record<string, (page: Page) => Promise<boolean>> = {
    'before the app runs': async (page) => {
      await page.getByLabel('Sort by').selectOption('price_asc');
      return true;
    },
    'while the page hydrates': chooseWhileHydrating,
    'once the page is live': async (page) => {
      await hydrated(page);
      await page.getByLabel('Sort by').selectOption('price_asc');
      return true;
    },
  };

  // CPU four times slower and every script held back, as on a slow phone on a slow network. The three
  // delays run side by side: their pages mostly wait for held scripts.
  it.concurrent.for([500, 1000, 2000])(
    'applies "Price: low to high" whenever it is chosen, with scripts delayed by %i ms',
    { timeout: 180_000 },
    async (delay, { expect }) => {
      const sorted = await listMedicines(`sort=price_asc&limit=${CATALOGUE_PAGE_SIZE}`);
      for (const [moment, choose] of Object.entries(moments)) {
        // A page of its own: the harness's pages wait for hydration after goto, and this choice may not.
        const page = await browser.newPage({ baseURL: baseUrl() });
        await page.context().route(/\/assets\/.+\.js$/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, delay));
          await route.continue();
        });
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(PATHS.medicines, { waitUntil: 'commit' });
        await page.getByText(`Page 1 of ${pageCountOf(sorted.total)}`).waitFor();
        expect(await choose(page), moment).toBe(true);

        await page.waitForURL(/sort=price_asc/);
        await hydrated(page);
        await expect.poll(() => page.getByLabel('Sort by').inputValue(), { message: moment }).toBe('price_asc');
        // Once live, the sorted page loads after the URL changes: its cards come a moment later.
        await expect
          .poll(() => cards(page).locator('h3').allTextContents(), { message: moment })
          .toEqual(sorted.medicines.map((medicine) => medicine.name));
        await page.context().close();
      }
    },
  );
});

describe('the catalogue on a small phone', () => {
  const browser = useBrowser();

  it('shows a cart link with its count in the header, outside the menu', async () => {
    const shopper = await createShopper();
    for (const medicine of await medicinesInStock(2)) await addToCart(shopper.token, medicine._id);
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 375, height: 667 } });
    await logInContext(context, shopper);
    const page = await context.newPage();
    await page.goto(PATHS.medicines);
    const cart = page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' });
    await cart.waitFor();
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    await cart.click();
    await page.waitForURL((url) => url.pathname === PATHS.cart);
    await context.close();
  });

  it('shows the first medicine card and its picture without scrolling', async () => {
    const page = await browser.newPage({ baseURL: baseUrl(), viewport: { width: 375, height: 667 } });
    await page.goto(PATHS.medicines);
    const picture = cards(page).first().locator('img');
    await picture.waitFor();
    const box = (await picture.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThanOrEqual(667);
    await page.context().close();
  });
});
