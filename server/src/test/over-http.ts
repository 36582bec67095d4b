import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A GET over a real connection: the answers written before routing never pass through `inject`. */
export function getOver(app: FastifyInstance, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** An answer without what differs between two sendings of the same one (the time it was sent). */
export const sameParts = ({ status, headers: { date: _date, ...headers }, body }: Answer) => ({
  status,
  headers,
  body: body.toString('base64'),
});
