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

/** The count of a series of the request-duration histogram, as a scrape writes it. */
export async function requestCount(app: FastifyInstance, route: string, status = 200): Promise<number> {
  const text = await app.metrics.registry.metrics();
  const line = text
    .split('\n')
    .find((l) =>
      l.startsWith(
        `apotheca_http_request_duration_seconds_count{method="GET",route="${route}",status_code="${status}"}`,
      ),
    );
  return Number(line?.split(' ')[1] ?? 0);
}
