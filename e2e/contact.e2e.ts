import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { toast } from './support/shop';

describe('the contact form in chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('checks the fields, then sends the message to the API', async () => {
    const page = await newPage(browser);
    await page.goto('/contact');
    await page.getByRole('link', { name: 'support@apotheca.test' }).waitFor();
    expect(await page.getByRole('img', { name: 'Facebook' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Name is required.').waitFor();
    await page.getByLabel('Name').fill('Ann Shopper!');
    await page.getByText('Name should not contain special characters.').waitFor();
    await page.getByLabel('Name').fill('Ann Shopper');
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByLabel('Subject').fill('Question about my order');
    await page.getByLabel('Message').fill(Array.from({ length: 101 }, () => 'word').join(' '));
    await page.getByText('Message must be 100 words or less.').waitFor();
    await page.getByLabel('Message').fill('When will my order 42 arrive');
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await sent).status()).toBe(201);
    await toast(page, 'Form Submitted Successfully!');
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    await page.context().close();
  });
});
