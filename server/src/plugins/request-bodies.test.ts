import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { addressesResponseSchema, COMPRESSED_BODY_MESSAGE } from '@apotheca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOME_ADDRESS } from '../features/addresses/addresses.fixtures';
import { multipart, pngImage } from '../features/medicines/medicines.fixtures';
import { useTestContext } from '../test/test-context';
import { createTestUser } from '../test/test-users';

// What a call's body may be, said in the one error shape and in the shop's words, never a parser's.

const ctx = useTestContext();
let headers: { authorization?: string };
beforeAll(async () => {
  headers = (await createTestUser(ctx)).headers;
});

const send = (url: string, payload: string, contentType: string, method: 'POST' | 'DELETE' = 'POST') =>
  ctx.app.inject({ method, url, headers: { ...headers, 'content-type': contentType }, payload });
const savedAddresses = async () =>
  addressesResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/addresses', headers })).json())
    .addresses;

describe("a call's body", () => {
  it('must be a JSON object where the call takes one: an array, a string, a number or null is refused (400)', async () => {
    for (const payload of ['[]', '"an address"', '12', 'null', 'true']) {
      const response = await send('/api/addresses', payload, 'application/json');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'The request body must be a JSON object.' });
    }
    expect(await savedAddresses()).toEqual([]);
  });

  it('that is not JSON, or is cut short, is refused (400) in words of the shop', async () => {
    for (const payload of ['{"name": "Ada"', 'name=Ada', '']) {
      const response = await send('/api/addresses', payload, 'application/json');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: payload === '' ? 'The request body must be a JSON object.' : 'The request body is not valid JSON.',
      });
    }
    expect(await savedAddresses()).toEqual([]);
  });

  it('sent as text or as a form where the call takes JSON is refused as the wrong media type (415)', async () => {
    for (const [payload, contentType] of [
      [JSON.stringify(HOME_ADDRESS), 'text/plain'],
      ['name=Ada', 'application/x-www-form-urlencoded'],
      ['<address/>', 'application/xml'],
    ] as const) {
      const response = await send('/api/addresses', payload, contentType);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        message:
          'The request body must be JSON (application/json), or a form (multipart/form-data) where a file is sent.',
      });
    }
    expect(await savedAddresses()).toEqual([]);
  });

  it('sent compressed (any Content-Encoding) is refused as the wrong media type (415): the shop reads bodies as sent', async () => {
    const json = Buffer.from(JSON.stringify(HOME_ADDRESS));
    for (const [encoding, payload] of [
      ['gzip', gzipSync(json)],
      ['deflate', deflateSync(json)],
      ['br', brotliCompressSync(json)],
      // A body marked compressed is refused whatever its bytes: the shop does not guess.
      ['gzip', json],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/addresses',
        headers: { ...headers, 'content-type': 'application/json', 'content-encoding': encoding },
        payload,
      });
      expect(response.statusCode, encoding).toBe(415);
      expect(response.json()).toEqual({ message: COMPRESSED_BODY_MESSAGE });
    }
    expect(await savedAddresses()).toEqual([]);
  });

  it('of a form with a file, sent compressed, is refused (415) the same way', async () => {
    const form = await multipart(
      {},
      { field: 'file', content: await pngImage(), filename: 'rx.png', type: 'image/png' },
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/prescriptions',
      headers: { ...headers, ...form.headers, 'content-encoding': 'gzip' },
      payload: gzipSync(form.payload),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: COMPRESSED_BODY_MESSAGE });
  });

  it('marked compressed on a GET, which the shop reads no body of, leaves the answer as it is', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/addresses',
      headers: { ...headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(Buffer.from('{}')),
    });
    expect(response.statusCode).toBe(200);
    expect(addressesResponseSchema.parse(response.json()).addresses).toEqual([]);
  });

  it('marked with the identity Content-Encoding, which is none, is read as any other', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: { ...headers, 'content-type': 'application/json', 'content-encoding': 'identity' },
      payload: JSON.stringify(HOME_ADDRESS),
    });
    expect(response.statusCode).toBe(201);
    const [address] = await savedAddresses();
    await send(`/api/addresses/${address!._id}`, '', 'application/json', 'DELETE');
  });

  it('may be empty, with a JSON content type, on a call that takes no body', async () => {
    const saved = await send('/api/addresses', JSON.stringify(HOME_ADDRESS), 'application/json');
    expect(saved.statusCode).toBe(201);
    const [address] = await savedAddresses();
    const removed = await send(`/api/addresses/${address!._id}`, '', 'application/json', 'DELETE');
    expect(removed.statusCode).toBe(200);
    expect(await savedAddresses()).toEqual([]);
  });

  it('past the size the shop takes is refused (413) in its words', async () => {
    const response = await send(
      '/api/addresses',
      JSON.stringify({ ...HOME_ADDRESS, line2: 'x'.repeat(2_000_000) }),
      'application/json',
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('with a field of the wrong kind is refused (400) in words that name the field, not the parser', async () => {
    const cases: [method: 'POST' | 'PATCH' | 'PUT', url: string, body: object, field: string, message: string][] = [
      [
        'POST',
        '/api/addresses',
        { ...HOME_ADDRESS, isDefault: 'yes' },
        'isDefault',
        'isDefault must be true or false.',
      ],
      ['POST', '/api/addresses', { ...HOME_ADDRESS, line2: 5 }, 'line2', 'Address line 2 must be text.'],
      [
        'POST',
        '/api/auth/login',
        { email: 'ada@example.com', password: 'x', remember: 1 },
        'remember',
        'remember must be true or false.',
      ],
      [
        'POST',
        '/api/orders/add-order',
        { payment: 'card' },
        'payment',
        'payment must be an object of cardholderName, cardNumber, expiry and cvv.',
      ],
      ['POST', '/api/orders/add-order', { saveAddress: 'no' }, 'saveAddress', 'saveAddress must be true or false.'],
      [
        'POST',
        '/api/orders/add-order',
        { address: [] },
        'address',
        'address must be an object of name, phone, line1, line2, city, postalCode and country.',
      ],
    ];
    for (const [method, url, body, field, message] of cases) {
      const response = await ctx.app.inject({ method, url, headers, payload: body });
      expect(response.statusCode, `${url} ${field}`).toBe(400);
      expect(response.json().errors?.[field], `${url} ${field}`).toBe(message);
    }
    expect(await savedAddresses()).toEqual([]);
  });
});
