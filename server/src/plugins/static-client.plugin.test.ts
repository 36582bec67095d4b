import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';

describe('static client and uploads', () => {
  let ctx: TestContext;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Apotheca</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    ctx = await createTestContext({ clientDistDir: dist });
    fs.mkdirSync(path.join(ctx.config.uploadsDir, 'medicines'), { recursive: true });
    fs.writeFileSync(path.join(ctx.config.uploadsDir, 'medicines', 'x-card.webp'), 'webp');
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

  it('serves uploads with long-lived immutable caching', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/uploads/medicines/x-card.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
  });

  it('answers a missing upload, build asset or API path with JSON 404s, not the SPA', async () => {
    for (const url of ['/uploads/medicines/none.webp', '/api/unknown', '/assets/index-gone.js']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('refuses traversal out of the uploads folder', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/uploads/..%2f..%2fetc%2fpasswd' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain('root:');
  });
});
