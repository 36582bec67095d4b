import { cataloguePath, isPriceRange, PATHS } from '@apotheca/contract';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
// The web-streams build, not Node's: Node's keeps its request in an AsyncLocalStorage, and on Node 20
// the first render then turns on async hooks for the rest of the process's life, which taxes every
// promise of every later request (a cached catalogue answer's CPU time rose by a tenth). These pages
// use nothing that needs that storage (no React cache, no preloads across awaits).
import { prerender } from 'react-dom/static.edge';
import { matchPath, matchRoutes, StaticRouter, type Params } from 'react-router';
import { AppProviders } from './app/app-providers';
import { AppRoutes, routes } from './app/router';
import { MAIN_NAV_LINKS } from './app/layouts/main-layout';
import { pageTitle } from './app/layouts/page-focus.hook';
import { createStore, type AppStore } from './app/store';
import { filtersFromSearch, listQueryOf } from './features/medicines/catalogue-filters';
import { medicinesApi } from './features/medicines/medicines.api';
import { api, SERVER_STATE_ELEMENT_ID, type ServerTransport } from './lib/api';
import { metaDescription } from './lib/meta-description';

type Prefetch = (store: AppStore, params: Params, search: URLSearchParams) => void;
/** What a page says of itself to a search engine or a link preview, from the answers it shows; none keeps the shop's. */
type Description = (store: AppStore, params: Params) => string | undefined;

/**
 * The public pages the server renders, with the API answers each one shows. They are the pages a
 * visitor lands on, and show nothing of a session; any other page is rendered in the browser alone.
 * The arguments are the ones each page's own hooks ask for, so hydration finds them in the cache.
 */
const SERVER_RENDERED: { path: string; prefetch?: Prefetch; description?: Description }[] = [
  { path: PATHS.home, prefetch: (store) => void store.dispatch(medicinesApi.endpoints.listMedicines.initiate()) },
  {
    path: PATHS.medicines,
    prefetch: (store, _params, search) => {
      const filters = filtersFromSearch(search);
      // The page asks for no list of a price range that holds no price (it says so at the price fields).
      if (isPriceRange(filters.minPrice, filters.maxPrice))
        void store.dispatch(medicinesApi.endpoints.listMedicines.initiate(listQueryOf(filters)));
    },
  },
  {
    path: PATHS.medicine,
    prefetch: (store, { id = '' }) => {
      void store.dispatch(medicinesApi.endpoints.getMedicine.initiate(id));
      void store.dispatch(medicinesApi.endpoints.getSubstitutes.initiate(id));
    },
    description: (store, { id = '' }) =>
      medicinesApi.endpoints.getMedicine.select(id)(store.getState()).data?.medicine.description,
  },
  { path: PATHS.about },
  // Its form is disabled until hydrated (features/auth/login-form.tsx), so no password leaves natively.
  { path: PATHS.login },
];

/** The template's empty mount point, which the rendered page fills. */
const ROOT_ELEMENT = '<div id="root"></div>';
/**
 * The template's notice that a page needs JavaScript, for the pages the browser renders alone. A
 * rendered page works without JavaScript and says beside each control that needs it, so it drops
 * the notice.
 */
const PAGE_NEEDS_SCRIPT = /\s*<noscript id="page-needs-script">[\s\S]*?<\/noscript>/;
// Any origin will do: the server answers these requests itself, without a network.
const SERVER_ORIGIN = 'http://apotheca.internal';

const TITLE_ELEMENT = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION_ELEMENT = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;

/**
 * The text of the page's main heading, as the browser reads it (its textContent) to name the page once
 * the app has loaded (app/layouts/page-focus.hook.ts): its tags and React's markers dropped, its entities
 * left as they are, which a title element reads as the browser does.
 */
function headingOf(markup: string): string | undefined {
  const main = markup.indexOf('<main');
  const heading = main === -1 ? null : /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(markup.slice(main));
  const text = heading?.[1]!
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text || undefined;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A server-rendered page of `pathname`, with its route's params, if it is one. */
function serverRenderedPage(pathname: string) {
  return SERVER_RENDERED.map((entry) => ({ entry, match: matchPath(entry.path, pathname) })).find(
    ({ match }) => match !== null,
  );
}

/** A path only the catch-all route takes: 'Page Not Found', answered with a 404. */
const isUnknownPath = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';

/** Where the server keeps a rendered page: every URL that renders the same HTML has the same key. */
export type PageKey = { key: string; showsCatalogue: boolean };

/**
 * The key of `url`'s rendered page (server/src/plugins/static-client.plugin.ts), or null for a page
 * the browser renders alone. The catalogue reads nothing of its query but the filters, so the order of
 * the parameters, defaults and unknown ones make no new page; every unknown path shows one 'Page Not
 * Found', which differs only in the navigation link it falls under.
 */
export function pageKey(url: string): PageKey | null {
  const { pathname, search } = new URL(`${SERVER_ORIGIN}${url}`);
  const page = serverRenderedPage(pathname);
  if (page) {
    const showsCatalogue = page.entry.prefetch !== undefined;
    if (page.entry.path !== PATHS.medicines) return { key: pathname, showsCatalogue };
    const filters = Object.entries(filtersFromSearch(new URLSearchParams(search))).map(([k, v]) => [k, String(v)]);
    return { key: cataloguePath(new URLSearchParams(filters)), showsCatalogue };
  }
  if (!isUnknownPath(pathname)) return null;
  const under = MAIN_NAV_LINKS.find(({ to }) => matchPath({ path: to, end: false }, pathname));
  return { key: `404 ${under?.to ?? ''}`, showsCatalogue: false };
}

/** A fetch that the server answers itself (server/src/plugins/page-renderer.ts). */
type ServerFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
export type RenderedPage = { status: number; html: string };

/**
 * Renders `url` into the client's index.html, or answers null for a page the browser renders alone
 * and for an API failure other than a 4xx, which the browser then retries on its own.
 */
export async function renderPage(template: string, url: string, fetch: ServerFetch): Promise<RenderedPage | null> {
  // Appended, not resolved: a path such as '//host/medicines' stays a path, as the browser's router reads it.
  const { pathname, search } = new URL(`${SERVER_ORIGIN}${url}`);
  const page = serverRenderedPage(pathname);
  const unknownPath = !page && isUnknownPath(pathname);
  if (!page && !unknownPath) return null;

  const transport: ServerTransport = { baseQuery: fetchBaseQuery({ baseUrl: `${SERVER_ORIGIN}/api`, fetchFn: fetch }) };
  const store = createStore(transport);
  try {
    page?.entry.prefetch?.(store, page.match!.params, new URLSearchParams(search));
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    const statuses = Object.values(store.getState().api.queries).map((query) =>
      query?.error && 'status' in query.error ? query.error.status : 200,
    );
    const failed = statuses.find((status) => status !== 200);
    if (failed !== undefined && !(typeof failed === 'number' && failed >= 400 && failed < 500)) return null;

    const { prelude } = await prerender(
      <AppProviders store={store}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>,
      // Boundaries stay inline however large: an outlined one is completed by an inline script, which the
      // strict CSP forbids.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const markup = await new Response(prelude).text();
    // '<' escaped, so no answer can close the script element early.
    const state = JSON.stringify(store.getState()[api.reducerPath]).replace(/</g, '\\u003c');
    // The page is named in the HTML sent, as the app names it once loaded: without JavaScript, or before it
    // has run, a tab, a bookmark, a search result and a screen reader otherwise had the shop's generic title.
    // Part of the kept page: a medicine's page is rendered again when the catalogue changes, title too.
    const heading = headingOf(markup);
    // Stored text of any length, cut to what a search result shows (lib/meta-description.ts).
    const stored = page?.entry.description?.(store, page.match!.params);
    const description = stored === undefined ? undefined : metaDescription(stored);
    // A replacer function, so a '$'', '$`' or '$&' in stored text is inserted as it is, never expanded.
    const html = template
      .replace(TITLE_ELEMENT, (title) => (heading ? `<title>${pageTitle(heading)}</title>` : title))
      .replace(DESCRIPTION_ELEMENT, (meta) =>
        description ? `<meta name="description" content="${escapeAttribute(description)}" />` : meta,
      )
      .replace(PAGE_NEEDS_SCRIPT, '')
      .replace(
        ROOT_ELEMENT,
        () =>
          `<div id="root">${markup}</div><script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${state}</script>`,
      );
    return { status: failed ?? (unknownPath ? 404 : 200), html };
  } finally {
    // Cancels the cache's clean-up timers, so nothing of this page outlives the request.
    store.dispatch(api.util.resetApiState());
  }
}
