import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { putFiles } from '../db/stored-files';
import { FILE_SANDBOX_POLICY } from './security.plugin';
import { insertMedicine } from '../features/medicines/medicines.fixtures';
import { createTestContext, type TestContext } from '../test/test-app';
import { getOver, requestCount, sameParts } from '../test/over-http';
import { createTestUser } from '../test/test-users';

/** An admin adds a medicine and deletes it again: the catalogue has changed. */
async function changeCatalogue(ctx: TestContext) {
  const admin = await createTestUser(ctx, { role: 'admin' });
  const medicine = await insertMedicine(ctx);
  const deleted = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/medicines/delete-medicine/${medicine.id}`,
    headers: admin.headers,
  });
  expect(deleted.statusCode).toBe(200);
}

describe('static client and uploads', () => {
  let ctx: TestContext;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Apotheca</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    ctx = await createTestContext({ clientDistDir: dist, clientRendererFile: path.join(dist, 'no-renderer.js') });
    await putFiles(ctx.database.db, [
      { path: '/uploads/medicines/x-card.webp', contentType: 'image/webp', body: Buffer.from('webp') },
    ]);
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/medicines', '/medicines/123', '/admin/orders/5', '/no/such/page'])(
    'serves index.html at %s, revalidated on every visit',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Apotheca</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed build assets with immutable caching', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('serves uploads with long-lived immutable caching and an ETag', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/uploads/medicines/x-card.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('webp');
    expect(response.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('serves an upload, opened on its own, as a sandboxed document of its declared type', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/uploads/medicines/x-card.webp' });
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(FILE_SANDBOX_POLICY);
  });

  it('answers a missing upload, build asset or API path with JSON 404s, not the SPA', async () => {
    for (const url of [
      '/uploads/medicines/none.webp',
      '/uploads/%00',
      '/uploads/medicines/a%00.webp',
      '/api/unknown',
      '/assets/index-gone.js',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toHaveProperty('message');
    }
  });

  // Uploads live in the database; the build folder is the one on disk, so traversal is tried there.
  it.each(['/assets/..%2f..%2f..%2f..%2fetc%2fpasswd', '/assets/../../../../etc/passwd', '/..%2f..%2fetc%2fpasswd'])(
    'never serves a file outside the build folder: %s',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('root:');
      expect(response.statusCode).not.toBe(500);
    },
  );
});

describe('server-rendered pages', () => {
  let ctx: TestContext;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-dist-'));
  // A stand-in for client/dist-ssr/entry-server.js with the same export: it renders what the API answers.
  const renderer = `
    let renders = 0;
    export async function renderPage(template, url, fetch) {
      renders += 1;
      if (url.startsWith('/broken')) throw new Error('render failed');
      if (url.startsWith('/nowhere')) {
        const html = template.replace('<div id="root"></div>', '<div id="root">Page Not Found, render ' + renders + '</div>');
        return { status: 404, html };
      }
      const id = url.match(/^\\/medicines\\/([^/?]+)$/)?.[1];
      const path = id ? '/api/medicines/' + id : url.split('?')[0] === '/medicines' ? '/api/medicines?limit=1' : null;
      if (!path) return null;
      const response = await fetch('http://apotheca.internal' + path);
      const body = await response.json();
      const text = (id ? body.message : 'total ' + body.total) + ', render ' + renders;
      return { status: response.status, html: template.replace('<div id="root"></div>', '<div id="root">' + text + '</div>') };
    }
    // Keys as the client's: one for every unknown path, the path otherwise; /cart is the browser's alone.
    export function pageKey(url) {
      const path = url.split('?')[0];
      if (path.startsWith('/nowhere')) return { key: '404', showsCatalogue: false };
      return path === '/cart' ? null : { key: path, showsCatalogue: true };
    }`;
  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Apotheca</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'entry-server.js'), renderer);
    ctx = await createTestContext({ clientDistDir: dist, clientRendererFile: path.join(dist, 'entry-server.js') });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('renders a page with the answers of its own API, revalidated on every visit', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/medicines' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toMatch(/<div id="root">total 0, render \d+<\/div>/);
  });

  it('keeps a rendered page until the catalogue changes', async () => {
    const renderOf = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/medicines' })).body.match(/total (\d+), render (\d+)/)!.slice(1);
    const [total, render] = await renderOf();
    expect(await renderOf()).toEqual([total, render]);

    await changeCatalogue(ctx);
    expect(await renderOf()).toEqual([total, String(Number(render) + 1)]);
  });

  it("renders one 'Page Not Found' for every unknown path, once, whatever the catalogue does", async () => {
    const notFound = async (url: string) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      return response.body.match(/Page Not Found, render (\d+)/)![1];
    };
    const render = await notFound('/nowhere/a');
    expect(await notFound('/nowhere/b?fresh=1')).toBe(render);
    await changeCatalogue(ctx);
    expect(await notFound('/nowhere/c')).toBe(render);
  });

  it('keeps one page for every URL with the same key, such as the query in another order', async () => {
    const renderOf = async (url: string) =>
      (await ctx.app.inject({ method: 'GET', url })).body.match(/total (\d+), render (\d+)/)![2]!;
    // On PostgreSQL an earlier test's catalogue change may still be on its way (NOTIFY): wait until it has landed.
    let kept = '';
    await vi.waitFor(async () => {
      kept = await renderOf('/medicines?a=1&b=2');
      expect(await renderOf('/medicines?a=1&b=2')).toBe(kept);
    });
    expect(await renderOf('/medicines?b=2&a=1')).toBe(kept);
  });

  it('compresses a page that is not kept as well', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/medicines/00000000-0000-4000-8000-000000000000',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(404);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('Medicine not found');
  });

  it('answers with the status of the API answer the page shows', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/medicines/00000000-0000-4000-8000-000000000000' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatch(/<div id="root">Medicine not found, render \d+<\/div>/);
  });

  it('compresses a rendered page for a browser that accepts it', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/medicines',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('total 0');
  });

  it.each(['/cart', '/broken'])('serves the bare index.html at %s, rendered in the browser alone', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('a kept page fetched again over HTTP', () => {
  let ctx: TestContext;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-dist-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Apotheca</title><div id="root"></div>');
    fs.writeFileSync(
      path.join(dist, 'entry-server.js'),
      `let renders = 0;
      export async function renderPage(template, url) {
        renders += 1;
        return { status: 200, html: template.replace('<div id="root"></div>', '<div id="root">render ' + renders + '</div>') };
      }
      export const pageKey = (url) => ({ key: url.split('?')[0], showsCatalogue: true });`,
    );
    ctx = await createTestContext({ clientDistDir: dist, clientRendererFile: path.join(dist, 'entry-server.js') });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const renderOf = (answer: { body: Buffer }) =>
    zlib
      .brotliDecompressSync(answer.body)
      .toString()
      .match(/render (\d+)/)![1];

  it('is the same answer every time, headers included, until the catalogue changes', async () => {
    const brotli = { 'accept-encoding': 'gzip, br' };
    // On PostgreSQL an earlier catalogue change may still be on its way (NOTIFY): wait until it has landed.
    let first = await getOver(ctx.app, '/medicines', brotli);
    await vi.waitFor(async () => {
      first = await getOver(ctx.app, '/medicines', brotli);
      expect(sameParts(await getOver(ctx.app, '/medicines', brotli))).toEqual(sameParts(first));
    });
    expect(first.status).toBe(200);
    expect(first.headers).toMatchObject({
      'content-encoding': 'br',
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      'content-type': 'text/html; charset=utf-8',
    });
    expect(first.headers['content-security-policy']).toContain("default-src 'self'");
    // Each counted once, in the series Fastify's answer was counted in.
    const counted = await requestCount(ctx.app, 'unmatched');
    for (let i = 0; i < 3; i++)
      expect(sameParts(await getOver(ctx.app, '/medicines', brotli))).toEqual(sameParts(first));
    expect(await requestCount(ctx.app, 'unmatched')).toBe(counted + 3);
    // A browser that accepts no compression gets the page as it is.
    const plain = await getOver(ctx.app, '/medicines');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain(`render ${renderOf(first)}`);

    await changeCatalogue(ctx);
    expect(Number(renderOf(await getOver(ctx.app, '/medicines', brotli)))).toBeGreaterThan(Number(renderOf(first)));
  });
});
