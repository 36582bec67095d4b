import { CANNOT_REACH_SHOP_MESSAGE, cataloguePath, type LoginResponse } from '@apotheca/contract';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { startProduct } from './support/product-server';
import { logInContext, PASSWORD, toast, uniqueEmail } from './support/shop';

// A product of its own, since this test stops its server in the middle of a session.
describe('when the shop stops answering', () => {
  const browser = useBrowser();

  it('says it cannot reach the shop, in a toast and instead of the catalogue page that did not load', async () => {
    const product = await startProduct();
    let stopped: Promise<void> | undefined;
    const stop = () => (stopped ??= product.stop());
    try {
      const post = async <T>(path: string, body: object) =>
        (await (
          await fetch(`${product.baseUrl}/api${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as T;
      const email = uniqueEmail();
      await post('/auth/register', {
        first_name: 'Ann',
        last_name: 'Shopper',
        email,
        password: PASSWORD,
        ph_no: '0123456789',
      });
      const session = await post<LoginResponse>('/auth/login', { email, password: PASSWORD });

      const context = await browser.newContext({ baseURL: product.baseUrl, viewport: { width: 1280, height: 800 } });
      await logInContext(context, session);
      const page = await context.newPage();
      await page.goto(cataloguePath());
      await page.getByText(/^Page 1 of \d+$/).waitFor();
      const cards = page.getByRole('article');
      await cards.first().waitFor();
      // The page has fetched all it asks for on its own (the toaster's code included) before the server goes.
      await page.waitForLoadState('networkidle');
      await stop();

      // Adding to the cart gets no answer: the toast says so, though the toaster had not been shown yet.
      await page.locator('article button:enabled', { hasText: 'Add to cart' }).first().click();
      await toast(page, CANNOT_REACH_SHOP_MESSAGE);

      // "Next" cannot load page 2: the error shows, not page 1's cards under a "Page 2" label.
      await page.getByRole('link', { name: 'Next', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: CANNOT_REACH_SHOP_MESSAGE }).waitFor();
      expect(await cards.count()).toBe(0);
      await context.close();
    } finally {
      await stop();
    }
  });
});
