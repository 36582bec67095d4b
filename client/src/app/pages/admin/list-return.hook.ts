import { useLocation } from 'react-router';

/**
 * What a staff list's row link carries to the screen it opens: the list's own query (its page, search
 * and filter, kept in the URL), so that the screen's way back, and a review's return to the queue,
 * find the list as it was left rather than its first page, unfiltered.
 */
export function useListLinkState() {
  const { search } = useLocation();
  return { listSearch: search };
}

/** `listPath` with the query of the list this screen was opened from, when it was opened from it. */
export function useListReturn(listPath: string) {
  const { state } = useLocation() as { state: { listSearch?: unknown } | null };
  return typeof state?.listSearch === 'string' ? `${listPath}${state.listSearch}` : listPath;
}
