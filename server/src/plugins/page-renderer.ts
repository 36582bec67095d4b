import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';

export type RenderedPage = { status: number; html: string };
/** Every URL that renders the same HTML has the same key; a page that shows no catalogue never goes stale. */
export type PageKey = { key: string; showsCatalogue: boolean };
type PageRenderer = {
  /** Renders a page of the client into its index.html, or answers null for a page the browser renders alone. */
  render(url: string): Promise<RenderedPage | null>;
  /** The key under which the page of `url` may be kept, or null for a page the browser renders alone. */
  keyOf(url: string): PageKey | null;
};

/**
 * URLs whose page key is remembered; the least recently used goes first, so odd query strings cannot
 * grow memory.
 */
const MAX_REMEMBERED_KEYS = 1000;

/** What client/src/entry-server.tsx exports, built to client/dist-ssr by `vite build --ssr`. */
type RendererModule = {
  renderPage: (template: string, url: string, fetch: typeof globalThis.fetch) => Promise<RenderedPage | null>;
  pageKey: (url: string) => PageKey | null;
};

/**
 * Loads the client's server-side renderer, if it was built, and gives it a fetch that the app answers
 * itself through `inject`: the page shows the very answers its API would send, with no network hop.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  rendererFile: string,
  template: string,
): Promise<PageRenderer | null> {
  if (!fs.existsSync(rendererFile)) return null;
  const { renderPage, pageKey } = (await import(pathToFileURL(rendererFile).href)) as RendererModule;

  const fetchFromApp: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const { pathname, search } = new URL(request.url);
    const response = await app.inject({
      method: request.method,
      url: pathname + search,
      headers: Object.fromEntries(request.headers),
    });
    const contentType = response.headers['content-type'];
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: contentType ? { 'content-type': String(contentType) } : {},
    });
  };

  // Working a key out matches the URL against every page's route, compiling each pattern anew: a
  // fifth of a kept page's CPU time. A URL's key never changes, so it is worked out once.
  const keys = new LRUCache<string, { key: PageKey | null }>({ max: MAX_REMEMBERED_KEYS });
  const keyOf = (url: string) => {
    let remembered = keys.get(url);
    if (!remembered) keys.set(url, (remembered = { key: pageKey(url) }));
    return remembered.key;
  };
  return { render: (url) => renderPage(template, url, fetchFromApp), keyOf };
}
