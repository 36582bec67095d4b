import net, { type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ROLE } from '@apotheca/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPg } from '../db/client';
import { startDatabaseProxy } from '../test/database-proxy';
import { useTestContext } from '../test/test-context';
import { useTestUsers } from '../test/test-users';
import errorsPlugin, { CLIENT_ABORT_LOG, EXPECTATION_FAILED, HOST_REQUIRED } from './errors.plugin';

const ctx = useTestContext();

describe('the one error handler', () => {
  // A route of its own, with no input rule: what a new field without its control-character rule would meet.
  const app = Fastify();
  afterAll(() => app.close());

  it('answers a NUL byte that reaches PostgreSQL, in text or in jsonb, with 400 in the one error shape', async () => {
    await app.register(errorsPlugin);
    app.post<{ Body: { note: string; as: 'text' | 'jsonb' } }>('/store', async ({ body }) => {
      const value = body.as === 'text' ? sql`${body.note}::text` : sql`${JSON.stringify(body)}::jsonb`;
      await ctx.database.db.execute(sql`select ${value}`);
      return { stored: true };
    });
    for (const payload of [
      { note: 'a\u0000b', as: 'text' },
      { note: '\u0000', as: 'jsonb' },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/store', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Text must not contain control characters.' });
    }
    const stored = await app.inject({ method: 'POST', url: '/store', payload: { note: 'fine', as: 'jsonb' } });
    expect(stored.json()).toEqual({ stored: true });
  });

  it('answers a request whose database is down 503 in the one error shape, as the health check does', async () => {
    // A PostgreSQL that nothing listens for: what a stopped server or a killed embedded one leaves.
    const down = openPg('postgres://postgres@127.0.0.1:1/apotheca', { poolSize: 1 });
    const reading = Fastify();
    try {
      await reading.register(errorsPlugin);
      reading.get('/read', async () => down.db.execute(sql`select 1`));
      const response = await reading.inject({ method: 'GET', url: '/read' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'The database is not answering.' });
    } finally {
      await reading.close();
      await down.close();
    }
  });

  it('answers 503 too when the connection is cut in mid-query, but 500 to an error of ours that reads the same', async () => {
    const proxy = await startDatabaseProxy(inject('testDatabase').serverUrl);
    const cutOff = openPg(proxy.url, { poolSize: 1 });
    const reading = Fastify({ logger: false });
    try {
      await reading.register(errorsPlugin);
      reading.get('/read', async () => {
        await cutOff.db.execute(sql`select 1`);
        const waiting = cutOff.db.execute(sql`select pg_sleep(30)`);
        proxy.cut();
        return waiting;
      });
      reading.get('/ours', () => Promise.reject(new TypeError('Connection terminated unexpectedly')));
      const response = await reading.inject({ method: 'GET', url: '/read' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'The database is not answering.' });
      expect((await reading.inject({ method: 'GET', url: '/ours' })).statusCode).toBe(500);
    } finally {
      await reading.close();
      await cutOff.close();
      await proxy.close();
    }
  });
});

describe('a client that goes away before its request is read', () => {
  it('is logged at info as a client abort, not as an unreachable database or a server failure', async () => {
    const lines: { level: number; msg: string; reqId?: string }[] = [];
    let logged: () => void = () => {};
    const outcome = new Promise<void>((resolve) => (logged = resolve));
    const stream = {
      write(line: string) {
        const entry = JSON.parse(line) as { level: number; msg: string; reqId?: string };
        lines.push(entry);
        if (entry.reqId !== undefined && entry.msg !== 'incoming request') logged();
      },
    };
    const app = Fastify({ logger: { level: 'info', stream } });
    let received: () => void = () => {};
    const reading = new Promise<void>((resolve) => (received = resolve));
    try {
      await app.register(errorsPlugin);
      app.addHook('preParsing', (_request, _reply, payload, done) => {
        received();
        done(null, payload);
      });
      app.post('/echo', ({ body }) => body);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const socket = net.connect((app.server.address() as AddressInfo).port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(
        'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      );
      await reading;
      // Reset, as a browser tab closed or a phone that lost its network mid-upload does.
      socket.resetAndDestroy();
      await outcome;
      const told = lines.filter(({ msg, reqId }) => reqId !== undefined && msg !== 'incoming request');
      expect(told).toEqual([{ ...told[0], level: 30, msg: CLIENT_ABORT_LOG }]);
    } finally {
      await app.close();
    }
  });
});

/** A multipart body of the given parts, each a field's headers and content, as a client may write it. */
function formOf(parts: { name: string; filename?: string; type?: string; content: string }[]) {
  const boundary = 'x-form-boundary';
  let payload = '';
  for (const part of parts) {
    payload += `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename) payload += `; filename="${part.filename}"`;
    payload += `\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n${part.content}\r\n`;
  }
  return { payload: `${payload}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('what Fastify and its form parser refuse, in the shop’s words', () => {
  const { admin } = useTestUsers(ctx, { admin: ROLE.admin });
  const file = { name: 'file', filename: 'a.csv', type: 'text/csv', content: 'name\n' };

  it.each(['/api/medicines/%', '/api/medicines/%C3%28'])(
    'answers a path that is no URL, %s, without repeating it',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'The address of this request is not a valid URL.' });
      expect(response.headers['content-security-policy']).toBe(ctx.app.securityHeaders['content-security-policy']);
    },
  );

  it('answers a refusal of another part of Fastify in its status, never in its words', async () => {
    const parts = Fastify();
    try {
      await parts.register(errorsPlugin);
      parts.get('/refused', () => {
        throw Object.assign(new Error('reach some internal limit'), { code: 'FST_SOME_LIMIT', statusCode: 413 });
      });
      const response = await parts.inject({ method: 'GET', url: '/refused' });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'The request could not be read.' });
    } finally {
      await parts.close();
    }
  });

  it.each([
    [
      'two files where one is taken',
      '/api/medicines/import',
      [file, file],
      413,
      'The form has more fields or files than this call takes.',
    ],
    [
      'a field where only the file is taken',
      '/api/prescriptions',
      [{ name: 'note', content: 'x' }, file],
      413,
      'The form has more fields or files than this call takes.',
    ],
    [
      'a field named __proto__',
      '/api/medicines/add-medicine',
      [{ name: '__proto__', content: 'x' }],
      400,
      'The form could not be read.',
    ],
    [
      'a field declared JSON that is not',
      '/api/medicines/import',
      [{ name: 'x', type: 'application/json', content: '{' }, file],
      400,
      'The form could not be read.',
    ],
  ])('answers a form with %s in the one error shape', async (_case, url, parts, status, message) => {
    const { payload, contentType } = formOf(parts);
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...admin, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
  });
});

/** Bytes written straight to the server, and everything it writes back before it closes the connection. */
function rawExchange(
  app: FastifyInstance,
  bytes: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('a request the HTTP parser refuses before any route', () => {
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it.each([
    ['a header line without a colon', 'GET /api/medicines HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400],
    ['no request line at all', 'GARBAGE\r\n\r\n', 400],
    [
      'headers past the 16 KB limit',
      `GET /api/auth/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    ['a CONNECT, which this server tunnels nowhere', 'CONNECT evil.test:443 HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['an HTTP/1.1 request that names no Host', 'GET /api/medicines HTTP/1.1\r\n\r\n', 400, HOST_REQUIRED.message],
    [
      'an Expect header the server does not meet',
      'POST /api/addresses HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Length: 0\r\n\r\n',
      417,
      EXPECTATION_FAILED.message,
    ],
  ])(
    'answers %s in the one error shape, not the framework’s, with the security headers',
    async (_case, bytes, status, message?: string) => {
      const answer = await rawExchange(ctx.app, bytes);
      expect(answer.status).toBe(status);
      expect(Object.keys(JSON.parse(answer.body) as object)).toEqual(['message']);
      if (message) expect(JSON.parse(answer.body)).toEqual({ message });
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      // Every answer carries them, this one written before Fastify sees the request too.
      expect(Object.keys(ctx.app.securityHeaders)).toContain('content-security-policy');
      for (const [name, value] of Object.entries(ctx.app.securityHeaders))
        expect(answer.headers[name], name).toBe(value);
    },
  );
});
