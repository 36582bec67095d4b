import type { ReactNode } from 'react';

export type DataTableColumn = { label: string; align?: 'left' | 'right' };

const ALIGN = { left: 'text-left', right: 'text-right tabular-nums' } as const;

/** Classes of a body cell; numbers are right-aligned with tabular figures so their digits line up. */
export const cellClasses = (align: DataTableColumn['align'] = 'left') =>
  `whitespace-nowrap px-3 py-2 align-middle ${ALIGN[align]}`;

/**
 * A dense table for work screens: column headers with scope, a caption for screen readers, and a
 * frame that scrolls sideways on narrow screens instead of squeezing the columns.
 */
export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly DataTableColumn[];
  children: ReactNode;
}) {
  return (
    // The frame is focusable so keyboard users can scroll it when it overflows (axe: scrollable-region-focusable).
    <div tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`whitespace-nowrap px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted ${ALIGN[column.align ?? 'left']}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 [&>tr:hover]:bg-slate-50">{children}</tbody>
      </table>
    </div>
  );
}
