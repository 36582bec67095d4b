import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useNumberParam } from '../../../lib/number-param.hook';

/**
 * The list page kept in the URL (?page=N), so a reload, a shared link or coming back from a detail
 * screen shows the same page; page 1 keeps the URL clean. The list's other parameters (its search,
 * its filter) stay as they are.
 */
export const usePageParam = () => useNumberParam<number>('page', 1);

/**
 * The number of pages of a list of `total` rows (1 for an empty one). A page past the end, from an
 * old link or after the last rows were deleted meanwhile, shows an empty list and no pager to leave
 * it by: once the list's own answer is in (not another page's or search's, while `fetching`), the
 * URL's page becomes the last one, in place of the page that does not exist. `param` names a page
 * kept beside the list's own (a report above the list).
 */
export function usePageCount(total: number | undefined, pageSize: number, fetching: boolean, param = 'page'): number {
  const [page, setPage] = useNumberParam<number>(param, 1);
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  const pastTheEnd = total !== undefined && !fetching && page > pageCount;
  useEffect(() => {
    if (pastTheEnd) setPage(pageCount, { replace: true });
  }, [pastTheEnd, pageCount, setPage]);
  return pageCount;
}

/**
 * A list's search or filter kept in the URL (?q=…, ?status=…); setting it goes back to page 1, since
 * the old page number counts rows of another list. An empty value leaves the URL clean.
 */
export function useListParam(name: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get(name) ?? '';
  const setValue = (next: string) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.delete('page');
      if (next.trim()) params.set(name, next.trim());
      else params.delete(name);
      return params;
    });
  return [value, setValue] as const;
}
