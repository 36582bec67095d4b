import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { Spinner } from './spinner';

type QueryState<Data> = { data: Data | undefined; isLoading: boolean; isFetching: boolean; error: unknown };

type Props<Data> = {
  /** The list query's state, as RTK Query gives it. */
  state: QueryState<Data>;
  loadingLabel: string;
  /** What the loaded answer shows when it lists nothing, or false when it lists something. */
  empty: (data: Data) => ReactNode;
  children: (data: Data) => ReactNode;
};

/**
 * A list the server pages and searches, in the state of its query: a spinner while it first loads,
 * its error, its empty notice, or its rows (dimmed while another page or search is on its way).
 */
export function QueryList<Data>({
  state: { data, isLoading, isFetching, error },
  loadingLabel,
  empty,
  children,
}: Props<Data>) {
  if (isLoading) return <Spinner label={loadingLabel} />;
  if (error || data === undefined) return <LoadError error={error} />;
  const emptyNotice = empty(data);
  if (emptyNotice) return emptyNotice;
  return <div className={`flex flex-col gap-4 ${isFetching ? 'opacity-60' : ''}`}>{children(data)}</div>;
}

/** What an empty staff list says, in the frame of the table it stands for. */
export function EmptyNotice({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-muted">{children}</p>;
}
