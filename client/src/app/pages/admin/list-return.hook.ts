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

/**
 * What a link to an order carries from a screen that is not that order's list (a recall's): that
 * screen as it was left, and its title, so that the order's way back leads there rather than to the
 * orders list, and staff working through its orders one by one stay where they work.
 */
export function useReturnLinkState(title: string) {
  const { pathname, search } = useLocation();
  return { returnTo: `${pathname}${search}`, returnTitle: title };
}

type LinkState = { listSearch?: unknown; returnTo?: unknown; returnTitle?: unknown } | null;

/** `listPath` with the query of the list this screen was opened from, when it was opened from it. */
export function useListReturn(listPath: string) {
  const { state } = useLocation() as { state: LinkState };
  return typeof state?.listSearch === 'string' ? `${listPath}${state.listSearch}` : listPath;
}

/**
 * A screen's way back: to the screen that opened it, when that one said so (useReturnLinkState), or
 * else to `back`'s list as it was left.
 */
export function useBackLink(back: { to: string; label: string }) {
  const { state } = useLocation() as { state: LinkState };
  const list = useListReturn(back.to);
  return typeof state?.returnTo === 'string' && typeof state.returnTitle === 'string'
    ? { to: state.returnTo, label: state.returnTitle }
    : { to: list, label: back.label };
}
