import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyServerFactory } from 'fastify';
import { EXPECTATION_FAILED, HOST_REQUIRED, sendClientError, sendServerRefusal } from './errors.plugin';

/**
 * A whole answer, made once: status, every header Fastify would have sent (the security headers
 * included; Node adds `date`, `connection` and `keep-alive` itself), body, and what counts it in
 * the request metrics.
 */
export type ReadyAnswer = {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /**
   * A small body's bytes as a one-byte string: Node joins a string body to the header block, one
   * chunk fewer in the socket's write than a Buffer; a larger body is cheaper sent as it is than copied.
   */
  readonly sent: Buffer | string;
  readonly counted: (seconds: number) => void;
  /** The 304 for a GET whose If-None-Match names `etag`: the browser's copy is this answer's body. */
  readonly notModified?: { readonly etag: string; readonly answer: ReadyAnswer };
};

const EMPTY = Buffer.alloc(0);

/** A body up to this size is written joined to its header block (ReadyAnswer's `sent`). */
const SMALL_BODY_BYTES = 4096;

/** The ready answer to a GET of `url`, if there is one; `accept-encoding` for the variants that depend on it. */
type AnswerFinder = (url: string, acceptEncoding: string) => ReadyAnswer | undefined;

/** What the answers are made and counted with, and when they must be left to Fastify. */
type Setting = {
  securityHeaders: Readonly<Record<string, string>>;
  /** Counts a GET of `route` (undefined: a URL no route matched) answered `status`, as the metrics hook does. */
  counter: (route: string | undefined, status: number) => (seconds: number) => void;
  /** The overload guard is full: the request goes through Fastify, which answers it 503. */
  overloaded: () => boolean;
  /** Fastify writes a line per request at this level: such a request goes through it, and is logged. */
  logsRequests: () => boolean;
};

/**
 * The answers that are the same bytes for every GET of a URL until the catalogue changes (a cached
 * catalogue read, a kept server-rendered page), written to the socket before Fastify routes the
 * request (docs/decisions/0078). Fastify's fixed work for a request (router, query parsing, request
 * and reply objects, hook runners, reply headers, the response's listeners) was most of what such an
 * answer cost above a bare `node:http` server. A URL is answered here only after Fastify answered it
 * once through its route (so it passed validation, its hooks and its route's checks), with the headers
 * that answer had, and is counted in the same metrics series. Anything else is Fastify's: another
 * method, a request with a body, a URL without a ready answer, an instance that is closing or full,
 * and every request while request lines are logged.
 */
export class ReadyAnswers {
  readonly #finders: AnswerFinder[] = [];
  #setting: Setting | undefined;
  #closing = false;

  /** Starts answering, with the app's security headers, metrics and guards. */
  open(setting: Setting): void {
    this.#setting = setting;
  }

  /** From now on every request is Fastify's, which refuses new ones while the app closes. */
  close(): void {
    this.#closing = true;
  }

  addFinder(finder: AnswerFinder): void {
    this.#finders.push(finder);
  }

  /**
   * A ready answer of `route` (its pattern, the metrics label; undefined for a URL no route matched);
   * undefined before `open`. With `headers.etag` and `revalidated`, a GET naming that ETag in
   * If-None-Match is answered 304 with the same headers and no body.
   */
  make(
    route: string | undefined,
    status: number,
    headers: Record<string, string>,
    body: Buffer,
    revalidated = false,
  ): ReadyAnswer | undefined {
    const setting = this.#setting;
    if (!setting) return undefined;
    const { etag, 'content-type': _type, 'content-encoding': _encoding, ...notModifiedHeaders } = headers;
    return {
      status,
      headers: { ...setting.securityHeaders, ...headers, 'content-length': String(body.length) },
      body,
      sent: body.length <= SMALL_BODY_BYTES ? body.toString('latin1') : body,
      counted: setting.counter(route, status),
      notModified:
        revalidated && etag !== undefined
          ? {
              etag,
              // A 304 has no body, so nothing to describe: it refreshes what the browser kept (ETag, caching).
              answer: {
                status: 304,
                headers: { ...setting.securityHeaders, ...notModifiedHeaders, etag },
                body: EMPTY,
                sent: '',
                counted: setting.counter(route, 304),
              },
            }
          : undefined,
    };
  }

  /** Answers `request` if it has a ready answer and nothing asks for Fastify; false otherwise. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const setting = this.#setting;
    if (!setting || this.#closing || request.method !== 'GET') return false;
    const { headers } = request;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const url = request.url ?? '';
    const acceptEncoding = headers['accept-encoding'] ?? '';
    let ready: ReadyAnswer | undefined;
    for (let i = 0; i < this.#finders.length && !ready; i++) ready = this.#finders[i]!(url, acceptEncoding);
    if (!ready || setting.overloaded() || setting.logsRequests()) return false;
    if (ready.notModified && headers['if-none-match'] === ready.notModified.etag) ready = ready.notModified.answer;
    const started = performance.now();
    response.writeHead(ready.status, ready.headers);
    response.end(ready.sent, 'latin1');
    ready.counted((performance.now() - started) / 1000);
    return true;
  }
}

/**
 * Fastify's server factory for `answers`: the HTTP/1 server Fastify would make itself, with its
 * timeouts, whose requests go to `answers` first and to Fastify when it has none.
 */
export function answeringServer(
  answers: ReadyAnswers,
  securityHeaders: () => Readonly<Record<string, string>>,
): FastifyServerFactory {
  return (handler, options) => {
    // What Fastify reads from its options when it makes the server itself, defaults applied.
    const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } = options as {
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket: number | null;
    };
    // Node would answer a request without Host itself, with no body: it is refused here in the one error shape.
    const server = http.createServer(
      { ...(options.http as http.ServerOptions | undefined), requireHostHeader: false },
      (request, response) => {
        if (request.httpVersion === '1.1' && !request.headers.host)
          sendServerRefusal(response, HOST_REQUIRED, securityHeaders());
        else if (!answers.answer(request, response)) handler(request, response);
      },
    );
    // Without a listener Node closes a CONNECT's socket unanswered: this server tunnels nowhere, and says so.
    server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
      // The socket is destroyed with the refusal's own error, which no one else listens for.
      socket.on('error', () => undefined);
      sendClientError(new Error('CONNECT is not served'), socket as Socket, securityHeaders());
    });
    // Without a listener Node answers an Expect it does not meet 417 with no body; the same, in the one error shape.
    server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) =>
      sendServerRefusal(response, EXPECTATION_FAILED, securityHeaders()),
    );
    server.keepAliveTimeout = keepAliveTimeout;
    server.requestTimeout = requestTimeout;
    server.setTimeout(connectionTimeout);
    if (maxRequestsPerSocket) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
}
