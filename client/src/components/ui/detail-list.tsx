import { Fragment, type ReactNode } from 'react';

export type DetailRow = readonly [label: string, value: ReactNode];

/**
 * Label–value pairs as a definition list: compact rows inside a card, or tiles on a page of their
 * own. Values wrap rather than truncate: a maker's full name matters more than even card heights.
 */
export function DetailList({
  rows,
  variant = 'compact',
}: {
  rows: readonly DetailRow[];
  variant?: 'compact' | 'tiles';
}) {
  if (variant === 'tiles') {
    return (
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
            <dd className="mt-1 font-medium text-ink wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt className="text-muted">{label}</dt>
          <dd className="text-ink wrap-break-word">{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
