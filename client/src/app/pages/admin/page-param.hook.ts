import { useSearchParams } from 'react-router';

/**
 * The list page kept in the URL (?page=N), so a reload, a shared link or coming back from a detail
 * screen shows the same page; page 1 keeps the URL clean.
 */
export function usePageParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(searchParams.get('page'))) || 1);
  const setPage = (next: number) => setSearchParams(next > 1 ? { page: String(next) } : {});
  return [page, setPage] as const;
}
