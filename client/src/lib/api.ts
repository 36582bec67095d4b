import { createAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
  type QueryReturnValue,
  type TagDescription,
} from '@reduxjs/toolkit/query/react';
import { clearSession, readToken } from './auth-storage';

type ApiBaseQuery = ReturnType<typeof fetchBaseQuery>;

/**
 * What the server-side renderer hands the store as its thunk argument: a base query that answers
 * from the server itself, since a page rendered on the server has no browser origin to fetch from.
 */
export type ServerTransport = { baseQuery: ApiBaseQuery };

/** The element that carries a server-rendered page's API cache (client/src/entry-server.tsx). */
export const SERVER_STATE_ELEMENT_ID = 'server-state';
/** That cache, as the server's store held it, handed over to the browser's store. */
export const serverStateLoaded = createAction<unknown>('ssr/stateLoaded');

/**
 * The server's cache carried by the page, or null when there is none or it does not parse: the
 * browser then renders the page itself rather than stopping before hydration.
 */
export function readServerState(document: Document): unknown {
  const text = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const browserBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers) => {
    const token = readToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/** The session is over: the auth state (features/auth) follows the storage, already cleared. */
export const sessionEnded = createAction('session/ended');

/** Logs the shopper out the way the start-up check does: the stored token and user go. */
export function endSession(dispatch: (action: ReturnType<typeof sessionEnded>) => unknown): void {
  clearSession();
  dispatch(sessionEnded());
}

// Its 401 means a wrong password, not a session that has ended.
const CREDENTIAL_CHECK_ENDPOINT = 'login';

const baseQuery: ApiBaseQuery = async (args, queryApi, extraOptions) => {
  const server = queryApi.extra as ServerTransport | undefined;
  if (server) return server.baseQuery(args, queryApi, extraOptions);
  const withToken = readToken() !== null;
  const result = await browserBaseQuery(args, queryApi, extraOptions);
  // A token the server no longer takes, on any call after start-up, ends the session there and then.
  if (withToken && result.error?.status === 401 && queryApi.endpoint !== CREDENTIAL_CHECK_ENDPOINT)
    endSession(queryApi.dispatch);
  return result;
};

/** What a cached answer is filed under, so that a change re-reads the answers it makes stale. */
const TAG_TYPES = [
  'Me',
  'Users',
  'Medicines',
  'Medicine',
  'Cart',
  'Orders',
  'Order',
  'Prescriptions',
  'Addresses',
  'Batches',
  'Recall',
  'Reports',
] as const;
type ApiTag = (typeof TAG_TYPES)[number];

/**
 * The reads an order's change makes stale besides the orders: checking out takes stock, and a
 * cancellation (by staff, or a rejected prescription) puts it back, as reopening takes it again;
 * the catalogue, each medicine, its batches and the stock and sales reports show it. A recall's page
 * lists the orders that drew from its lot, with their status and whether their units were replaced.
 */
export const STOCK_TAGS = [
  'Medicines',
  'Medicine',
  'Batches',
  'Reports',
  'Recall',
] as const satisfies readonly ApiTag[];

/**
 * The reads one medicine's stock change makes stale: its batches, itself, the catalogue and the
 * reports. A batch change moves its sellable total, and so do the medicine form's stock (an
 * adjustment on its batches) and its deletion; the form's name is also the one the sales report's
 * top medicines show.
 */
export const medicineStockChanged = (medicineId: string) =>
  [{ type: 'Batches', id: medicineId }, { type: 'Medicine', id: medicineId }, 'Medicines', 'Reports'] as const;

/**
 * How a staff screen reads what it shows: anew each time it is opened. Staff work the same orders, stock
 * and users together, so a page kept from an earlier visit may show what someone else has changed since
 * (an order still waiting that another pharmacist has approved). The server refuses an action taken on
 * it, but the screen should not say so in the first place.
 */
export const STAFF_SCREEN_READ = { refetchOnMountOrArgChange: true } as const;

/** A read of the caller's whole list (their cart, orders, addresses…), cached under its tag. */
export const listQuery = (url: string, tag: ApiTag) => ({ query: () => url, providesTags: [tag] });

/**
 * A read of one page of a list the server searches, filters and pages: the page's parameters go in
 * the query string as they are, and the answer is cached under its tag.
 */
export const pagedListQuery = <Params extends Record<string, unknown>>(url: string, tag: ApiTag) => ({
  query: (params: Params) => ({ url, params }),
  providesTags: [tag],
});

/**
 * An API path with values (ids, tokens) put in it: each is encoded, so that it stays one segment of
 * the path whatever characters it holds.
 */
export const apiPath = (parts: TemplateStringsArray, ...segments: string[]) =>
  parts.reduce((path, part, index) => `${path}${encodeURIComponent(segments[index - 1] ?? '')}${part}`);

/** The cached reads a change makes stale. */
type StaleTags = readonly TagDescription<ApiTag>[];

/**
 * A change the server stores: the request its argument makes, and the cached reads it makes stale,
 * which are read again once it succeeds: the same tags for every call, or tags of the argument's own
 * record.
 */
export const change = <Arg>(request: (arg: Arg) => FetchArgs, stale: StaleTags | ((arg: Arg) => StaleTags)) => ({
  query: request,
  invalidatesTags: typeof stale === 'function' ? (_result: unknown, _error: unknown, arg: Arg) => stale(arg) : stale,
});

/**
 * A change shown at once in every cached page of a staff list while it is saved, so a control shows
 * what was chosen on a slow connection, not the old value: `patchPage` changes one page (it dispatches
 * the list's `updateQueryData` for those arguments). A failure puts every page back; a success leaves
 * them until the stale list is read again.
 */
export async function shownWhileSaved<Args>(
  saved: Promise<unknown>,
  cachedPages: readonly Args[],
  patchPage: (args: Args) => { undo: () => void },
): Promise<void> {
  const patches = cachedPages.map(patchPage);
  await saved.catch(() => patches.forEach((patch) => patch.undo()));
}

/**
 * A failure after which the shop may or may not have done the change: no answer came at all, or the
 * load balancer answered 502 or 503 in the shop's place (its own page, or the shop's JSON when it
 * was too busy), as it does when the instance that had the request died.
 */
const UNANSWERED_STATUSES: readonly number[] = [502, 503];
const unanswered = (error: FetchBaseQueryError | undefined) =>
  error !== undefined &&
  (error.status === 'FETCH_ERROR' ||
    UNANSWERED_STATUSES.includes(error.status === 'PARSING_ERROR' ? error.originalStatus : Number(error.status)));

/**
 * A change the server carries out once however often it is sent (it names itself with an
 * Idempotency-Key): sent once more, at once, when it went unanswered, so that the caller learns
 * what happened to it instead of guessing; a second loss is reported as any failure is.
 */
export const resentOnceUnanswered = <Result, Arg>(request: (arg: Arg) => FetchArgs, stale: StaleTags) => ({
  queryFn: async (
    arg: Arg,
    _api: unknown,
    _extraOptions: unknown,
    send: (args: FetchArgs) => ReturnType<ApiBaseQuery>,
  ): Promise<QueryReturnValue<Result, FetchBaseQueryError, FetchBaseQueryMeta>> => {
    const first = await send(request(arg));
    const answer = unanswered(first.error) ? await send(request(arg)) : first;
    return answer.error
      ? { error: answer.error, meta: answer.meta }
      : { data: answer.data as Result, meta: answer.meta };
  },
  invalidatesTags: stale,
});

/**
 * The one API client: every call goes to /api with the bearer token read from browser storage.
 * Features add their endpoints with `api.injectEndpoints`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
  // A server-rendered page's answers are taken over as they are, so hydration renders what the server did.
  // The payload is this API's own slice of the server's store, serialized by the same code.
  extractRehydrationInfo: (action) => (serverStateLoaded.match(action) ? (action.payload as never) : undefined),
});
