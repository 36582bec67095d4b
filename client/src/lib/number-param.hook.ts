import { useSearchParams } from 'react-router';

/**
 * A whole number kept in the address (a list's ?page=3, a report's ?days=60 or ?expiringPage=2): a
 * screen opened from it and then Back, a reload or a shared link show it as it was left. `fallback` leaves the address
 * clean; a value that is not one of `allowed` (when given) or not a whole number from 1 reads as `fallback`. Setting it
 * can clear other choices it makes meaningless (a new window's page), and `replace` corrects the address without a step
 * in the history.
 */
export function useNumberParam<T extends number>(name: string, fallback: T, allowed?: readonly T[]) {
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
