import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { getFile } from '../db/stored-files';
import { HttpError } from '../http-error';
import { compress, encodingFor, type Encoding } from './answer-encoding';
import { loadPageRenderer, type RenderedPage } from './page-renderer';
import type { ReadyAnswer } from './ready-answers';
import { FILE_SANDBOX_POLICY } from './security.plugin';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Rendered pages kept; the least recently used goes first, so odd query strings cannot grow memory. */
const MAX_KEPT_PAGES = 200;

/** URLs whose kept page is remembered for the ready answers; the least recently used goes first. */
const MAX_READY_URLS = 1000;

const HTML_TYPE = 'text/html; charset=utf-8';

type KeptPage = Page & { key: string; generation: number | null };

type Page = RenderedPage & {
  encoded: Map<Encoding, Promise<Buffer>>;
  kept: boolean;
  /** A kept page's ready answer per encoding, once it is compressed (docs/decisions/0078). */
  ready: Map<Encoding, ReadyAnswer>;
};

/** The headers of a page's answer beside its status and the security headers, through Fastify or ready. */
const pageHeaders = (encoding: Encoding | null): Record<string, string> => ({
  'cache-control': 'no-cache',
  'content-type': HTML_TYPE,
  vary: 'accept-encoding',
  ...(encoding ? { 'content-encoding': encoding } : {}),
});

/**
 * A rendered page in the best encoding the browser accepts, compressed once per page and encoding:
 * requests arriving while it is being compressed wait for that one compression, so a rush on a page
 * costs one compressor's memory and time, not one per request.
 */
async function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  readyAnswer: (page: Page, encoding: Encoding, body: Buffer) => ReadyAnswer | undefined,
) {
  const encoding = encodingFor(request.headers['accept-encoding'] ?? '');
  reply.code(page.status).headers(pageHeaders(encoding));
  if (!encoding) return reply.send(page.html);
  let body = page.encoded.get(encoding);
  if (!body) {
    body = compress(page.html, encoding, page.kept ? 'kept' : 'once');
    page.encoded.set(encoding, body);
    body.then(
      (compressed) => {
        const ready = page.kept && readyAnswer(page, encoding, compressed);
        if (ready) page.ready.set(encoding, ready);
      },
      // A failed compression is not kept: the next request tries again.
      () => page.encoded.delete(encoding),
    );
  }
  return reply.send(await body);
}

const routeNotFound = (request: FastifyRequest) =>
  HttpError.notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);

/**
 * Serves uploaded images under /uploads from the database every instance shares (their paths never
 * change, so they are cached for a year, with an ETag) and the built client at every other non-API
 * path, with index.html as the fallback for the SPA's routes (so a reload of any page works). The public pages a
 * visitor lands on come rendered from the server, so they paint before the JavaScript arrives
 * (docs/decisions/0011).
 */
type Options = {
  clientDistDir: string;
  clientRendererFile: string;
  /** The catalogue's generation (CatalogueCache): a page rendered under an older one is out of date. */
  catalogueGeneration: () => number;
};

export default fp<Options>(
  async (app, { clientDistDir, clientRendererFile, catalogueGeneration }) => {
    app.get<{ Params: { '*': string } }>('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      // PostgreSQL text holds no NUL: such a path names no file, and is not looked up.
      const wanted = request.params['*'];
      const file = wanted.includes('\0') ? undefined : await getFile(app.database.db, `/uploads/${wanted}`);
      if (!file) throw routeNotFound(request);
      // An image from an admin's file or URL: opened on its own, a sandbox, as a prescription's file is.
      reply
        .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
        .header('etag', file.etag)
        .header('content-security-policy', FILE_SANDBOX_POLICY)
        .type(file.contentType);
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
      return reply.send(file.body);
    });

    const indexHtml = path.join(clientDistDir, 'index.html');
    const hasClient = fs.existsSync(indexHtml);
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: clientDistDir,
        prefix: '/',
        wildcard: false,
        index: false,
        // The client build writes .br and .gz copies of its text files (client/vite.config.ts).
        preCompressed: true,
        // Hashed build assets never change; index.html must always be revalidated.
        setHeaders: (res, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
        },
      });
    }
    const renderer = hasClient
      ? await loadPageRenderer(app, clientRendererFile, fs.readFileSync(indexHtml, 'utf8'))
      : null;

    // The rendered pages show nothing but the catalogue, so each is kept, under the key that every URL
    // rendering the same HTML shares, until the catalogue changes; one that shows no catalogue (About,
    // 'Page Not Found') is rendered once.
    const kept = new LRUCache<string, KeptPage>({ max: MAX_KEPT_PAGES });
    /** The kept page still current for its key: not pushed out, and rendered from the catalogue as it is. */
    const current = (page: KeptPage) =>
      kept.get(page.key) === page && (page.generation === null || page.generation === catalogueGeneration());
    // Renders under way, by page key and catalogue generation: a rush on a page not yet kept waits for
    // one render instead of starting one per request.
    const rendering = new Map<string, Promise<KeptPage | null>>();
    const renderOrReuse = (url: string): Promise<KeptPage | null> => {
      const pageKey = renderer?.keyOf(url);
      if (!renderer || !pageKey) return Promise.resolve(null);
      const { key, showsCatalogue } = pageKey;
      const generation = catalogueGeneration();
      const reused = kept.get(key);
      if (reused && current(reused)) return Promise.resolve(reused);
      const flight = `${generation} ${key}`;
      const pending = rendering.get(flight);
      if (pending) return pending;
      const render = (async () => {
        const rendered = await renderer.render(url);
        if (!rendered) return null;
        // A page of the catalogue is kept when found, and rendered from the catalogue as it still is.
        const keep = showsCatalogue ? rendered.status === 200 && catalogueGeneration() === generation : true;
        const page: KeptPage = {
          ...rendered,
          encoded: new Map(),
          ready: new Map(),
          kept: keep,
          key,
          generation: showsCatalogue ? generation : null,
        };
        if (keep) kept.set(key, page);
        return page;
      })().finally(() => rendering.delete(flight));
      rendering.set(flight, render);
      return render;
    };

    // A URL answered with a kept page through Fastify's not-found handler (so no route of Fastify's
    // matches it), and its page: a GET of it gets the page's ready answer while the page is current.
    const readyUrls = new LRUCache<string, KeptPage>({ max: MAX_READY_URLS });
    app.readyAnswers.addFinder((url, acceptEncoding) => {
      const page = readyUrls.get(url);
      if (!page || !current(page)) return undefined;
      const encoding = encodingFor(acceptEncoding);
      return encoding === null ? undefined : page.ready.get(encoding);
    });
    const readyAnswer = (page: Page, encoding: Encoding, body: Buffer) =>
      app.readyAnswers.make(undefined, page.status, pageHeaders(encoding), body);

    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-cache');
      try {
        const page = await renderOrReuse(request.url);
        if (page?.kept) readyUrls.set(request.url, page);
        if (page) return await sendHtml(request, reply, page, readyAnswer);
      } catch (error) {
        // The browser renders the page itself, as it does every page the server does not render. The
        // request's id ties this line to its request line, whose URL is logged without query values.
        request.log.error({ err: error }, 'server-side rendering failed');
      }
      return reply.code(200).sendFile('index.html', clientDistDir);
    };

    app.setNotFoundHandler(async (request, reply) => {
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      // A missing API path, upload or build asset is a 404, never index.html served as a script.
      const isFile = ['/api/', '/uploads/', '/assets/'].some((prefix) => request.url.startsWith(prefix));
      if (isPage && !isFile && request.url !== '/api' && hasClient) return sendPage(request, reply);
      throw routeNotFound(request);
    });
  },
  { name: 'static-client' },
);
