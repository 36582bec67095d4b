import { useSearchParams } from 'react-router';

/**
 * A report's choice kept in the address (?days=60, ?expiringPage=2), as the staff lists keep theirs:
 * a medicine opened from a report and then Back, a reload or a shared link show the report as it was
 * left. `fallback` leaves the address clean; a value that is not one of `allowed` (when given) or not
 * a whole number from 1 reads as `fallback`. Setting it can clear other choices it makes meaningless
 * (a new window's page), and `replace` corrects the address without a step in the history.
 */
export function useReportParam<T extends number>(name: string, fallback: T, allowed?: readonly T[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const read = Math.floor(Number(searchParams.get(name)));
  const value = (allowed ? allowed.includes(read as T) : read >= 1) ? (read as T) : fallback;
  const setValue = (next: T, { clear = [], replace = false }: { clear?: string[]; replace?: boolean } = {}) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === fallback) params.delete(name);
        else params.set(name, String(next));
        for (const other of clear) params.delete(other);
        return params;
      },
      { replace },
    );
  return [value, setValue] as const;
}
