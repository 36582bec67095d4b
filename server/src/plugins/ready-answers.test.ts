import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../app';
import { insertMedicine } from '../features/medicines/medicines.fixtures';
import { CATALOGUE_ANSWER } from './answer-caching.plugin';
import { getOver, requestCount, sameParts } from '../test/over-http';
import { createTestContext, type TestContext } from '../test/test-app';
import { createTestUser } from '../test/test-users';

describe('the catalogue read again over HTTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is served by a server with the timeouts Fastify would give its own', () => {
    expect(ctx.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(ctx.app.server.timeout).toBe(CONNECTION_TIMEOUT_MS);
    expect(ctx.app.server.keepAliveTimeout).toBe(ctx.app.initialConfig.keepAliveTimeout);
  });

  it('answers every GET of a medicine and a list with the same status, headers and body, each counted once', async () => {
    const medicine = await insertMedicine(ctx);
    for (const [url, route] of [
      [`/api/medicines/${medicine.id}`, '/api/medicines/:id'],
      ['/api/medicines?sort=price_asc&limit=6', '/api/medicines'],
    ] as const) {
      const before = await requestCount(ctx.app, route);
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(sameParts(await getOver(ctx.app, url)));
      expect(answers[0]!.status).toBe(200);
      expect(answers[0]!.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answers[0]!.headers['content-type']).toBe('application/json; charset=utf-8');
      for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
      expect(await requestCount(ctx.app, route)).toBe(before + 4);
    }
  });

  it('answers from the catalogue as it is after a write', async () => {
    const medicine = await insertMedicine(ctx);
    const url = `/api/medicines/${medicine.id}`;
    await getOver(ctx.app, url);
    expect((await getOver(ctx.app, url)).status).toBe(200);
    const admin = await createTestUser(ctx, { role: 'admin' });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/medicines/delete-medicine/${medicine.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const gone = await getOver(ctx.app, url);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body.toString())).toEqual({ message: expect.any(String) });
  });

  it('sends a list compressed to a browser that accepts it, the same JSON once decoded, through its route and ready alike', async () => {
    await insertMedicine(ctx);
    const url = '/api/medicines?sort=price_desc&limit=40';
    const plain = await getOver(ctx.app, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    for (const [acceptEncoding, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        const answer = await getOver(ctx.app, url, { 'accept-encoding': acceptEncoding });
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding'], acceptEncoding).toBe(encoding);
        expect(answer.headers['cache-control']).toBe(CATALOGUE_ANSWER);
        expect(answer.headers.etag).toBe(plain.headers.etag);
        expect(answer.body.length).toBeLessThan(plain.body.length / 2);
        expect(decode(answer.body).toString()).toBe(plain.body.toString());
      }
    }
  });

  it('answers 304 without a body to a browser that holds the list as it is, and the new list once it changed', async () => {
    await insertMedicine(ctx);
    const url = '/api/medicines?sort=price_asc&limit=5';
    const first = await getOver(ctx.app, url);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);
    const before = await requestCount(ctx.app, '/api/medicines', 304);
    // Before routing for the encoding already sent, through the route for one not yet made.
    for (const acceptEncoding of ['identity', 'identity', 'gzip']) {
      const again = await getOver(ctx.app, url, { 'if-none-match': etag, 'accept-encoding': acceptEncoding });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(CATALOGUE_ANSWER);
    }
    expect(await requestCount(ctx.app, '/api/medicines', 304)).toBe(before + 3);
    const [cheapest] = (JSON.parse(first.body.toString()) as { medicines: { _id: string }[] }).medicines;
    const admin = await createTestUser(ctx, { role: 'admin' });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/medicines/delete-medicine/${cheapest!._id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const changed = await getOver(ctx.app, url, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.toString()).not.toContain(cheapest!._id);
  });

  it('answers a medicine in full even to a browser that names its ETag, which names its version, not its stock', async () => {
    const medicine = await insertMedicine(ctx, { stock: 7 });
    const url = `/api/medicines/${medicine.id}`;
    const first = await getOver(ctx.app, url);
    const again = await getOver(ctx.app, url, { 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body.toString())).toMatchObject({ stock: 7 });
  });

  it('validates a query it has not answered before', async () => {
    const response = await getOver(ctx.app, '/api/medicines?limit=-3');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body.toString())).toMatchObject({ errors: { limit: expect.any(String) } });
  });
});

describe('the catalogue read again while requests are logged', () => {
  const lines: string[] = [];
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('writes the lines of every request', async () => {
    const medicine = await insertMedicine(ctx);
    const url = `/api/medicines/${medicine.id}`;
    for (let i = 0; i < 3; i++) expect((await getOver(ctx.app, url)).status).toBe(200);
    const logged = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url: string } });
    expect(logged.filter((line) => line.msg === 'incoming request' && line.req?.url === url)).toHaveLength(3);
    expect(logged.filter((line) => line.msg === 'request completed')).toHaveLength(3);
  });
});
