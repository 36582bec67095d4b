import { CANNOT_REACH_SHOP_MESSAGE, CONTACT_SERVICE_UNREACHABLE_MESSAGE, PATHS } from '@apotheca/contract';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser';
import { startProduct } from './support/product-server';
import { toast, toastTexts } from './support/shop';

async function fillValidForm(page: Page) {
  await page.getByLabel('Name').fill('Ann Shopper');
  await page.getByLabel('Email').fill('ann@example.com');
  await page.getByLabel('Subject').fill('Question about my order');
  await page.getByLabel('Message').fill('When will my order 42 arrive');
}

/** A stand-in for the third-party form service: keeps each multipart body and answers like one. */
async function startFormService(answer: { status: number; body: object }) {
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString());
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/submit`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the contact form in chromium', () => {
  const browser = useBrowser();
  it('checks the fields, then sends the message to the API', async () => {
    const page = await openPage(browser, PATHS.contact);
    await page.getByRole('link', { name: 'support@apotheca.test' }).waitFor();
    expect(await page.getByRole('img', { name: 'Facebook' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Name is required.').waitFor();
    await page.getByLabel('Name').fill('Ann Shopper!');
    await page.getByText('Name should not contain special characters.').waitFor();
    await fillValidForm(page);
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

  it('posts to the third-party service with its access key when one is configured, and shows its message', async () => {
    const service = await startFormService({ status: 400, body: { success: false, message: 'Spam suspected' } });
    const product = await startProduct(() => ({ CONTACT_FORM_URL: service.url, CONTACT_ACCESS_KEY: 'key-123' }));
    try {
      const context = await browser.newContext({ baseURL: product.baseUrl });
      const page = await context.newPage();
      await page.goto(PATHS.contact);
      await fillValidForm(page);
      await page.getByRole('button', { name: 'Send message' }).click();
      await toast(page, 'Spam suspected');
      expect(service.bodies).toHaveLength(1);
      expect(service.bodies[0]).toContain('name="access_key"\r\n\r\nkey-123');
      expect(service.bodies[0]).toContain('name="subject"\r\n\r\nQuestion about my order');

      // The service does not answer at all: the toast blames it, not the shop.
      await page.route(service.url, (route) => route.abort());
      await page.getByRole('button', { name: 'Send message' }).click();
      await toast(page, CONTACT_SERVICE_UNREACHABLE_MESSAGE);
      expect(await toastTexts(page)).not.toContain(CANNOT_REACH_SHOP_MESSAGE);
      await context.close();
    } finally {
      await product.stop();
      await service.close();
    }
  });
});
