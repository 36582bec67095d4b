import { PATHS } from '@apotheca/contract';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, useBrowser } from './support/browser';

describe('the built product in chromium', () => {
  const browser = useBrowser();
  it('serves the storefront at / with no console errors', async () => {
    const page = await newPage(browser);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(PATHS.home);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Apotheca' }).first().isVisible()).resolves.toBe(true);
    expect(await page.textContent('footer')).toContain('All rights reserved.');
    expect(errors).toEqual([]);
  });

  it('answers an unknown path with a 404 that shows Page Not Found and a link home', async () => {
    const page = await newPage(browser);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByRole('link', { name: /home/i }).click();
    await page.waitForURL(`${baseUrl()}/`);
  });
});
