import zlib from 'node:zlib';
import { ROLE } from '@apotheca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { createTestUser } from '../test/test-users';
import { COMPRESS_FROM_BYTES } from './answer-encoding';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createTestUser>>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createTestUser(ctx, { role: ROLE.admin });
  // A list of users long enough to be compressed.
  for (let i = 0; i < 12; i++) await createTestUser(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const usersList = (acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/auth/get-all-users',
    headers: { ...admin.headers, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });

describe("a staff list's answer", () => {
  it('comes in the encoding the browser prefers, and reads as the same answer once decoded', async () => {
    const plain = await usersList();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);

    const brotli = await usersList('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe(plain.headers['content-type']);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await usersList('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('goes as it is to a browser that accepts no encoding the shop offers', async () => {
    const answer = await usersList('identity, deflate');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json()).toEqual((await usersList()).json());
  });
});

describe('a short answer', () => {
  it('goes as it is, even to a browser that accepts compression: it would gain less than the encoding costs', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { ...admin.headers, 'accept-encoding': 'br, gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json()).toMatchObject({ user: { _id: admin.user.id } });
  });
});
